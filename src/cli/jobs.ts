/**
 * One file's work, as plain data that crosses to a worker thread and back: render a document
 * (to PDF, PNG or JPEG, optionally validating the PDF) or validate a PDF. The same function runs
 * in the main thread for a single file and in the batch workers for many, so both give the
 * same results. An output file is written whole or not at all.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, extname, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  InputError,
  LimitError,
  ResourceError,
  TimeoutError,
  decodeHtml,
  loadValidator,
  render,
  renderImage,
  type AttachmentInput,
  type Flavour,
  type RenderInput,
  type UserStylesheet,
  type ValidationResponse,
} from '../index.js';

export type OutputFormat = 'pdf' | 'png' | 'jpeg';

/** Everything a render takes besides the file itself; the same for every file of a batch. */
export interface RenderSettings {
  readonly format: OutputFormat;
  /** --base-url: base for relative URLs instead of the input file's own location. */
  readonly baseUrl?: string;
  /** --root: folders local files may be read from; absent: each job's own root. */
  readonly roots?: readonly string[];
  /** Folders added to the roots whatever they are (those of the -s style sheets). */
  readonly extraRoots: readonly string[];
  readonly stylesheets: readonly UserStylesheet[];
  readonly media?: 'print' | 'screen';
  readonly attachments: readonly AttachmentInput[];
  readonly embedColorProfile: boolean;
  readonly deterministic: boolean;
  readonly allowPrivateNetwork: boolean;
  readonly validate: boolean;
  readonly width?: number;
  readonly scale?: number;
  readonly quality?: number;
  readonly page?: number;
  readonly timeoutMs?: number;
}

export type Job =
  | {
      readonly kind: 'render';
      /** Path of the input, or '-' with the text in `stdin`. */
      readonly file: string;
      readonly stdin?: string;
      /** Path to write, or '-' to return the bytes (for standard output). */
      readonly output: string;
      /** The folder its local resources come from unless --root says otherwise. */
      readonly root?: string;
      readonly settings: RenderSettings;
    }
  | {
      readonly kind: 'validate';
      readonly file: string;
      readonly stdin?: Uint8Array;
      readonly flavours: readonly Flavour[] | 'auto';
    };

export interface JobWarning {
  readonly code: string;
  readonly message: string;
  readonly source?: string;
}

/** Why a file failed: the library's typed error, flattened for the wire and for JSON output. */
export interface JobError {
  readonly type: string;
  readonly message: string;
  readonly problems?: readonly { readonly pointer: string; readonly message: string }[];
  readonly limit?: string;
  readonly stage?: string;
  readonly url?: string;
}

export interface RenderOutcome {
  readonly kind: 'render';
  readonly file: string;
  readonly output: string;
  readonly ok: boolean;
  readonly ms: number;
  readonly format?: OutputFormat;
  readonly bytes?: number;
  readonly pages?: number;
  readonly width?: number;
  readonly height?: number;
  readonly title?: string;
  readonly documentId?: string;
  readonly warnings: readonly JobWarning[];
  /** The validation report, when the settings asked for one. */
  readonly validation?: ValidationResponse;
  readonly error?: JobError;
  /** The output itself when it goes to standard output. */
  readonly data?: Uint8Array;
}

export interface ValidateOutcome {
  readonly kind: 'validate';
  readonly file: string;
  readonly ok: boolean;
  readonly ms: number;
  readonly report?: ValidationResponse;
  readonly error?: JobError;
}

export type Outcome = RenderOutcome | ValidateOutcome;

export function jobError(err: unknown): JobError {
  if (!(err instanceof Error)) return { type: 'Error', message: String(err) };
  const base = { type: err.name, message: err.message };
  if (err instanceof InputError)
    return {
      ...base,
      problems: err.problems.map((p) => ({ pointer: p.pointer, message: p.message })),
    };
  if (err instanceof TimeoutError) return { ...base, limit: err.limit, stage: err.stage };
  if (err instanceof LimitError) return { ...base, limit: err.limit };
  if (err instanceof ResourceError) return { ...base, url: err.url };
  const code = (err as NodeJS.ErrnoException).code;
  return code ? { ...base, message: `${err.message} (${code})` } : base;
}

/** Writes next to the target and renames, so a failed or cut-off write leaves no partial file. */
export async function writeWhole(path: string, bytes: Uint8Array): Promise<void> {
  await mkdir(dirname(resolve(path)), { recursive: true });
  const temp = `${path}.${randomBytes(4).toString('hex')}.part`;
  try {
    await writeFile(temp, bytes);
    await rename(temp, path);
  } catch (err) {
    await rm(temp, { force: true });
    throw err;
  }
}

const isTemplateText = (text: string): boolean => /^\s*\{/.test(text);

/** The library's input for a file: a JSON template ({template, data} or bare) or HTML. */
export function renderInput(file: string, text: string, settings: RenderSettings): RenderInput {
  const json = file === '-' ? isTemplateText(text) : extname(file).toLowerCase() === '.json';
  if (json) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (err) {
      throw new InputError(`${file === '-' ? 'standard input' : file} is not valid JSON`, [
        { pointer: '', message: (err as Error).message },
      ]);
    }
    const body = parsed as { template?: unknown; data?: unknown };
    return body && typeof body === 'object' && 'template' in body
      ? { kind: 'template', template: body.template, data: body.data }
      : { kind: 'template', template: parsed };
  }
  const baseUrl =
    settings.baseUrl ??
    (file !== '-'
      ? pathToFileURL(resolve(file)).href
      : settings.roots?.[0] !== undefined
        ? pathToFileURL(resolve(settings.roots[0]) + '/').href
        : undefined);
  return { kind: 'html', html: text, ...(baseUrl ? { baseUrl } : {}) };
}

/** The folders a file may read from: --root, else its own root, plus the sheets' folders. */
export function fileRoots(root: string | undefined, settings: RenderSettings): string[] {
  const own = settings.roots ?? (root !== undefined ? [root] : []);
  return [...own, ...settings.extraRoots];
}

async function runRender(job: Extract<Job, { kind: 'render' }>): Promise<RenderOutcome> {
  const started = performance.now();
  const { file, output, settings } = job;
  const done = (extra: Partial<RenderOutcome>): RenderOutcome => ({
    kind: 'render',
    file,
    output,
    ok: true,
    warnings: [],
    ms: Math.round(performance.now() - started),
    ...extra,
  });
  try {
    // HTML files are decoded by their own declaration (legacy pages are often windows-1252).
    const text =
      job.stdin ??
      (extname(file).toLowerCase() === '.json'
        ? await readFile(file, 'utf8')
        : decodeHtml(await readFile(file)).html);
    const input = renderInput(file, text, settings);
    const roots = fileRoots(job.root, settings);
    const common = {
      allowPrivateNetwork: settings.allowPrivateNetwork,
      ...(settings.deterministic ? { deterministic: true } : {}),
      ...(roots.length > 0 ? { files: { root: roots } } : {}),
      ...(settings.stylesheets.length > 0 ? { stylesheets: settings.stylesheets } : {}),
      ...(settings.media ? { media: settings.media } : {}),
      ...(settings.timeoutMs !== undefined ? { timeoutMs: settings.timeoutMs } : {}),
    };
    if (settings.format === 'pdf') {
      const r = await render(input, {
        ...common,
        attachments: settings.attachments,
        embedColorProfile: settings.embedColorProfile,
      });
      if (output !== '-') await writeWhole(output, r.pdf);
      const validation = settings.validate
        ? (await loadValidator()).validate(r.pdf, {
            flavours: r.pdfa ? ['pdfa-3a', 'pdfua-1'] : ['pdfua-1'],
          })
        : undefined;
      return done({
        ok: validation ? validation.isCompliant : true,
        format: 'pdf',
        bytes: r.pdf.length,
        pages: r.pages,
        title: r.title,
        documentId: r.documentId,
        warnings: r.warnings,
        ...(validation ? { validation } : {}),
        ...(output === '-' ? { data: r.pdf } : {}),
      });
    }
    const image = await renderImage(input, {
      ...common,
      format: settings.format,
      ...(settings.width !== undefined ? { width: settings.width } : {}),
      ...(settings.scale !== undefined ? { scale: settings.scale } : {}),
      ...(settings.quality !== undefined ? { quality: settings.quality } : {}),
      ...(settings.page !== undefined ? { page: settings.page } : {}),
    });
    if (output !== '-') await writeWhole(output, image.image);
    return done({
      format: settings.format,
      bytes: image.image.length,
      width: image.width,
      height: image.height,
      warnings: image.warnings,
      ...(output === '-' ? { data: image.image } : {}),
    });
  } catch (err) {
    return done({ ok: false, error: jobError(err) });
  }
}

async function runValidate(job: Extract<Job, { kind: 'validate' }>): Promise<ValidateOutcome> {
  const started = performance.now();
  const ms = () => Math.round(performance.now() - started);
  try {
    const bytes = job.stdin ?? (await readFile(job.file));
    const { validate } = await loadValidator();
    const report = validate(bytes, {
      flavours: job.flavours === 'auto' ? 'auto' : [...job.flavours],
    });
    return { kind: 'validate', file: job.file, ok: report.isCompliant, report, ms: ms() };
  } catch (err) {
    return { kind: 'validate', file: job.file, ok: false, error: jobError(err), ms: ms() };
  }
}

/** Runs one job; never throws (a failure is an outcome with `ok: false` and its error). */
export function runJob(job: Job): Promise<Outcome> {
  return job.kind === 'render' ? runRender(job) : runValidate(job);
}
