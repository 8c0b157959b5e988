// The text `quire --help` prints. Kept beside the argument parser it documents.

export const USAGE = `Usage:
  quire render <page.html> [options]    render an HTML file (with optional CSS files)
  quire render - [options]              render an HTML document read from standard input
  quire render <request.json> [options] render a generate-pdf request body (HTML or Markdown mode)
  quire serve                           start the API server (see the README for its variables)
  quire admin <command>                 manage the server's store ("quire admin help")
  quire --help | --version

Options for render:
  --css <file>            CSS for the document (the request's data.css; HTML input only);
                          repeatable: every file applies, in order, so a later one wins
  --title <text>          the PDF's title (metadata)
  --page-width <length>   page width, e.g. 210mm (default 8.5in)
  --page-height <length>  page height, e.g. 297mm (default 11in)
  --margin <margins>      page margins as a CSS shorthand, e.g. "1in 0.75in" (default 50px)
  -o, --output <file>     where to write the PDF; "-" for standard output
                          (default: the input's name with .pdf; standard output for "-")
  --deterministic         same input, same bytes: no clock or random ids in the PDF
  --pdf-variant <name>    the standard the PDF follows: pdf/a-2b, pdf/a-3b or pdf/ua-1
                          (the request's "pdfVariant"); a document that cannot comply fails
  --attachment <file>     embed a file in the PDF (repeatable); with pdf/a-3b, a file named
                          factur-x.xml makes the PDF a Factur-X invoice
  --no-tags               an untagged PDF: no structure tree or marked content
                          (PDFs are tagged for accessibility by default)
  --root <dir>            the folder local files may be read from (HTML input only;
                          default: the HTML file's folder). Relative URLs resolve against
                          the file's folder, root-relative ones (/css/a.css) against <dir>;
                          for "-", the working folder stands for the file's folder.
  -q, --quiet             print no warnings and no progress
  --verbose               then print the time each stage took (load, parse, resources,
                          style, boxes, layout, paint, write)
  --fail-on-warning       exit 3, writing no PDF, when the render warns

Lengths take one of the units mm, cm, in, px, em, rem, pt, pc.
The page flags fill the request's "page" object and override the same fields of a JSON request.
Remote style sheets, fonts and images are fetched over http(s) from public addresses only;
a JSON request never reads local files.
Warnings go to standard error; so does a long render's progress when that is a terminal.

Exit status: 0 on success, 1 for an invalid request or a failed render,
2 for bad arguments or an input file that cannot be read,
3 when --fail-on-warning is given and the render warned.
`;
