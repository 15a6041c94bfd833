/**
 * a11ypdf command line: a thin shell over the library API (index.ts) and the service.
 *
 * Exit codes: 0 success (and, for validate, every file compliant); 1 a file is not compliant
 * or a render failed; 2 usage error or unreadable input.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import {
  ALL_FLAVOURS,
  InputError,
  NotPdfError,
  formatTextReport,
  identify,
  parseFlavourList,
  render,
  renderImage,
  validate,
  type Flavour,
  type RenderInput,
} from './index.js';

const EXIT_OK = 0;
const EXIT_FAILED = 1;
const EXIT_USAGE = 2;

class UsageError extends Error {}

const MAIN_HELP = `a11ypdf: HTML and JSON templates to tagged PDF/A-3a + PDF/UA-1, PNG/JPEG, and PDF validation

Usage: a11ypdf <command> [options]

Commands:
  serve      start the REST service (default port 8080)
  render     render an HTML file or a JSON template to PDF, PNG or JPEG
  validate   validate PDF files against PDF/A-2/3 (a, b, u) and PDF/UA-1
  identify   print what a PDF claims to be (PDF/A part, PDF/UA part, title, pages)

Run 'a11ypdf <command> --help' for the options of a command.

Exit codes: 0 success; 1 not compliant or rendering failed; 2 usage error or unreadable input.`;

const SERVE_HELP = `Usage: a11ypdf serve [--port N] [--host ADDR] [--role api|worker|all]

Starts the service. Every setting is also read from the environment (see README);
--port, --host and --role override PORT, HOST and ROLE. Default 0.0.0.0:8080.

Roles (batch jobs need REDIS_URL; see docs/jobs.md):
  api      the HTTP API, with POST/GET/DELETE /jobs
  worker   runs job items from the queue; serves only /health and /metrics
  all      both in one process (default)`;

const RENDER_HELP = `Usage: a11ypdf render INPUT [-o OUTPUT] [options]

INPUT is an .html file or a .json template ({"template": ..., "data": ...} or a bare template).
The output kind follows --format, else the extension of OUTPUT (.pdf, .png, .jpg).

Options:
  -o, --output FILE     where to write (default: INPUT with the new extension)
  --format F            pdf (default), png, jpeg or jpg
  --base-url URL        base for relative links, images and stylesheets
  --width PX            viewport width in CSS pixels for images (default 1024)
  --scale N             device pixel ratio for images, 1-4 (default 1)
  --quality N           JPEG quality 1-100 (default 90)
  --page N              rasterise page N of the paginated document instead of one long image
  --attach FILE         embed FILE as an associated file (repeatable)
  --no-color-profile    PDF/UA-1 only: no PDF/A output intent or claim
  --deterministic       byte-identical output for the same input (fixed clock and IDs)
  --allow-private-network  let resources load from private and loopback addresses
  --validate            validate the PDF after writing and print the summary`;

const VALIDATE_HELP = `Usage: a11ypdf validate [--flavour LIST] [--format text|json] FILE...

Options:
  --flavour LIST   comma-separated from ${ALL_FLAVOURS.join(', ')}, auto
                   (auto reads each file's own PDF/A and PDF/UA identification);
                   default pdfa-3a,pdfua-1
  --format F       text (default): a readable summary with failures grouped by rule;
                   json: one line per file, the ValidationResponse plus a "file" field

Exit 0 when every file is compliant, 1 when one is not, 2 on a usage error or unreadable file.`;

const IDENTIFY_HELP = `Usage: a11ypdf identify FILE...

Prints one JSON line per file: documentId (when a11ypdf produced it), the PDF/A and PDF/UA
parts the file claims, its title and page count.`;

export function parseFlavours(list: string): Flavour[] | 'auto' {
  try {
    return parseFlavourList(list);
  } catch (err) {
    throw new UsageError(`--flavour: ${(err as Error).message}`);
  }
}

async function readInput(path: string): Promise<Uint8Array> {
  try {
    return await readFile(path);
  } catch (err) {
    throw new UsageError(
      `cannot read ${path}: ${(err as NodeJS.ErrnoException).code ?? String(err)}`,
    );
  }
}

async function cmdServe(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      role: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) {
    console.log(SERVE_HELP);
    return EXIT_OK;
  }
  const { startService } = await import('./server/start.js');
  const { parseRole } = await import('./server/jobs/config.js');
  await startService({
    ...(values.port !== undefined ? { port: Number(values.port) } : {}),
    ...(values.host !== undefined ? { host: values.host } : {}),
    ...(values.role !== undefined ? { role: parseRole(values.role, '--role') } : {}),
  });
  return EXIT_OK;
}

async function cmdValidate(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    options: {
      flavour: { type: 'string', default: 'pdfa-3a,pdfua-1' },
      format: { type: 'string', default: 'text' },
      help: { type: 'boolean', short: 'h' },
    },
    allowPositionals: true,
    strict: true,
  });
  if (values.help) {
    console.log(VALIDATE_HELP);
    return EXIT_OK;
  }
  if (positionals.length === 0) throw new UsageError('validate needs at least one FILE');
  if (values.format !== 'text' && values.format !== 'json')
    throw new UsageError('--format is text or json');
  const flavours = parseFlavours(values.flavour);
  let exit = EXIT_OK;
  for (const file of positionals) {
    const bytes = await readInput(file);
    try {
      const report = validate(bytes, { flavours });
      if (values.format === 'json') console.log(JSON.stringify({ file, ...report }));
      else console.log(formatTextReport(file, report));
      if (!report.isCompliant && exit === EXIT_OK) exit = EXIT_FAILED;
    } catch (err) {
      if (err instanceof NotPdfError) {
        console.error(`${file}: ${err.message}`);
        exit = EXIT_USAGE;
      } else throw err;
    }
  }
  return exit;
}

async function cmdIdentify(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    options: { help: { type: 'boolean', short: 'h' } },
    allowPositionals: true,
    strict: true,
  });
  if (values.help) {
    console.log(IDENTIFY_HELP);
    return EXIT_OK;
  }
  if (positionals.length === 0) throw new UsageError('identify needs at least one FILE');
  let exit = EXIT_OK;
  for (const file of positionals) {
    const bytes = await readInput(file);
    try {
      console.log(JSON.stringify({ file, ...identify(bytes) }));
    } catch (err) {
      if (!(err instanceof NotPdfError)) throw err;
      console.error(`${file}: ${err.message}`);
      exit = EXIT_USAGE;
    }
  }
  return exit;
}

type OutputFormat = 'pdf' | 'png' | 'jpeg';

function outputFormat(format: string | undefined, output: string | undefined): OutputFormat {
  const f = (format ?? (output ? extname(output).slice(1) : 'pdf')).toLowerCase();
  if (f === 'pdf') return 'pdf';
  if (f === 'png') return 'png';
  if (f === 'jpeg' || f === 'jpg') return 'jpeg';
  throw new UsageError(`unknown output format '${f}'; expected pdf, png, jpeg or jpg`);
}

function intOption(
  name: string,
  value: string | undefined,
  min: number,
  max: number,
): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max)
    throw new UsageError(`--${name} must be an integer from ${min} to ${max}`);
  return n;
}

async function cmdRender(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    options: {
      output: { type: 'string', short: 'o' },
      format: { type: 'string' },
      'base-url': { type: 'string' },
      width: { type: 'string' },
      scale: { type: 'string' },
      quality: { type: 'string' },
      page: { type: 'string' },
      attach: { type: 'string', multiple: true },
      'no-color-profile': { type: 'boolean' },
      deterministic: { type: 'boolean' },
      'allow-private-network': { type: 'boolean' },
      validate: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
    allowPositionals: true,
    strict: true,
  });
  if (values.help) {
    console.log(RENDER_HELP);
    return EXIT_OK;
  }
  if (positionals.length !== 1) throw new UsageError('render needs exactly one INPUT file');
  const inputPath = positionals[0];
  const format = outputFormat(values.format, values.output);
  const output =
    values.output ??
    inputPath.replace(/\.[^./]*$/, '') + (format === 'jpeg' ? '.jpg' : `.${format}`);
  const text = Buffer.from(await readInput(inputPath)).toString('utf8');

  let input: RenderInput;
  if (extname(inputPath).toLowerCase() === '.json') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (err) {
      throw new UsageError(`${inputPath} is not valid JSON: ${(err as Error).message}`);
    }
    const body = parsed as { template?: unknown; data?: unknown };
    input =
      body && typeof body === 'object' && 'template' in body
        ? { kind: 'template', template: body.template, data: body.data }
        : { kind: 'template', template: parsed };
  } else {
    input = {
      kind: 'html',
      html: text,
      ...(values['base-url'] ? { baseUrl: values['base-url'] } : {}),
    };
  }

  const attachments = [];
  for (const path of values.attach ?? []) {
    attachments.push({
      name: basename(path),
      content: Buffer.from(await readInput(path)).toString('base64'),
    });
  }
  const common = {
    allowPrivateNetwork: values['allow-private-network'] === true,
    ...(values.deterministic ? { deterministic: true } : {}),
  };

  if (format === 'pdf') {
    const result = await render(input, {
      ...common,
      attachments,
      embedColorProfile: values['no-color-profile'] !== true,
    });
    await writeFile(output, result.pdf);
    for (const w of result.warnings)
      console.error(`warning [${w.code}] ${w.message}${w.source ? ` (${w.source})` : ''}`);
    console.error(
      `wrote ${output}: ${result.pages} page(s), ${result.pdf.length} bytes, documentId ${result.documentId}`,
    );
    if (values.validate) {
      const report = validate(result.pdf, {
        flavours: result.pdfa ? ['pdfa-3a', 'pdfua-1'] : ['pdfua-1'],
      });
      console.log(formatTextReport(output, report));
      return report.isCompliant ? EXIT_OK : EXIT_FAILED;
    }
    return EXIT_OK;
  }
  const width = intOption('width', values.width, 1, 4096);
  const scale = intOption('scale', values.scale, 1, 4);
  const quality = intOption('quality', values.quality, 1, 100);
  const page = intOption('page', values.page, 1, 1_000_000);
  const image = await renderImage(input, {
    ...common,
    format,
    ...(width !== undefined ? { width } : {}),
    ...(scale !== undefined ? { scale } : {}),
    ...(quality !== undefined ? { quality } : {}),
    ...(page !== undefined ? { page } : {}),
  });
  await writeFile(output, image.image);
  for (const w of image.warnings) console.error(`warning [${w.code}] ${w.message}`);
  console.error(`wrote ${output}: ${image.width}x${image.height} ${format}`);
  return EXIT_OK;
}

export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case undefined:
      case '-h':
      case '--help':
      case 'help':
        console.log(MAIN_HELP);
        return command === undefined ? EXIT_USAGE : EXIT_OK;
      case 'serve':
        return await cmdServe(rest);
      case 'render':
        return await cmdRender(rest);
      case 'validate':
        return await cmdValidate(rest);
      case 'identify':
        return await cmdIdentify(rest);
      default:
        throw new UsageError(`unknown command '${command}'`);
    }
  } catch (err) {
    if (
      err instanceof UsageError ||
      (err as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')
    ) {
      console.error(`a11ypdf: ${(err as Error).message}\nRun 'a11ypdf --help' for usage.`);
      return EXIT_USAGE;
    }
    if (err instanceof InputError) {
      console.error(`a11ypdf: ${err.message}`);
      for (const p of err.problems) console.error(`  ${p.pointer || '/'}: ${p.message}`);
      return EXIT_USAGE;
    }
    console.error(`a11ypdf: ${(err as Error).message}`);
    return EXIT_FAILED;
  }
}

// Run when executed directly (node dist/cli.js ...), not when imported by bin/ or tests.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main(process.argv.slice(2)).then((code) => {
    // `serve` keeps the process alive through its listening socket.
    if (code !== EXIT_OK || process.argv[2] !== 'serve') process.exitCode = code;
  });
}
