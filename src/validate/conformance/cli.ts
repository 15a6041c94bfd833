#!/usr/bin/env node
/**
 * Conformance runner: validates every file of a corpus folder against the flavour of its
 * top folder and measures agreement with the expectations encoded in the file names (see
 * corpus.ts). Prints the verdict agreement first (the headline), then the per-file and per-rule
 * agreement by clause (diagnostics), per-flavour tables and the disagreements; exits 1 when a
 * figure is below its floor, 2 on a usage error.
 *
 *   npm run conformance -- DIR [--min-verdict PCT] [--min-file PCT] [--min-rule PCT] [--filter TEXT] [--quiet]
 */
import { parseArgs } from 'node:util';
import { formatConformance, percent, runConformance } from './run.js';

const USAGE =
  'Usage: conformance DIR [--min-verdict PCT] [--min-file PCT] [--min-rule PCT] [--filter TEXT] [--quiet]';

function floor(v: string | undefined): number | null {
  if (v === undefined) return null;
  const n = Number(v);
  if (!Number.isFinite(n) || n < 0 || n > 100) throw new Error(`not a percentage: ${v}`);
  return n;
}

function main(argv: string[]): number {
  let values;
  let positionals;
  let minVerdict: number | null;
  let minFile: number | null;
  let minRule: number | null;
  try {
    ({ values, positionals } = parseArgs({
      args: argv,
      options: {
        'min-verdict': { type: 'string' },
        'min-file': { type: 'string' },
        'min-rule': { type: 'string' },
        filter: { type: 'string' },
        quiet: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
      allowPositionals: true,
    }));
    minVerdict = floor(values['min-verdict']);
    minFile = floor(values['min-file']);
    minRule = floor(values['min-rule']);
  } catch (e) {
    console.error(`${(e as Error).message}\n${USAGE}`);
    return 2;
  }
  if (values.help || positionals.length !== 1) {
    console.error(USAGE);
    return values.help ? 0 : 2;
  }
  let result;
  try {
    result = runConformance(positionals[0], values.filter);
  } catch (e) {
    console.error(`cannot read ${positionals[0]}: ${(e as Error).message}`);
    return 2;
  }
  if (result.results.length === 0) {
    console.error(`no corpus files found in ${positionals[0]}`);
    return 2;
  }
  console.log(formatConformance(result, values.quiet === true));
  const o = result.overall;
  const fileAgree = percent(o.filesAgreeing, o.files);
  const ruleAgree = percent(o.rulesAgreeing, o.rules);
  const verdictAgree = percent(o.verdictsAgreeing, o.files);
  let exit = 0;
  if (minVerdict !== null && verdictAgree < minVerdict) {
    console.error(
      `verdict agreement ${verdictAgree.toFixed(2)}% is below the floor ${minVerdict}%`,
    );
    exit = 1;
  }
  if (minFile !== null && fileAgree < minFile) {
    console.error(`per-file agreement ${fileAgree.toFixed(2)}% is below the floor ${minFile}%`);
    exit = 1;
  }
  if (minRule !== null && ruleAgree < minRule) {
    console.error(`per-rule agreement ${ruleAgree.toFixed(2)}% is below the floor ${minRule}%`);
    exit = 1;
  }
  return exit;
}

process.exitCode = main(process.argv.slice(2));
