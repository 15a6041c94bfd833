#!/usr/bin/env node
// Builds the command line's bundle (dist/bundle/), which bin/a11ypdf.js runs:
//
//   a11ypdf.cjs        src/cli.ts and everything a render needs, one CommonJS function, so a cold
//                      start reads one file instead of resolving and compiling ~900 modules
//   a11ypdf.cjs.cache  V8's code cache for it, made by rendering sample documents once
//   loader.cjs         compiles the bundle with that cache (scripts/bundle/loader.cjs)
//   batch-worker.js    entry of a batch worker thread: the same bundle, the same cache
//
// Left outside, loaded from node_modules when a document needs them: the service (dist/server,
// started by `a11ypdf serve`), sharp (native), undici (remote resources), bwip-js (barcodes)
// jose and yoga's wasm module. `npm run build` runs tsc and then this script.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'dist', 'bundle');
const here = join(root, 'scripts', 'bundle');

/** Packages loaded on demand from node_modules rather than parsed by every process. */
const ON_DEMAND = /^(sharp|undici|bwip-js|jose|pino|fastify)(\/|$)/;

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

const plugins = [
  {
    name: 'a11ypdf-bundle',
    setup(b) {
      b.onResolve({ filter: ON_DEMAND }, (a) => outside(a.path, a.kind));
      // The service runs from dist/server (its worker threads start from files there).
      b.onResolve({ filter: /^\.\.\/server\// }, (a) =>
        a.importer.includes(`${join('src', 'cli')}`) ? outside(a.path, a.kind) : undefined,
      );
      // yoga's default entry instantiates its wasm module with a top-level await; the layout
      // imports it when a document has a flex container (its enumerations come bundled).
      b.onResolve({ filter: /^yoga-layout$/ }, (a) => outside(a.path, a.kind));
      // css-tree's ESM build reads its data through createRequire(import.meta.url), which
      // cannot be bundled; its CommonJS build requires the same files statically.
      b.onResolve({ filter: /^css-tree(\/|$)/ }, (a) =>
        a.kind === 'require-call'
          ? undefined
          : b.resolve(a.path, { kind: 'require-call', resolveDir: a.resolveDir }),
      );
      b.onResolve({ filter: /^tiny-inflate$/ }, () => ({ path: join(here, 'inflate-raw.cjs') }));
      b.onResolve({ filter: /^js-yaml$/ }, () => ({ path: join(here, 'no-yaml.cjs') }));
      b.onResolve({ filter: /^brotli\/decompress(\.js)?$/ }, () => ({
        path: join(here, 'brotli-decompress.cjs'),
      }));
    },
  },
];

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const built = await build({
  stdin: {
    contents: [
      "export { main, run } from './src/cli.ts';",
      // In a worker thread this starts the batch worker; in the main thread it does nothing.
      "import './src/cli/batch-worker.ts';",
    ].join('\n'),
    resolveDir: root,
    sourcefile: 'bundle-entry.ts',
    loader: 'ts',
  },
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  outfile: join(out, 'a11ypdf.cjs'),
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
  plugins,
});
for (const file of built.outputFiles) {
  let text = file.text;
  if (file.path.endsWith('.cjs')) {
    text = text.replace(/import\((["'])a11ypdf-outside:([^"']+)\1\)/g, `${IMPORT_FN}($1$2$1)`);
    // Written as the function expression the loader compiles, so the loader need not build a
    // second copy of 3 MB of source to wrap it.
    text = `(function (exports, require, module, __filename, __dirname, ${IMPORT_FN}) {${text}\n})`;
  }
  if (text.includes(MARK)) throw new Error(`an import() of a module outside was not rewritten`);
  writeFileSync(file.path, text);
}
copyFileSync(join(here, 'loader.cjs'), join(out, 'loader.cjs'));
copyFileSync(join(here, 'batch-worker.js'), join(out, 'batch-worker.js'));

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
} finally {
  rmSync(work, { recursive: true, force: true });
}
