/** `a11ypdf render`: one or many documents to PDF, PNG or JPEG. */
import { readFile, stat } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { basename, dirname, extname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { decodeHtml, loadValidator, type ValidationResponse } from '../index.js';
import { runBatch } from './batch.js';
import { EXIT_FAILED, EXIT_OK, UsageError } from './errors.js';
import { RENDER_HELP } from './help.js';
import { collectInputs, type InputFile } from './inputs.js';
import { writeFully, type Io } from './io.js';
import type { Job, OutputFormat, RenderOutcome, RenderSettings } from './jobs.js';
import { formatBytes, formatWarning, outcomeLines } from './report.js';

const RENDER_EXTENSIONS = ['.html', '.htm', '.xhtml', '.json'];

export function intOption(
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

const OUTPUT_FORMATS: Readonly<Record<string, OutputFormat>> = {
  pdf: 'pdf',
  png: 'png',
  jpeg: 'jpeg',
  jpg: 'jpeg',
};

/** Output kind from --to, a --format naming one, or the output file's extension; else PDF. */
export function outputFormat(
  to: string | undefined,
  formats: readonly string[],
  output: string | undefined,
): OutputFormat {
  const named = to ?? formats.find((f) => f.toLowerCase() in OUTPUT_FORMATS);
  if (named !== undefined) {
    const f = OUTPUT_FORMATS[named.toLowerCase()];
    if (!f) throw new UsageError(`unknown output format '${named}'; expected pdf, png or jpeg`);
    return f;
  }
  const ext = output && output !== '-' ? extname(output).slice(1).toLowerCase() : '';
  return OUTPUT_FORMATS[ext] ?? 'pdf';
}

/** text or json, from the --format values that are not output kinds. */
export function reportFormat(formats: readonly string[]): 'text' | 'json' {
  const rest = formats.filter((f) => !(f.toLowerCase() in OUTPUT_FORMATS));
  for (const f of rest)
    if (f !== 'text' && f !== 'json')
      throw new UsageError(`unknown --format '${f}'; expected text or json (or pdf, png, jpeg)`);
  return rest.includes('json') ? 'json' : 'text';
}

async function isFolder(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory();
  } catch {
    return false;
  }
}

const withExtension = (path: string, format: OutputFormat): string =>
  path.replace(/\.[^./\\]*$/, '') + (format === 'jpeg' ? '.jpg' : `.${format}`);

/**
 * Where each input's result goes. One plain input with -o FILE writes there; several inputs,
 * a folder or a pattern need -o to be a folder (made if missing), which mirrors the inputs'
 * relative paths; without -o each result lands beside its input; standard input goes to
 * standard output unless -o says otherwise.
 */
export async function outputPaths(
  inputs: readonly InputFile[],
  output: string | undefined,
  format: OutputFormat,
): Promise<string[]> {
  const single = inputs.length === 1 && inputs[0].from !== 'folder' && inputs[0].from !== 'glob';
  if (output === '-') {
    if (!single) throw new UsageError('-o - (standard output) takes exactly one input');
    return ['-'];
  }
  let paths: string[];
  if (output === undefined) {
    paths = inputs.map((i) => (i.path === '-' ? '-' : withExtension(i.path, format)));
  } else if (!single || /[\\/]$/.test(output) || (await isFolder(output))) {
    paths = inputs.map((i) =>
      join(output, withExtension(i.path === '-' ? 'stdin' : i.rel, format)),
    );
  } else paths = [output];
  const seen = new Map<string, string>();
  paths.forEach((p, n) => {
    if (p === '-') return;
    const key = resolve(p);
    const other = seen.get(key);
    if (other !== undefined)
      throw new UsageError(
        `${other} and ${inputs[n].path} would both be written to ${p}; use -o with a folder per source`,
      );
    if (key === resolve(inputs[n].path))
      throw new UsageError(`${inputs[n].path} would be overwritten by its own output`);
    seen.set(key, inputs[n].path);
  });
  return paths;
}

async function readNamed(path: string, what: string): Promise<Buffer> {
  try {
    return await readFile(path);
  } catch (err) {
    throw new UsageError(
      `cannot read ${what} ${path}: ${(err as NodeJS.ErrnoException).code ?? String(err)}`,
    );
  }
}

async function assertFolder(path: string, option: string): Promise<string> {
  if (!(await isFolder(path))) throw new UsageError(`${option} ${path} is not a folder`);
  return resolve(path);
}

export async function cmdRender(args: string[], io: Io): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    options: {
      output: { type: 'string', short: 'o' },
      to: { type: 'string', short: 't' },
      format: { type: 'string', multiple: true },
      stylesheet: { type: 'string', short: 's', multiple: true },
      media: { type: 'string' },
      root: { type: 'string', multiple: true },
      'base-url': { type: 'string' },
      jobs: { type: 'string', short: 'j' },
      timeout: { type: 'string' },
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
    io.stdout.write(`${RENDER_HELP}\n`);
    return EXIT_OK;
  }
  if (positionals.length === 0) throw new UsageError('render needs at least one INPUT');
  const formats = values.format ?? [];
  const format = outputFormat(values.to, formats, values.output);
  const json = reportFormat(formats) === 'json';
  if (values.media !== undefined && values.media !== 'print' && values.media !== 'screen')
    throw new UsageError('--media is print or screen');
  const threads = intOption('jobs', values.jobs, 1, 256) ?? availableParallelism();
  const timeoutS = values.timeout === undefined ? undefined : Number(values.timeout);
  if (timeoutS !== undefined && !(timeoutS > 0))
    throw new UsageError('--timeout must be a number of seconds above 0');
  if (values['base-url'] !== undefined && !URL.canParse(values['base-url']))
    throw new UsageError(`--base-url ${values['base-url']} is not an absolute URL`);

  const inputs = await collectInputs(positionals, RENDER_EXTENSIONS);
  const outputs = await outputPaths(inputs, values.output, format);
  if (json && outputs.includes('-'))
    throw new UsageError('--format json writes to standard output; give -o a file or folder');
  if (outputs.includes('-') && io.stdout.isTTY)
    throw new UsageError(`not writing ${format.toUpperCase()} to a terminal; use -o FILE`);

  const roots = values.root
    ? await Promise.all(values.root.map((r) => assertFolder(r, '--root')))
    : undefined;
  const stylesheets = [];
  const extraRoots: string[] = [];
  for (const path of values.stylesheet ?? []) {
    const css = (await readNamed(path, 'style sheet')).toString('utf8');
    stylesheets.push({ css, baseUrl: pathToFileURL(resolve(path)).href });
    extraRoots.push(dirname(resolve(path)));
  }
  const attachments = [];
  for (const path of values.attach ?? [])
    attachments.push({
      name: basename(path),
      content: (await readNamed(path, 'attachment')).toString('base64'),
    });
  const settings: RenderSettings = {
    format,
    ...(values['base-url'] !== undefined ? { baseUrl: values['base-url'] } : {}),
    ...(roots ? { roots } : {}),
    extraRoots,
    stylesheets,
    ...(values.media ? { media: values.media as 'print' | 'screen' } : {}),
    attachments,
    embedColorProfile: values['no-color-profile'] !== true,
    deterministic: values.deterministic === true,
    allowPrivateNetwork: values['allow-private-network'] === true,
    validate: values.validate === true,
    ...optionalInt('width', intOption('width', values.width, 1, 4096)),
    ...optionalInt('scale', intOption('scale', values.scale, 1, 4)),
    ...optionalInt('quality', intOption('quality', values.quality, 1, 100)),
    ...optionalInt('page', intOption('page', values.page, 1, 1_000_000)),
    ...(timeoutS !== undefined ? { timeoutMs: Math.round(timeoutS * 1000) } : {}),
  };
  const stdin = inputs[0].path === '-' ? decodeHtml(await io.readStdin()).html : undefined;
  const jobs: Job[] = inputs.map((input, i) => ({
    kind: 'render',
    file: input.path,
    ...(input.path === '-' && stdin !== undefined ? { stdin } : {}),
    output: outputs[i],
    ...(input.root !== undefined ? { root: input.root } : {}),
    settings,
  }));
  const single = jobs.length === 1;

  const { tally } = await runBatch({
    jobs,
    threads,
    io,
    verb: 'rendered',
    summary: !single,
    progressBar: !json,
    report: async (o) => {
      const r = o as RenderOutcome;
      if (r.data) await writeFully(io.stdout, r.data);
      if (json) {
        await writeFully(io.stdout, `${JSON.stringify(jsonLine(r))}\n`);
        return [];
      }
      if (!single) return outcomeLines(r);
      // The validator's report format loads only where a file was validated.
      const format = r.validation ? (await loadValidator()).formatTextReport : undefined;
      return singleFileLines(r, io, format);
    },
  });
  return tally.failed + tally.notCompliant > 0 ? EXIT_FAILED : EXIT_OK;
}

function optionalInt<K extends string>(key: K, value: number | undefined): { [P in K]?: number } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: number };
}

/** A single file's messages, as the command line has always printed them. */
function singleFileLines(
  r: RenderOutcome,
  io: Io,
  formatTextReport?: (file: string, report: ValidationResponse) => string,
): string[] {
  if (r.error) {
    const problems = (r.error.problems ?? []).map((p) => `  ${p.pointer || '/'}: ${p.message}`);
    return [
      `a11ypdf: ${r.file === '-' ? 'standard input' : r.file}: ${r.error.message}`,
      ...problems,
    ];
  }
  const where = r.output === '-' ? 'standard output' : r.output;
  const lines = r.warnings.map(formatWarning);
  lines.push(
    r.format === 'pdf'
      ? `wrote ${where}: ${r.pages} page(s), ${r.bytes} bytes (${formatBytes(r.bytes ?? 0)}), documentId ${r.documentId}`
      : `wrote ${where}: ${r.width}x${r.height} ${r.format}, ${formatBytes(r.bytes ?? 0)}`,
  );
  if (r.validation && formatTextReport) {
    // The report is the command's output, so it goes where reports go.
    const target = r.output === '-' ? io.stderr : io.stdout;
    target.write(`${formatTextReport(where, r.validation)}\n`);
  }
  return lines;
}

/** The JSON line of one rendered file. */
export function jsonLine(r: RenderOutcome): Record<string, unknown> {
  return {
    file: r.file,
    output: r.output,
    ok: r.ok,
    ...(r.error
      ? { error: r.error }
      : {
          format: r.format,
          bytes: r.bytes,
          ...(r.pages !== undefined ? { pages: r.pages } : {}),
          ...(r.width !== undefined ? { width: r.width, height: r.height } : {}),
          ...(r.title !== undefined ? { title: r.title } : {}),
          ...(r.documentId !== undefined ? { documentId: r.documentId } : {}),
          ...(r.validation
            ? {
                compliant: r.validation.isCompliant,
                failures: r.validation.failures?.length ?? 0,
              }
            : {}),
        }),
    ms: r.ms,
    warnings: r.warnings,
  };
}
