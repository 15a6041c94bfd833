/**
 * The fidelity gallery in CI: every document in gallery/ renders through render() with zero
 * PDF/A-3a and PDF/UA-1 failures from our validator, and keeps every visible word in the text
 * layer and the structure tree (test/support/no-loss.ts). The comparison with WeasyPrint and
 * Chromium is `npm run fidelity`, outside the test suite.
 *
 * gallery/EXPECTED-FAILURES.json lists, per document and check, why it fails today. A listed
 * check must still fail: once a layout feature lands and it passes, this test fails until its
 * entry is removed, so the list only shrinks.
 */
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { render, type RenderResult } from '../../src/render.js';
import { createResourceLoader } from '../../src/resources/index.js';
import { validate } from '../../src/validate/index.js';
import { serveDirectory, type DirectoryServer } from '../../scripts/fidelity-serve.mjs';
import { checkNoLoss, describeLoss } from '../support/no-loss.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const GALLERY = join(ROOT, 'gallery');

type Check = 'compliance' | 'noLoss';
const CHECKS: readonly Check[] = ['compliance', 'noLoss'];

const documents = readdirSync(GALLERY, { withFileTypes: true })
  .filter((e) => e.isDirectory() && existsSync(join(GALLERY, e.name, 'index.html')))
  .map((e) => e.name)
  .sort();
const manifest = JSON.parse(readFileSync(join(GALLERY, 'manifest.json'), 'utf8')) as {
  documents: Record<string, { title: string; reference: string; features: string[] }>;
};
const expected = JSON.parse(
  readFileSync(join(GALLERY, 'EXPECTED-FAILURES.json'), 'utf8'),
) as Record<string, Partial<Record<Check | '$comment', string>>>;

let server: DirectoryServer;
const renders = new Map<string, Promise<RenderResult | Error>>();

beforeAll(async () => {
  server = await serveDirectory(ROOT);
});
afterAll(async () => {
  await server?.close();
});

function urlOf(name: string): string {
  return server.urlFor(`gallery/${name}/index.html`);
}

/** One render per document, shared by its checks; a thrown error is a result too. */
function rendered(name: string): Promise<RenderResult | Error> {
  let p = renders.get(name);
  if (!p) {
    const html = readFileSync(join(GALLERY, name, 'index.html'), 'utf8');
    p = render(
      { kind: 'html', html, baseUrl: urlOf(name) },
      { allowPrivateNetwork: true, deterministic: true },
    ).catch((e: unknown) => (e instanceof Error ? e : new Error(String(e))));
    renders.set(name, p);
  }
  return p;
}

/** What is wrong with the document for one check; empty when it passes. */
async function problems(name: string, check: Check): Promise<string[]> {
  const result = await rendered(name);
  if (result instanceof Error) return [`render() threw ${result.name}: ${result.message}`];
  if (check === 'compliance') {
    return (validate(result.pdf).failures ?? []).map(
      (f) => `${f.profile} ${f.clause}-${f.testNumber}: ${f.message}`,
    );
  }
  const report = await checkNoLoss({
    html: readFileSync(join(GALLERY, name, 'index.html'), 'utf8'),
    baseUrl: urlOf(name),
    loader: createResourceLoader({ allowPrivateNetwork: true }),
    pdf: result.pdf,
    warnings: result.warnings,
  });
  return describeLoss(report);
}

describe('the gallery is well formed', () => {
  it('has at least fourteen documents, each in the manifest', () => {
    expect(documents.length).toBeGreaterThanOrEqual(14);
    expect(Object.keys(manifest.documents).sort()).toEqual(documents);
  });

  it('lists expected failures only for real documents and checks, each with its reason', () => {
    for (const [name, entry] of Object.entries(expected)) {
      if (name === '$comment') continue;
      expect(documents, `EXPECTED-FAILURES.json names '${name}'`).toContain(name);
      for (const [check, reason] of Object.entries(entry)) {
        expect(CHECKS, `${name}: unknown check '${check}'`).toContain(check);
        expect(typeof reason === 'string' && reason.trim().length > 10, `${name}.${check}`).toBe(
          true,
        );
      }
    }
  });
});

describe.each(documents)('gallery/%s', (name) => {
  for (const check of CHECKS) {
    const reason = expected[name]?.[check];
    const title =
      check === 'compliance'
        ? 'renders PDF/A-3a + PDF/UA-1 with zero validator failures'
        : 'keeps every visible word in the text layer and the structure tree';
    it(
      reason ? `${title} (expected to fail: ${reason})` : title,
      { timeout: 180_000 },
      async () => {
        const found = await problems(name, check);
        if (reason) {
          expect(
            found,
            `${name} now passes '${check}': remove its entry from gallery/EXPECTED-FAILURES.json`,
          ).not.toEqual([]);
        } else {
          expect(found).toEqual([]);
        }
      },
    );
  }
});
