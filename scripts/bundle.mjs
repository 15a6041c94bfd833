#!/usr/bin/env node
// Builds the bundles (dist/bundle/), each one CommonJS function compiled through V8's code
// cache, so a start reads one file and deserialises bytecode instead of resolving and
// compiling ~900 ES modules:
//
//   a11ypdf.cjs         the command line (bin/a11ypdf.js): src/cli.ts and everything a render
//                       needs; its batch worker threads start from batch-worker.js
//   service.cjs         the service's HTTP thread (`a11ypdf serve`): fastify, routes, the pool
//   service-worker.cjs  the service's worker threads (worker.cjs): the engine and the task runner
//   *.cjs.cache         V8's code cache of each, made by running sample work once
//   a11ypdf.blob        the command line's start-up snapshot (+ .stamp: the node it fits)
//   loader.cjs          compiles a bundle with its cache (scripts/bundle/loader.cjs)
// and dist/route-validators.cjs and dist/route-serializers.cjs, the service's route validators
// and response serializers (scripts/route-validators.mjs),
// and dist/template-validators.cjs, the template schema's (scripts/template-validators.mjs).
//
// Left outside, loaded from node_modules when needed: sharp (native), undici (remote
// resources), bwip-js (barcodes), jose, yoga's wasm module, piscina (its worker file lives in
// its package), @fastify/swagger-ui (serves its package's files); the command line also leaves
// out the service (started from service.cjs, or dist/server without bundles).
// `npm run build` runs tsc and then this script.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { dirname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'dist', 'bundle');
const here = join(root, 'scripts', 'bundle');

/**
 * Packages loaded on demand from node_modules rather than parsed by every process (BullMQ and
 * ioredis only by a service with a job queue).
 */
const ON_DEMAND = /^(sharp|undici|bwip-js|jose|bullmq|ioredis)(\/|$)/;
/** What the command line never needs unless it serves, which it does from service.cjs. */
const SERVICE_ONLY = /^(pino|fastify|@fastify\/|piscina|bullmq|ioredis|prom-client)(\/|$)/;
/**
 * Packages that read files beside their own code or start threads from them. (Swagger UI's
 * plugin reads its page files too, but the service tells it where they are.)
 */
const FILE_BOUND = /^piscina(\/|$)/;

/** Rewrites `import.meta.url` in ESM sources to the bundle's own URL (set by the banner). */
const META_URL = '__a11ypdfBundleUrl';

/**
 * A script compiled with a code cache cannot use import() on Node 20 (the dynamic import
 * callback is lost), so the bundle's import() of modules left outside calls a function the
 * loader passes in instead: the plugin marks those specifiers and the text is rewritten below.
 */
const IMPORT_FN = '__a11ypdfImport';
const MARK = 'a11ypdf-outside:';

/** Left outside the bundle; a dynamic import of it goes through the loader's import(). */
const outside = (path, kind) => ({
  path: kind === 'dynamic-import' ? `${MARK}${path}` : path,
  external: true,
});

/**
 * esbuild plugin; `cli`: the command line's bundle, which leaves the service outside;
 * `barcodes`: bwip-js goes into the bundle rather than being loaded on demand.
 */
const bundlePlugin = (cli, barcodes) => ({
  name: 'a11ypdf-bundle',
  setup(b) {
    b.onResolve({ filter: ON_DEMAND }, (a) =>
      barcodes && /^bwip-js(\/|$)/.test(a.path) ? undefined : outside(a.path, a.kind),
    );
    b.onResolve({ filter: cli ? SERVICE_ONLY : FILE_BOUND }, (a) => outside(a.path, a.kind));
    // The command line starts the service from its own bundle (or dist/server without one).
    if (cli)
      b.onResolve({ filter: /^\.\.\/server\// }, (a) =>
        a.importer.includes(`${join('src', 'cli')}`) ? outside(a.path, a.kind) : undefined,
      );
    // The layout loads yoga (its wasm module, base64 in 100 KB of JavaScript) when a
    // document has a flex container; its enumerations come bundled. The command line keeps
    // the loader outside, as its other on-demand modules, out of its start-up snapshot; the
    // service's workers warm up on a flex header, so theirs carries it.
    if (cli)
      b.onResolve({ filter: /^yoga-layout(\/load)?$/ }, (a) =>
        a.kind === 'dynamic-import' ? outside(a.path, a.kind) : undefined,
      );
    // xmldom likewise (SVG images, inline SVG of templates, XMP of validated files): loaded
    // with the first document that needs it, not carried by every start.
    if (cli) b.onResolve({ filter: /^@xmldom\/xmldom$/ }, (a) => outside(a.path, a.kind));
    // css-tree's ESM build reads its data through createRequire(import.meta.url), which
    // cannot be bundled; its CommonJS build requires the same files statically.
    b.onResolve({ filter: /^css-tree(\/|$)/ }, (a) =>
      a.kind === 'require-call'
        ? undefined
        : b.resolve(a.path, { kind: 'require-call', resolveDir: a.resolveDir }),
    );
    // Our modules run nothing at load that another relies on (no module is imported for its
    // side effects alone), so one whose exports a bundle never uses is left out: the service's
    // HTTP thread then carries its routes and schemas, not the engine and the validator that
    // the same entry points re-export for library users.
    const srcDir = join(root, 'src') + sep;
    b.onResolve({ filter: /^\.\.?\// }, async (a) => {
      if (a.pluginData?.own || !a.importer.startsWith(srcDir)) return undefined;
      const r = await b.resolve(a.path, {
        kind: a.kind,
        importer: a.importer,
        resolveDir: a.resolveDir,
        pluginData: { own: true },
      });
      if (r.errors.length > 0 || r.external || !r.path.startsWith(srcDir)) return r;
      return { path: r.path, sideEffects: false };
    });
    b.onResolve({ filter: /^tiny-inflate$/ }, () => ({ path: join(here, 'inflate-raw.cjs') }));
    b.onResolve({ filter: /^js-yaml$/ }, () => ({ path: join(here, 'no-yaml.cjs') }));
    b.onResolve({ filter: /^brotli\/decompress(\.js)?$/ }, () => ({
      path: join(here, 'brotli-decompress.cjs'),
    }));
  },
});

/** Bundles `entry` (TypeScript source text) into dist/bundle/<name>.cjs. */
async function bundle(name, entry, { cli = false, barcodes = false } = {}) {
  const built = await build({
    stdin: { contents: entry, resolveDir: root, sourcefile: `${name}-entry.ts`, loader: 'ts' },
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    outfile: join(out, `${name}.cjs`),
    define: { 'import.meta.url': META_URL },
    banner: { js: `var ${META_URL} = require('node:url').pathToFileURL(__filename).href;` },
    // Whitespace, comments and syntax only, names kept (stack traces stay readable); ASCII
    // throughout, so V8 holds the source as a one-byte string (half the memory of two-byte).
    minifyWhitespace: true,
    minifySyntax: true,
    charset: 'ascii',
    legalComments: 'linked',
    logLevel: 'warning',
    write: false,
    plugins: [bundlePlugin(cli, barcodes)],
  });
  for (const file of built.outputFiles) {
    let text = file.text;
    if (file.path.endsWith('.cjs')) {
      text = text.replace(/import\((["'])a11ypdf-outside:([^"']+)\1\)/g, `${IMPORT_FN}($1$2$1)`);
      // Written as the function expression the loader compiles, so the loader need not build a
      // second copy of the source to wrap it.
      text = `(function (exports, require, module, __filename, __dirname, ${IMPORT_FN}) {${text}\n})`;
    }
    if (text.includes(MARK)) throw new Error(`an import() of a module outside was not rewritten`);
    // The loader reads the bundles as Latin-1, which is their text only while they are ASCII.
    if (file.path.endsWith('.cjs') && /[^\x00-\x7f]/.test(text))
      throw new Error(`${file.path} is not ASCII`);
    writeFileSync(file.path, text);
  }
}

// The service's route validators and the template schema's, compiled here once rather than in
// every process. (Before the caches below: their sample work loads them.)
for (const script of ['route-validators.mjs', 'template-validators.mjs'])
  execFileSync(process.execPath, [join(root, 'scripts', script)], { stdio: 'inherit' });

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
await bundle(
  'a11ypdf',
  [
    "export { main, run } from './src/cli.ts';",
    // In a worker thread this starts the batch worker; in the main thread it does nothing.
    "import './src/cli/batch-worker.ts';",
    // For the start-up snapshot, after its sample render (scripts/bundle/snapshot.cjs).
    "export const forgetDocumentCaches = () => import('./src/render.ts').then((m) => m.forgetDocumentCaches());",
  ].join('\n'),
  { cli: true },
);
await bundle(
  'service',
  [
    "export { startService } from './src/server/start.ts';",
    "export { parseRole } from './src/server/jobs/config.ts';",
  ].join('\n'),
);
// Every worker draws a QR code in its warm-up, so it loads bwip-js anyway: inside its bundle
// the 2.3 MB of source come from the code cache instead of being compiled by every worker.
await bundle('service-worker', "export { startPoolWorker } from './src/server/worker-thread.ts';", {
  barcodes: true,
});
copyFileSync(join(here, 'loader.cjs'), join(out, 'loader.cjs'));
copyFileSync(join(here, 'batch-worker.js'), join(out, 'batch-worker.js'));
copyFileSync(join(here, 'worker.cjs'), join(out, 'worker.cjs'));

// The code cache: V8 keeps the bytecode of every function compiled so far, so render a page
// with what most documents have (text, a list, a link, a table, an SVG) before taking it.
// Templates and validation compile on first use: in the cache, every start would deserialise
// them (measured: about 10% more start-up time for a plain page).
const work = mkdtempSync(join(tmpdir(), 'a11ypdf-bundle-'));
try {
  const html = join(work, 'sample.html');
  writeFileSync(
    html,
    `<!doctype html><html lang="en"><head><title>Sample</title><style>
table { border-collapse: collapse } td, th { border: 1px solid #999; padding: 2pt }
</style></head><body><h1>Sample</h1><p>Text with <em>emphasis</em>, <a href="https://example.org/">a link</a>.</p>
<ul><li>one</li><li>two</li></ul>
<table><thead><tr><th>Item</th><th>Price</th></tr></thead><tbody><tr><td>Tea</td><td>1.00</td></tr></tbody></table>
<svg width="40" height="20" role="img" aria-label="bar"><rect width="30" height="10" fill="teal"/></svg>
</body></html>`,
  );
  const script = `
    const { loadBundle, refreshCache } = require(${JSON.stringify(join(out, 'loader.cjs'))});
    const { main } = loadBundle();
    const io = { stdout: { write() {} }, stderr: { write() {} }, readStdin: async () => Buffer.alloc(0) };
    (async () => {
      await main(['render', ${JSON.stringify(html)}, '-o', ${JSON.stringify(join(work, 'a.pdf'))}], io);
      refreshCache();
    })();`;
  execFileSync(process.execPath, ['-e', script], { stdio: 'inherit' });
  // The snapshot also decodes the faces most documents use (serif is the default, sans-serif
  // stands for Arial and Helvetica): each face decoded at build time is one not decoded at every
  // start, at about 1.5 MB more in the snapshot.
  const snapshotSample = join(work, 'snapshot.html');
  writeFileSync(
    snapshotSample,
    readFileSync(html, 'utf8').replace(
      '<body>',
      '<body><div style="font-family: sans-serif"><h2>Sans</h2><p>Text with <em>emphasis</em> and <strong>strength</strong>.</p></div>',
    ),
  );
  makeSnapshot(snapshotSample, join(work, 'b.pdf'));
} finally {
  rmSync(work, { recursive: true, force: true });
}

/**
 * The command line's start-up snapshot (scripts/bundle/snapshot.cjs): the heap of a process that
 * has loaded the bundle and rendered `sample`. V8 takes a snapshot only from the same node binary
 * with the same V8 flags, and it holds the absolute paths of this folder, so a stamp beside it
 * names the node (size and modification second of the binary) and the folder; the launcher uses
 * the blob only when both still match.
 */
function makeSnapshot(sample, sampleOut) {
  const blob = join(out, 'a11ypdf.blob');
  const built = spawnSync(
    process.execPath,
    [
      '--snapshot-blob',
      blob,
      '--build-snapshot',
      join(here, 'snapshot.cjs'),
      out,
      sample,
      sampleOut,
    ],
    { encoding: 'utf8' },
  );
  // Node warns that some built-in modules are "not yet fully verified" in snapshots; the
  // command-line tests run the snapshot's renders (images, flex, pipes, batch) instead.
  const stderr = built.stderr
    .split('\n')
    .filter(
      (l) => !/not yet fully verified|It may still work|issue tracker|--trace-warnings/.test(l),
    )
    .join('\n')
    .trim();
  if (built.status !== 0) throw new Error(`building the start-up snapshot failed:\n${stderr}`);
  if (stderr) process.stderr.write(`${stderr}\n`);
  const { size, mtimeMs } = statSync(process.execPath);
  writeFileSync(`${blob}.stamp`, `${size} ${Math.floor(mtimeMs / 1000)} ${realpathSync(out)}\n`);
}

// The service's caches are written by the service itself, by the HTTP thread once it listens
// and by a worker once it is warm, wherever none fits its V8 flags. Started once here the way
// `npm start` and the Docker image start it (the same flags, so the same cache), the service
// leaves its caches in dist/bundle/ for every later start, including read-only installs.
// (Environment settings before `node`, such as MALLOC_ARENA_MAX, do not change V8's caches.)
const startFlags = /^(?:[A-Z_]+=\S+ )*node ((?:--\S+ )*)dist\/cli\.js serve$/.exec(
  JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts.start,
);
if (!startFlags)
  throw new Error(
    'package.json scripts.start is not `[VAR=value ...] node [flags] dist/cli.js serve`',
  );
await makeServiceCaches(startFlags[1].split(' ').filter(Boolean));

async function makeServiceCaches(flags) {
  const port = await new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port: free } = server.address();
      server.close(() => resolve(free));
    });
  });
  const { API_KEY: _k, API_KEYS: _ks, JWT_ISSUER: _i, ...env } = process.env;
  const child = spawn(process.execPath, [...flags, join(root, 'dist', 'cli.js'), 'serve'], {
    env: {
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      HEALTH_PORT: '0',
      WORKERS: '1',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const base = `http://127.0.0.1:${port}`;
  try {
    for (const giveUp = Date.now() + 300_000; ;) {
      if (child.exitCode !== null) throw new Error('the service stopped while making its caches');
      if (Date.now() > giveUp) throw new Error('the service did not become ready');
      const ready = await fetch(`${base}/health/ready`).then(
        (r) => r.ok,
        () => false,
      );
      if (ready) break;
      await sleep(100);
    }
    const html =
      '<!doctype html><html lang="en"><head><title>Sample</title></head><body><h1>Sample</h1><p>Text.</p></body></html>';
    const pdf = await fetch(`${base}/render/html`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ html }),
    });
    if (!pdf.ok) throw new Error(`sample render: HTTP ${pdf.status} ${await pdf.text()}`);
    const checked = await fetch(`${base}/validate`, {
      method: 'POST',
      headers: { 'content-type': 'application/pdf' },
      body: Buffer.from(await pdf.arrayBuffer()),
    });
    if (!checked.ok) throw new Error(`sample validation: HTTP ${checked.status}`);
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}
