/**
 * The no-loss invariant over the fuzz corpus: documents drawn with the fuzz suites' generators
 * (tag soup, mutants of a realistic document, random declarations), with the fixed fuzz seed,
 * rendered in this process and read back with pdfjs-dist. Every visible word reaches the text
 * layer and the structure tree, or a warning names its element (test/support/no-loss.ts).
 * FUZZ_RUNS scales the sample, FUZZ_SEED explores others.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/diagnostics.js';
import { render } from '../../src/render.js';
import { createResourceLoader } from '../../src/resources/index.js';
import { checkNoLoss, describeLoss } from '../support/no-loss.js';
import {
  CSS_RULE,
  DECLARATIONS_BODY,
  MUTATION_BASE,
  TAG_SOUP_TOKEN,
  fuzzPage,
} from './support/html-corpus.js';
import { mutateText } from './support/mutate.js';
import { FUZZ_SEED, runs } from './support/runner.js';

/**
 * Documents that lose words today, by finding (FINDINGS.md). The documents an entry matches
 * must keep losing words: when a fix makes them all pass, the test says so and the entry goes.
 */
const KNOWN_LOSS: readonly { readonly finding: string; readonly matches: RegExp }[] = [];

/** Words lost, or null when the input is refused with a typed error (nothing to check). */
async function losses(html: string): Promise<string[] | null> {
  let result;
  try {
    result = await render({ kind: 'html', html }, { deterministic: true });
  } catch (e) {
    if (e instanceof InputError) return null;
    throw e;
  }
  const report = await checkNoLoss({
    html,
    loader: createResourceLoader(),
    pdf: result.pdf,
    warnings: result.warnings,
  });
  return describeLoss(report);
}

/** Documents of an arbitrary, the same ones on every run with the same seed. */
function corpus(arb: fc.Arbitrary<string>, count: number): string[] {
  return fc.sample(arb, { seed: FUZZ_SEED, numRuns: count });
}

async function expectNoLoss(docs: readonly string[]): Promise<void> {
  const failures: { html: string; lost: string[] }[] = [];
  /** Per known finding met in this corpus: whether some document of it still loses words. */
  const stillLoses = new Map<string, boolean>();
  for (const html of docs) {
    const lost = await losses(html);
    if (lost === null) continue;
    const known = KNOWN_LOSS.find((k) => k.matches.test(html));
    if (known)
      stillLoses.set(known.finding, (stillLoses.get(known.finding) ?? false) || lost.length > 0);
    else if (lost.length > 0) failures.push({ html: html.slice(0, 400), lost });
  }
  expect(failures).toEqual([]);
  const nowPass = [...stillLoses].filter(([, loses]) => !loses).map(([f]) => f);
  expect(nowPass.map((f) => `${f} now passes: remove its entry`)).toEqual([]);
}

describe('no silent loss over the fuzz corpus', () => {
  it('tag soup', async () => {
    const soup = fc.array(TAG_SOUP_TOKEN, { maxLength: 200 }).map((t) => fuzzPage(t.join('')));
    await expectNoLoss(corpus(soup, runs(25)));
  }, 600_000);

  it('mutants of a realistic document', async () => {
    const mutants = fc
      .tuple(fc.integer(), fc.integer({ min: 1, max: 8 }))
      .map(([seed, count]) => mutateText(MUTATION_BASE, seed, count));
    await expectNoLoss(corpus(mutants, runs(20)));
  }, 600_000);

  it('random declarations', async () => {
    const styled = fc
      .array(CSS_RULE, { maxLength: 12 })
      .map((rules) => fuzzPage(DECLARATIONS_BODY, `<style>${rules.join('\n')}</style>`));
    await expectNoLoss(corpus(styled, runs(25)));
  }, 600_000);
});
