// Runs the command-line bundle (a11ypdf.cjs beside this file) through V8's code cache: the
// bundle is compiled from the cached bytecode of a previous run instead of from source, which
// is most of a cold start. The cache is made at build time (scripts/bundle.mjs); when V8
// rejects it (another Node version or V8 flags) the bundle compiles from source as usual and,
// where the folder is writable, a fresh cache replaces the stale one for the next run.
'use strict';
const { readFileSync, renameSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');
const { pathToFileURL } = require('node:url');
const vm = require('node:vm');

const BUNDLE = join(__dirname, 'a11ypdf.cjs');
const CACHE = `${BUNDLE}.cache`;
const bundleUrl = pathToFileURL(BUNDLE);

function readCache() {
  try {
    return readFileSync(CACHE);
  } catch {
    return undefined;
  }
}

/** Writes the code cache whole or not at all (another process may be reading it). */
function writeCache(data) {
  const tmp = `${CACHE}.${process.pid}.tmp`;
  try {
    writeFileSync(tmp, data);
    renameSync(tmp, CACHE);
  } catch {
    // A read-only install keeps compiling from source; nothing else changes.
  }
}

let script;

/**
 * import() for the modules left outside the bundle (the service, sharp, undici, bwip-js, jose,
 * yoga's wasm module): relative to the bundle, packages from its node_modules. The bundle
 * calls this instead of import(), which a script compiled with a code cache cannot use.
 */
function importOutside(specifier) {
  return import(specifier.startsWith('.') ? new URL(specifier, bundleUrl).href : specifier);
}

/** Loads the bundle once per thread and returns its exports. */
function loadBundle() {
  const cachedData = readCache();
  script = new vm.Script(
    // The file is one function expression: (exports, require, module, __filename, __dirname,
    // import of the modules outside).
    readFileSync(BUNDLE, 'utf8'),
    {
      filename: BUNDLE,
      ...(cachedData ? { cachedData } : {}),
    },
  );
  const mod = { exports: {} };
  script.runInThisContext()(mod.exports, require, mod, BUNDLE, __dirname, importOutside);
  if (!cachedData || script.cachedDataRejected) process.once('beforeExit', refreshCache);
  return mod.exports;
}

/** After a run whose cache was missing or stale: the functions it compiled go in the cache. */
function refreshCache() {
  process.removeListener('beforeExit', refreshCache);
  if (script) writeCache(script.createCachedData());
}

module.exports = { loadBundle, refreshCache, BUNDLE, CACHE };
