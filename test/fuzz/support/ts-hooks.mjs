/**
 * Module hooks for the fuzz worker threads: they load the engine straight from src/*.ts, so the
 * fuzz suites test the source under review rather than a possibly stale dist/. TypeScript is
 * stripped with esbuild (vitest's own transpiler, always present where vitest is), which is
 * about five times faster than the TypeScript compiler's transpileModule for the whole engine.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { transform } from 'esbuild';

export async function resolve(specifier, context, nextResolve) {
  // Sources import siblings as './x.js' (NodeNext style); the file on disk is './x.ts'.
  if (
    specifier.endsWith('.js') &&
    (specifier.startsWith('.') || specifier.startsWith('file:')) &&
    context.parentURL?.endsWith('.ts')
  ) {
    const url = new URL(specifier, context.parentURL);
    if (!existsSync(fileURLToPath(url))) {
      const ts = `${url.href.slice(0, -3)}.ts`;
      if (existsSync(fileURLToPath(ts))) return { url: ts, format: 'module', shortCircuit: true };
    }
  }
  return nextResolve(specifier, context);
}

export async function load(url, context, nextLoad) {
  if (!url.endsWith('.ts')) return nextLoad(url, context);
  const file = fileURLToPath(url);
  const out = await transform(await readFile(file, 'utf8'), {
    loader: 'ts',
    format: 'esm',
    target: 'node20',
    sourcemap: 'inline',
    sourcefile: file,
  });
  return { format: 'module', source: out.code, shortCircuit: true };
}
