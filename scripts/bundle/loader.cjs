// Runs a bundle beside this file (a11ypdf.cjs: the command line; service.cjs: the service's HTTP
// thread; service-worker.cjs: its worker threads) through V8's code cache: the bundle is compiled from the cached bytecode of a previous run instead of from source, which
// is most of a cold start. The cache is made at build time (scripts/bundle.mjs); when V8
// rejects it (another Node version or V8 flags) the bundle compiles from source as usual and,
// where the folder is writable, a fresh cache replaces the stale one for the next run.
'use strict';
const { readFileSync, renameSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');
const { pathToFileURL } = require('node:url');
const vm = require('node:vm');
const { cachedDataVersionTag } = require('node:v8');
const { isMainThread, threadId } = require('node:worker_threads');

const BUNDLE = join(__dirname, 'a11ypdf.cjs');

/**
 * The file of bundle `name`, and of its code cache. V8 takes a cache only from a process with
 * the same V8 version, CPU features and V8 flags (a service started with
 * --max-semi-space-size, a pool that sets --heap-growing-percent): the cache's name carries
 * that tag, so each configuration keeps its own cache instead of each start rejecting and
 * overwriting the other's.
 */
function bundlePaths(name) {
  const file = join(__dirname, `${name}.cjs`);
  return { file, cache: `${file}.${cachedDataVersionTag().toString(16)}.cache` };
}

function readCache(cache) {
  try {
    return readFileSync(cache);
  } catch {
    return undefined;
  }
}

/** Writes the code cache whole or not at all (another process may be reading it). */
function writeCache(cache, data) {
  const tmp = `${cache}.${process.pid}.${threadId}.tmp`;
  try {
    writeFileSync(tmp, data);
    renameSync(tmp, cache);
  } catch {
    // A read-only install keeps compiling from source; nothing else changes.
  }
}

/** The scripts loaded by this thread, by bundle name, and whether their cache was used. */
const loaded = new Map();

/**
 * import() for the modules left outside the bundle (the service, sharp, undici, bwip-js, jose,
 * yoga's wasm module): relative to the bundle, packages from its node_modules. The bundle
 * calls this instead of import(), which a script compiled with a code cache cannot use.
 */
function importOutside(specifier) {
  return import(specifier.startsWith('.') ? new URL(specifier, bundleUrl).href : specifier);
}
const bundleUrl = pathToFileURL(BUNDLE);

/**
 * Loads bundle `name` (default: the command line) once per thread and returns its exports.
 * A service, which never reaches 'beforeExit', refreshes a missing or stale cache itself
 * (refreshCache) once it has done representative work.
 */
function loadBundle(name = 'a11ypdf') {
  const known = loaded.get(name);
  if (known) return known.exports;
  const { file, cache } = bundlePaths(name);
  const cachedData = readCache(cache);
  const script = new vm.Script(
    // The file is one function expression: (exports, require, module, __filename, __dirname,
    // import of the modules outside). It is ASCII throughout (the build asks esbuild for that),
    // so reading it as Latin-1 gives the same string without UTF-8 decoding: a third faster.
    readFileSync(file, 'latin1'),
    {
      filename: file,
      ...(cachedData ? { cachedData } : {}),
    },
  );
  const mod = { exports: {} };
  const entry = {
    script,
    cache,
    exports: mod.exports,
    fresh: !cachedData || script.cachedDataRejected,
  };
  loaded.set(name, entry);
  script.runInThisContext()(mod.exports, require, mod, file, __dirname, importOutside);
  entry.exports = mod.exports;
  if (entry.fresh && isMainThread) process.once('beforeExit', refreshCaches);
  return mod.exports;
}

/** Whether bundle `name` was compiled from its code cache in this thread (false: from source). */
function cacheUsed(name = 'a11ypdf') {
  const entry = loaded.get(name);
  return entry !== undefined && !entry.fresh;
}

/**
 * For a long-running thread (the service's), which never reaches 'beforeExit': writes the
 * cache of bundle `name` now if it was missing or stale, with what the thread has compiled so
 * far. Called once the thread has done its start-up work.
 */
function settleCache(name) {
  if (loaded.get(name)?.fresh) refreshCache(name);
}

/**
 * Writes the code cache of bundle `name` (default: every bundle loaded without a usable cache)
 * with the functions compiled so far: the build calls it after rendering sample documents.
 */
function refreshCache(name) {
  for (const [n, entry] of loaded)
    if (name === undefined ? entry.fresh : n === name) {
      writeCache(entry.cache, entry.script.createCachedData());
      entry.fresh = false;
    }
}

function refreshCaches() {
  process.removeListener('beforeExit', refreshCaches);
  refreshCache();
}

module.exports = { loadBundle, refreshCache, settleCache, cacheUsed, bundlePaths, BUNDLE };
