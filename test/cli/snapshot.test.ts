/**
 * The installed command line (bin/a11ypdf.js run as a program, the way a shell runs it) starts
 * from the start-up snapshot built by `npm run build`. A snapshot is a frozen heap: these tests
 * check that what a process must not share with the build (random identifiers, modules loaded on
 * demand, worker threads, standard input and output) still works, that its output is the output
 * of a normal start, and that the launcher falls back when the snapshot does not fit.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPdf } from './support.js';

const root = join(import.meta.dirname, '..', '..');
const bin = join(root, 'bin', 'a11ypdf.js');

interface Run {
  readonly code: number | null;
  readonly stdout: Buffer;
  readonly stderr: string;
}

function a11ypdf(args: string[], opts: { env?: NodeJS.ProcessEnv; input?: string } = {}): Run {
  const { NODE_OPTIONS: _options, A11YPDF_NO_SNAPSHOT: _off, ...env } = process.env;
  const r = spawnSync(bin, args, {
    env: { ...env, ...opts.env },
    input: opts.input,
    timeout: 60_000,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr.toString('utf8') };
}

const version = (env?: NodeJS.ProcessEnv) => a11ypdf(['--version'], { env }).stdout.toString();
const documentId = (stderr: string) => /documentId ([0-9a-f-]{36})/.exec(stderr)?.[1];

const SVG_BOX = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="30" height="10"><rect width="30" height="10" fill="teal"/></svg>',
).toString('base64');
const PNG_1PX =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

describe.skipIf(process.platform === 'win32')('start-up snapshot of the command line', () => {
  let dir: string;
  const file = (name: string, text: string) => {
    const path = join(dir, name);
    writeFileSync(path, text);
    return path;
  };

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'a11ypdf-snapshot-'));
    // `npm test` builds dist/ first; a focused run after a source change rebuilds the bundles.
    if (!version().includes('start-up snapshot'))
      execFileSync(process.execPath, [join(root, 'scripts', 'bundle.mjs')], { stdio: 'ignore' });
  }, 300_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('is used when it fits, and not when NODE_OPTIONS or A11YPDF_NO_SNAPSHOT is set', () => {
    expect(version()).toMatch(/^a11ypdf \d+\.\d+\.\d+ \(Node\.js v\d+.*start-up snapshot\)\n$/);
    expect(version({ NODE_OPTIONS: '--max-old-space-size=512' })).toContain('from the bundle');
    expect(version({ A11YPDF_NO_SNAPSHOT: '1' })).toContain('from the bundle');
  });

  it('renders what a normal start renders, with a new document identifier each time', async () => {
    const input = file(
      'note.html',
      '<!doctype html><html lang="en"><head><title>Note</title></head><body style="font-family: sans-serif">' +
        '<h1>Quarterly note</h1><p>Revenue grew by <em>twelve</em> per cent; <strong>costs</strong> stayed flat.</p>' +
        '<pre>total = 12</pre></body></html>',
    );
    const outs = ['a.pdf', 'b.pdf', 'c.pdf'].map((n) => join(dir, n));
    const first = a11ypdf(['render', input, '-o', outs[0]!]);
    const second = a11ypdf(['render', input, '-o', outs[1]!]);
    const plain = a11ypdf(['render', input, '-o', outs[2]!], { env: { A11YPDF_NO_SNAPSHOT: '1' } });
    for (const r of [first, second, plain]) expect(r.code, r.stderr).toBe(0);
    // The entropy a snapshot was built with must not be replayed by every start.
    const ids = [first, second, plain].map((r) => documentId(r.stderr));
    expect(new Set(ids).size).toBe(3);
    const [a, b, c] = await Promise.all(outs.map(async (o) => readPdf(readFileSync(o))));
    expect(a![0]!.text).toContain('Quarterly note');
    expect(a![0]!.text.replace(/\s+/g, ' ')).toContain('costs stayed flat');
    expect(a).toEqual(c);
    expect(b).toEqual(c);
  });

  it('loads the modules left outside the bundle (images, flex layout) after start-up', async () => {
    const input = file(
      'outside.html',
      '<!doctype html><html lang="en"><head><title>Outside</title></head><body>' +
        `<img alt="A dot" src="data:image/png;base64,${PNG_1PX}" width="20" height="20">` +
        `<img alt="A box" src="data:image/svg+xml;base64,${SVG_BOX}">` +
        '<div style="display: flex; gap: 10px"><div>Left cell</div><div>Right cell</div></div>' +
        '</body></html>',
    );
    const out = join(dir, 'outside.pdf');
    const r = a11ypdf(['render', input, '-o', out]);
    expect(r.code, r.stderr).toBe(0);
    // Only the summary line: no notice from Node about how the modules were loaded.
    expect(r.stderr).not.toMatch(/Warning/);
    expect(r.stderr).not.toMatch(/warning \[/);
    const [page] = await readPdf(readFileSync(out));
    expect(page!.images).toBe(1);
    expect(page!.text).toMatch(/Left cell.*Right cell/);
  });

  it('loads xmldom after start-up: inline SVG of a template, and the validator reading XMP', () => {
    const invoice = JSON.parse(
      readFileSync(join(root, 'test', 'fixtures', 'templates', 'invoice.json'), 'utf8'),
    ) as { template: { rows: { blocks: { src?: string }[] }[] } };
    invoice.template.rows[0]!.blocks[0]!.src =
      "<svg width='40' height='20'><rect width='40' height='20' fill='teal'/></svg>";
    const input = file('inline-svg.json', JSON.stringify(invoice));
    const r = a11ypdf(['render', input, '-o', join(dir, 'inline-svg.pdf'), '--validate']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.toString()).toMatch(/PDF\/A-3A .*: pass/);
    const broken = file(
      'broken-svg.json',
      JSON.stringify({
        ...invoice,
        template: {
          ...invoice.template,
          rows: [{ blocks: [{ ...invoice.template.rows[0]!.blocks[0]!, src: '<svg><g></svg>' }] }],
        },
      }),
    );
    const bad = a11ypdf(['render', broken, '-o', join(dir, 'broken-svg.pdf')]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/is not well-formed SVG/);
  });

  it("reads css-tree's grammar from its package when a value needs it", () => {
    // Telling valid but unsupported CSS from invalid CSS takes the grammar, left outside.
    const input = file(
      'grammar.html',
      '<!doctype html><html lang="en"><head><title>Grammar</title>' +
        '<style>p { display: ruby; width: nonsense(1) }</style></head><body><p>Text</p></body></html>',
    );
    const r = a11ypdf(['render', input, '-o', join(dir, 'grammar.pdf')]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/css\.unsupported\] value not supported for 'display': ruby/);
    expect(r.stderr).toMatch(/css\.invalid-value\] invalid value for 'width'/);
  });

  it('reads standard input and writes standard output', async () => {
    const r = a11ypdf(['render', '-', '-o', '-'], {
      input: '<!doctype html><html lang="en"><title>Piped</title><p>Through a pipe</p></html>',
    });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await readPdf(r.stdout))[0]!.text).toContain('Through a pipe');
  });

  it('renders a batch on worker threads and says which file failed', () => {
    const good = ['one', 'two'].map((n) =>
      file(
        `${n}.html`,
        `<!doctype html><html lang="en"><title>${n}</title><p>Page ${n}</p></html>`,
      ),
    );
    const out = join(dir, 'batch');
    const bad = file('bad.json', JSON.stringify({ template: { rows: 'not a list' } }));
    const r = a11ypdf(['render', ...good, bad, '-o', out, '--jobs', '2']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/FAIL .*bad\.json/);
    expect(r.stderr).toMatch(/rendered 3 files: 2 ok, 1 failed in [\d.]+ s on 2 threads/);
    for (const n of ['one', 'two'])
      expect(
        readFileSync(join(out, `${n}.pdf`))
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
  });

  it('asks glibc for huge pages for node, keeping a setting of the caller', () => {
    // A stand-in `node` first on PATH prints what the launcher hands it.
    const fake = join(dir, 'fake-node');
    mkdirSync(fake, { recursive: true });
    writeFileSync(join(fake, 'node'), '#!/bin/sh\necho "tunables=$GLIBC_TUNABLES"\n', {
      mode: 0o755,
    });
    const tunables = (value: string | undefined) => {
      const { GLIBC_TUNABLES: _t, ...env } = process.env;
      const r = spawnSync(bin, ['--version'], {
        env: {
          ...env,
          PATH: `${fake}:${env.PATH ?? ''}`,
          ...(value === undefined ? {} : { GLIBC_TUNABLES: value }),
        },
      });
      return r.stdout.toString().trim();
    };
    expect(tunables(undefined)).toBe('tunables=glibc.malloc.hugetlb=1');
    expect(tunables('glibc.malloc.arena_max=2')).toBe(
      'tunables=glibc.malloc.arena_max=2:glibc.malloc.hugetlb=1',
    );
    expect(tunables('glibc.malloc.hugetlb=0')).toBe('tunables=glibc.malloc.hugetlb=0');
  });
});
