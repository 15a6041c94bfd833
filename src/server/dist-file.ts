/** Where a compiled module of the service lives, whether this code runs from dist/ or src/. */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The file a thread of the service starts from: dist/server/<name>.js (thread entry points must
 * be JavaScript, even when tests run src/), or, when this code runs from the service's bundle
 * (dist/bundle/), the bundle's own entry dist/bundle/<name>.cjs where there is one.
 */
export function compiledServerFile(name: string): string {
  const here = dirname(fileURLToPath(import.meta.url));
  const candidates = [
    join(here, `${name}.cjs`),
    join(here, `${name}.js`),
    join(here, '..', 'server', `${name}.js`),
    join(here, '..', '..', 'dist', 'server', `${name}.js`),
  ];
  const found = candidates.find((c) => existsSync(c) && !c.includes(`${join('src', 'server')}`));
  if (!found) throw new Error(`dist/server/${name}.js is missing: run \`npm run build\` first`);
  return found;
}
