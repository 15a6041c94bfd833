// Entry of the command line's start-up snapshot (dist/bundle/a11ypdf.blob), run by the build as
//
//   node --snapshot-blob a11ypdf.blob --build-snapshot snapshot.cjs BUNDLE_DIR SAMPLE.html OUT.pdf
//
// It loads the command-line bundle and renders a sample page, so that V8 serialises a heap in
// which every module has run, the bundled fonts the sample used are decoded and the functions
// of a render are compiled. A process started with `node --snapshot-blob a11ypdf.blob ARGS`
// (the POSIX launcher bin/a11ypdf.js does so when the blob matches the node it finds)
// deserialises that heap instead of compiling and running the engine again, then runs ARGS.
//
// While the snapshot is built, `require` loads built-in modules only and import() is not
// available: the bundle must carry every package it needs at load time (the ones it loads on
// demand, such as sharp, are imported when a document needs them, after start-up).
'use strict';
const { readFileSync } = require('node:fs');
const { createRequire, isBuiltin } = require('node:module');
const { join } = require('node:path');
const { pathToFileURL } = require('node:url');
const v8 = require('node:v8');
const vm = require('node:vm');

const [bundleDir, sample, sampleOut] = process.argv.slice(2);
const file = join(bundleDir, 'a11ypdf.cjs');
const bundleUrl = pathToFileURL(file);

/**
 * import() of the modules left outside the bundle, compiled on first use after start-up.
 * Node 20 calls the main-context loader option experimental and says so on stderr; a command
 * line that prints a warning for every document with an image or a flex container would
 * teach its users to ignore stderr, so that one notice is not passed on.
 */
let importFn;
function importOutside(specifier) {
  importFn ??= new vm.Script('(specifier) => import(specifier)', {
    filename: file,
    importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
  }).runInThisContext();
  const url = specifier.startsWith('.') ? new URL(specifier, bundleUrl).href : specifier;
  // Node warns once, as the first import() starts: only that call needs the filter.
  const emitWarning = process.emitWarning;
  process.emitWarning = (warning, ...rest) =>
    String(warning).includes('USE_MAIN_CONTEXT_DEFAULT_LOADER')
      ? undefined
      : emitWarning.call(process, warning, ...rest);
  try {
    return importFn(url);
  } finally {
    process.emitWarning = emitWarning;
  }
}

/** True until the snapshot is taken; false in every process started from it. */
let building = true;

/**
 * A built-in module, or (after start-up) a package the bundle leaves outside and requires when
 * a document needs it (xmldom, with the validator); relative to the bundle, as the loader's
 * require would resolve it. The builder's own require knows only the built-in modules.
 */
let outsideRequire;
function requireAny(id) {
  if (building || isBuiltin(id)) return require(id);
  outsideRequire ??= createRequire(file);
  return outsideRequire(id);
}

/**
 * node:worker_threads must not load before the snapshot is taken: it keeps the main thread's
 * working-directory counter in a SharedArrayBuffer that a snapshot cannot hold, and every worker
 * of a process started from it would then fail in process.cwd(). The bundle gets a stand-in that
 * answers what its modules read when they load (this is the main thread) and loads the real
 * module on any other use.
 */
function snapshotRequire(id) {
  if (id !== 'node:worker_threads' && id !== 'worker_threads') return requireAny(id);
  const atLoad = { isMainThread: true, parentPort: null, workerData: null, threadId: 0 };
  return new Proxy(
    {},
    {
      get: (_, key) => (building && key in atLoad ? atLoad[key] : require(id)[key]),
      has: (_, key) => key in require(id),
    },
  );
}

const mod = { exports: {} };
vm.runInThisContext(readFileSync(file, 'utf8'), { filename: file })(
  mod.exports,
  snapshotRequire,
  mod,
  file,
  bundleDir,
  importOutside,
);
const { main, run, forgetDocumentCaches } = mod.exports;

let said = '';
const quiet = {
  stdout: { write() {} },
  stderr: { write: (s) => void (said += s) },
  readStdin: async () => Buffer.alloc(0),
};
// The sample's own entries in the caches (its style engine, shaped words, font subsets) would
// be carried by every process and serve none: they go before the heap is serialised, the
// compiled code and the decoded faces stay.
main(['render', sample, '-o', sampleOut], quiet).then((code) => {
  if (code !== 0) throw new Error(`the snapshot's sample render failed (exit ${code}): ${said}`);
  return forgetDocumentCaches();
});

v8.startupSnapshot.setDeserializeMainFunction(() => {
  building = false;
  // Started as `node --snapshot-blob BLOB ARGS`: there is no script, so ARGS start at 1.
  void run(process.argv.slice(1));
});
