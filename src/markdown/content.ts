// An item's `content` (spec §2.3): Markdown to HTML with marked (GitHub flavour; a single
// newline is a line break, since API callers send multiline text), then sanitised: raw HTML
// in the Markdown is reduced to an allowlist of formatting tags without styles or event
// handlers, links keep http(s)/mailto targets only, and images load only http(s) or data:
// URLs, through the resources stage's loader and its rules (spec §4.5).
import { Marked } from 'marked';
import sanitizeHtml from 'sanitize-html';

const marked = new Marked({
  gfm: true,
  breaks: true,
  async: false,
  renderer: {
    // Task list boxes are drawn by the stylesheet, not made form fields: a Markdown document
    // is not a form (and the fonts have no ballot-box glyphs).
    checkbox: ({ checked }) => `<span class="md-box${checked ? ' md-box-checked' : ''}"></span>`,
    listitem(item) {
      return `<li${item.task ? ' class="md-task"' : ''}>${this.parser.parse(item.tokens)}</li>\n`;
    },
  },
});

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [
    'p', 'br', 'hr', 'div', 'span', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'code',
    'ul', 'ol', 'li', 'dl', 'dt', 'dd', 'strong', 'b', 'em', 'i', 'u', 'del', 's', 'strike', 'ins',
    'mark', 'small', 'sub', 'sup', 'kbd', 'abbr', 'a', 'img',
    'table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'caption',
  ],
  allowedAttributes: {
    a: ['href', 'title'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    ol: ['start'],
    th: ['align', 'colspan', 'rowspan'],
    td: ['align', 'colspan', 'rowspan'],
    abbr: ['title'],
  },
  // Only the classes the renderer above writes.
  allowedClasses: { span: ['md-box', 'md-box-checked'], li: ['md-task'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowProtocolRelative: false,
  // Disallowed tags go, their text stays; script, style and the like go with their text.
  disallowedTagsMode: 'discard',
};

/** The HTML for one item's Markdown content, safe to place in the document. */
export function contentHtml(markdown: string): string {
  return sanitizeHtml(marked.parse(markdown) as string, SANITIZE);
}
