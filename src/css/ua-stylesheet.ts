// The user-agent style sheet: HTML's rendering defaults (HTML Living Standard §15 "Rendering",
// CSS 2.1 Appendix D), trimmed to what a printed document uses, with Quire's default font.
// https://html.spec.whatwg.org/multipage/rendering.html

export const UA_STYLESHEET = String.raw`
/* §15.3.1 Hidden elements */
area, base, basefont, datalist, head, link, meta, noembed, noframes, param, rp, script, style,
template, title, [hidden]:not([hidden="until-found" i]) { display: none; }

/* §15.3.3 Flow content */
html, address, blockquote, body, center, dialog, div, figure, figcaption, footer, form, header,
hr, legend, listing, main, p, plaintext, pre, search, xmp, article, aside, h1, h2, h3, h4, h5,
h6, hgroup, nav, section, details, summary, fieldset, optgroup { display: block; }

html {
  font-family: "Noto Sans", "Noto CJK", sans-serif;
  font-size: 16px;
  color: black;
  line-height: normal;
}
body { margin: 8px; }

blockquote, figure, listing, p, plaintext, pre, xmp { margin-top: 1em; margin-bottom: 1em; }
blockquote, figure { margin-inline-start: 40px; margin-inline-end: 40px; }
address { font-style: italic; }
listing, plaintext, pre, xmp { font-family: monospace; white-space: pre; }
center { text-align: -webkit-center; }
dialog:not([open]) { display: none; }
dialog { border: solid; padding: 1em; background: white; color: black; }

/* §15.3.4 Phrasing content */
cite, dfn, em, i, var { font-style: italic; }
b, strong { font-weight: bolder; }
code, kbd, samp, tt { font-family: monospace; }
big { font-size: larger; }
small { font-size: smaller; }
sub { vertical-align: sub; }
sup { vertical-align: super; }
sub, sup { line-height: normal; font-size: smaller; }
ruby { display: ruby; }
rt { display: ruby-text; }
a:link { color: #0000ee; text-decoration: underline; }
mark { background-color: yellow; color: black; }
abbr[title], acronym[title] { text-decoration: dotted underline; }
ins, u { text-decoration: underline; }
del, s, strike { text-decoration: line-through; }
q::before { content: open-quote; }
q::after { content: close-quote; }
nobr { white-space: nowrap; }
[dir="ltr" i] { direction: ltr; }
[dir="rtl" i] { direction: rtl; }
/* §15.3.5 Bidirectional text (dir=auto and <bdi>'s direction come from presentational-hints.ts) */
bdi, output, [dir] { unicode-bidi: isolate; }
bdo, bdo[dir] { unicode-bidi: isolate-override; }

/* §15.3.6 Sections and headings */
h1 { margin-top: 0.67em; margin-bottom: 0.67em; font-size: 2em; }
h2 { margin-top: 0.83em; margin-bottom: 0.83em; font-size: 1.5em; }
h3 { margin-top: 1em; margin-bottom: 1em; font-size: 1.17em; }
h4 { margin-top: 1.33em; margin-bottom: 1.33em; font-size: 1em; }
h5 { margin-top: 1.67em; margin-bottom: 1.67em; font-size: 0.83em; }
h6 { margin-top: 2.33em; margin-bottom: 2.33em; font-size: 0.67em; }
h1, h2, h3, h4, h5, h6 { font-weight: bold; }
/* CSS 2.1 Appendix D, print: keep a heading with what follows it */
h1, h2, h3, h4, h5, h6 { break-after: avoid; }

/* §15.3.7 Lists */
dir, dd, dl, dt, menu, ol, ul { display: block; }
li { display: list-item; }
dir, dl, menu, ol, ul { margin-top: 1em; margin-bottom: 1em; }
:is(dir, dl, menu, ol, ul) :is(dir, dl, menu, ol, ul) { margin-top: 0; margin-bottom: 0; }
dd { margin-inline-start: 40px; }
dir, menu, ol, ul { padding-inline-start: 40px; }
ol { list-style-type: decimal; }
dir, menu, ul { list-style-type: disc; }
:is(dir, menu, ol, ul) :is(dir, menu, ul) { list-style-type: circle; }
:is(dir, menu, ol, ul) :is(dir, menu, ol, ul) :is(dir, menu, ul) { list-style-type: square; }
ol[type="1"], li[type="1"] { list-style-type: decimal; }
ol[type="a" s], li[type="a" s] { list-style-type: lower-alpha; }
ol[type="A" s], li[type="A" s] { list-style-type: upper-alpha; }
ol[type="i" s], li[type="i" s] { list-style-type: lower-roman; }
ol[type="I" s], li[type="I" s] { list-style-type: upper-roman; }
ul[type="none" i], li[type="none" i] { list-style-type: none; }
ul[type="disc" i], li[type="disc" i] { list-style-type: disc; }
ul[type="circle" i], li[type="circle" i] { list-style-type: circle; }
ul[type="square" i], li[type="square" i] { list-style-type: square; }

/* §15.3.8 Tables */
table { display: table; }
caption { display: table-caption; }
colgroup, colgroup[hidden] { display: table-column-group; }
col, col[hidden] { display: table-column; }
thead, thead[hidden] { display: table-header-group; }
tbody, tbody[hidden] { display: table-row-group; }
tfoot, tfoot[hidden] { display: table-footer-group; }
tr, tr[hidden] { display: table-row; }
td, th { display: table-cell; }
colgroup[hidden], col[hidden], thead[hidden], tbody[hidden], tfoot[hidden], tr[hidden] { visibility: collapse; }
table { box-sizing: border-box; border-spacing: 2px; border-collapse: separate; text-indent: initial; }
td, th { padding: 1px; }
th { font-weight: bold; text-align: center; }
caption { text-align: center; }
thead, tbody, tfoot, table > tr { vertical-align: middle; }
tr, td, th { vertical-align: inherit; }
table, td, th { border-color: gray; }
thead, tbody, tfoot, tr { border-color: inherit; }
table[border]:not([border="0"]) > tr > :is(td, th),
table[border]:not([border="0"]) > :is(thead, tbody, tfoot) > tr > :is(td, th) { border: 1px inset gray; }
table[border]:not([border="0"]) { border-style: outset; }

/* §15.3.11 Form controls, §15.4 replaced elements */
input, select, button, textarea { display: inline-block; }
textarea { white-space: pre-wrap; }
/* Chromium's form control defaults (html.css): a small-control font that does not inherit, the field's borders and padding. */
input, select, textarea, button {
  font-size: 13.333px; font-family: sans-serif; font-weight: normal; font-style: normal;
  line-height: normal; letter-spacing: normal; word-spacing: normal; text-transform: none; text-indent: 0;
  text-align: start; color: black; background-color: white;
}
input { padding: 1px 2px; border: 2px inset #767676; }
textarea { font-family: monospace; padding: 2px; border: 1px solid #767676; }
select { border: 1px solid #767676; }
input[type="checkbox" i], input[type="radio" i] { padding: 0; border: 1px solid #767676; border-radius: 2px; box-sizing: border-box; }
input[type="checkbox" i] { margin: 3px 3px 3px 4px; }
input[type="radio" i] { margin: 3px 3px 0 5px; border-radius: 50%; }
input[type="hidden" i] { display: none; }
fieldset { margin-left: 2px; margin-right: 2px; border: 2px groove threedface; padding: 0.35em 0.75em 0.625em; }
legend { padding-left: 2px; padding-right: 2px; }
iframe { border: 2px inset; }
video { object-fit: contain; }
img { display: inline; }

/* §15.3.10 The hr element */
hr {
  color: gray;
  border-style: inset;
  border-width: 1px;
  margin: 0.5em auto;
  overflow: hidden;
}
`;
