/** `a11ypdf validate` and `a11ypdf identify`: PDFs, one or many. */
import { readFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import { loadValidator, type Flavour } from '../index.js';
import { runBatch } from './batch.js';
import { EXIT_FAILED, EXIT_OK, UsageError } from './errors.js';
import { IDENTIFY_HELP, validateHelp } from './help.js';
import { collectInputs } from './inputs.js';
import { writeFully, type Io } from './io.js';
import type { Job, ValidateOutcome } from './jobs.js';
import { outcomeLines } from './report.js';
import { intOption } from './render.js';

// The validator loads when a command needs it (loadValidator), so a start that renders does not
// set it up.

export async function parseFlavours(list: string): Promise<Flavour[] | 'auto'> {
  const { parseFlavourList } = await loadValidator();
  try {
    return parseFlavourList(list);
  } catch (err) {
    throw new UsageError(`--flavour: ${(err as Error).message}`);
  }
}

export async function cmdValidate(args: string[], io: Io): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    options: {
      flavour: { type: 'string', default: 'pdfa-3a,pdfua-1' },
      format: { type: 'string', default: 'text' },
      jobs: { type: 'string', short: 'j' },
      help: { type: 'boolean', short: 'h' },
    },
    allowPositionals: true,
    strict: true,
  });
  const { ALL_FLAVOURS, formatTextReport } = await loadValidator();
  if (values.help) {
    io.stdout.write(`${validateHelp(ALL_FLAVOURS)}\n`);
    return EXIT_OK;
  }
  if (positionals.length === 0) throw new UsageError('validate needs at least one INPUT');
  if (values.format !== 'text' && values.format !== 'json')
    throw new UsageError('--format is text or json');
  const json = values.format === 'json';
  const flavours = await parseFlavours(values.flavour);
  const threads = intOption('jobs', values.jobs, 1, 256) ?? availableParallelism();
  const inputs = await collectInputs(positionals, ['.pdf']);
  const stdin = inputs[0].path === '-' ? await io.readStdin() : undefined;
  const jobs: Job[] = inputs.map((input) => ({
    kind: 'validate',
    file: input.path,
    ...(input.path === '-' && stdin ? { stdin } : {}),
    flavours,
  }));
  const batch = jobs.length > 1;
  const { tally } = await runBatch({
    jobs,
    threads,
    io,
    verb: 'validated',
    summary: batch,
    progressBar: true,
    report: async (o) => {
      const v = o as ValidateOutcome;
      if (json) {
        const line = v.report ? { file: v.file, ...v.report } : { file: v.file, error: v.error };
        await writeFully(io.stdout, `${JSON.stringify(line)}\n`);
        return v.error ? [`${v.file}: ${v.error.message}`] : [];
      }
      if (v.report) await writeFully(io.stdout, `${formatTextReport(v.file, v.report)}\n`);
      if (v.error) return batch ? outcomeLines(v) : [`${v.file}: ${v.error.message}`];
      return [];
    },
  });
  return tally.failed + tally.notCompliant > 0 ? EXIT_FAILED : EXIT_OK;
}

export async function cmdIdentify(args: string[], io: Io): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    options: { help: { type: 'boolean', short: 'h' } },
    allowPositionals: true,
    strict: true,
  });
  if (values.help) {
    io.stdout.write(`${IDENTIFY_HELP}\n`);
    return EXIT_OK;
  }
  if (positionals.length === 0) throw new UsageError('identify needs at least one INPUT');
  const { NotPdfError, identify } = await loadValidator();
  let exit = EXIT_OK;
  for (const input of await collectInputs(positionals, ['.pdf'])) {
    try {
      const bytes = input.path === '-' ? await io.readStdin() : await readFile(input.path);
      await writeFully(io.stdout, `${JSON.stringify({ file: input.path, ...identify(bytes) })}\n`);
    } catch (err) {
      if (!(err instanceof NotPdfError) && !(err as NodeJS.ErrnoException).code) throw err;
      io.stderr.write(`${input.path}: ${(err as Error).message}\n`);
      exit = EXIT_FAILED;
    }
  }
  return exit;
}
