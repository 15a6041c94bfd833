/** The command line's help texts (no imports: `--help` and `serve` load nothing else). */

const EXIT_CODES = `Exit codes: 0 every file rendered (and, where validated, compliant); 1 at least one file
failed or is not compliant (the others are still done); 2 usage error (bad option, missing input).`;

export const MAIN_HELP = `a11ypdf: HTML and JSON templates to tagged PDF/A-3a + PDF/UA-1, PNG/JPEG, and PDF validation

Usage: a11ypdf <command> [options]

Commands:
  serve      start the REST service (default port 8080)
  render     render HTML files or JSON templates to PDF, PNG or JPEG (one, many, folders)
  validate   validate PDF files against PDF/A-2/3 (a, b, u) and PDF/UA-1
  identify   print what a PDF claims to be (PDF/A part, PDF/UA part, title, pages)

Run 'a11ypdf <command> --help' for the options of a command, 'a11ypdf --version' for the
version and how the command line started (start-up snapshot, bundle or modules).

${EXIT_CODES}`;

export const SERVE_HELP = `Usage: a11ypdf serve [--port N] [--host ADDR] [--role api|worker|all]

Starts the service. Every setting is also read from the environment (see README);
--port, --host and --role override PORT, HOST and ROLE. Default 0.0.0.0:8080.

Roles (batch jobs need REDIS_URL; see docs/jobs.md):
  api      the HTTP API, with POST/GET/DELETE /jobs
  worker   runs job items from the queue; serves only /health and /metrics
  all      both in one process (default)`;

export const RENDER_HELP = `Usage: a11ypdf render INPUT... [-o OUTPUT] [options]

INPUT is an .html file or a .json template ({"template": ..., "data": ...} or a bare template),
a folder (its .html, .htm, .xhtml and .json files, sub-folders included), a glob pattern
('docs/*.html', 'site/**/*.html'), or - for standard input (JSON when it starts with '{').
Several inputs are rendered in parallel, one worker thread per core.

Relative stylesheets, @imports, fonts and images of a local file are read from its folder and
below; paths leading elsewhere ('..', symbolic links, absolute paths) are refused with a
warning naming them, and the document still renders. --root widens the folder.

Options:
  -o, --output PATH       a file (one input), a folder (several inputs; mirrors sub-folders),
                          or - for standard output. Default: beside each input with the new
                          extension; standard output for standard input
  -t, --to F              pdf (default), png or jpeg; else from the extension of OUTPUT
  --format F              text (default): progress and a summary on standard error;
                          json: one JSON line per file on standard output
                          (pdf, png, jpeg and jpg are taken as --to)
  -s, --stylesheet FILE   add a user style sheet after the document's own (repeatable); files
                          beside it may be read too
  --media M               print (default) or screen: which @media rules apply
  --root DIR              folder local files may be read from (repeatable; default: the
                          input's folder; standard input reads no local file without it)
  --base-url URL          base for relative links, images and stylesheets
  -j, --jobs N            files rendered at once (default: the cores available)
  --timeout S             give up a file after S seconds
  --width PX              viewport width in CSS pixels for images (default 1024)
  --scale N               device pixel ratio for images, 1-4 (default 1)
  --quality N             JPEG quality 1-100 (default 90)
  --page N                rasterise page N of the paginated document instead of one long image
  --attach FILE           embed FILE as an associated file in every PDF (repeatable)
  --no-color-profile      PDF/UA-1 only: no PDF/A output intent or claim
  --deterministic         byte-identical output for the same input (fixed clock and IDs)
  --allow-private-network let resources load from private and loopback addresses
  --validate              validate each PDF after writing; a file not compliant fails

${EXIT_CODES}`;

/** The validate command's help; `flavours` are the validator's (kept out of this light module). */
export const validateHelp = (
  flavours: readonly string[],
): string => `Usage: a11ypdf validate [--flavour LIST] [--format text|json] INPUT...

INPUT is a PDF file, a folder (its .pdf files, sub-folders included), a glob pattern, or - for
standard input. Several files are validated in parallel, one worker thread per core.

Options:
  --flavour LIST   comma-separated from ${flavours.join(', ')}, auto
                   (auto reads each file's own PDF/A and PDF/UA identification);
                   default pdfa-3a,pdfua-1
  --format F       text (default): a readable report per file, failures grouped by rule;
                   json: one line per file, the ValidationResponse plus a "file" field
                   (or "file" and "error" for a file that could not be read)
  -j, --jobs N     files validated at once (default: the cores available)

${EXIT_CODES}`;

export const IDENTIFY_HELP = `Usage: a11ypdf identify INPUT...

Prints one JSON line per file: documentId (when a11ypdf produced it), the PDF/A and PDF/UA
parts the file claims, its title and page count. INPUT may be a file, a folder or a pattern.`;
