/**
 * Code the build writes beside dist/: the routes' precompiled validators and serializers.
 */
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';

export interface BuildOutput {
  /** Its path, for resolving what the file itself requires. */
  readonly file: string;
  readonly exports: unknown;
}

/**
 * Build file `name`, looked for one folder up from the module at `fromUrl` (dist/ from both
 * dist/server/ and dist/bundle/). Undefined when there is none (running from sources); a file
 * that is there but does not load is a broken build, and what it throws reaches the caller.
 */
export function loadBuildOutput(fromUrl: string, name: string): BuildOutput | undefined {
  const require = createRequire(fromUrl);
  let file: string;
  try {
    file = require.resolve(`../${name}`);
  } catch {
    return undefined;
  }
  return { file, exports: require(file) as unknown };
}

/** Names an entry of such a file by the JSON of everything its code was made from. */
export function entryKey(madeFrom: unknown): string {
  return createHash('sha256').update(JSON.stringify(madeFrom)).digest('base64url');
}
