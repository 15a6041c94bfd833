/**
 * The service's worker threads and the command line's batch threads load compiled JavaScript
 * (dist/server/worker.js, dist/cli/batch-worker.js), exactly as in production. `npm test` builds dist/ first (pretest); a direct `vitest run` builds it only when
 * it is missing, so focused runs stay fast.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

export default function setup(): void {
  const root = join(import.meta.dirname, '..');
  const worker = join(root, 'dist', 'server', 'worker.js');
  const batchWorker = join(root, 'dist', 'cli', 'batch-worker.js');
  if (existsSync(worker) && existsSync(batchWorker)) return;
  try {
    execFileSync(
      process.execPath,
      [
        join(root, 'node_modules', 'typescript', 'bin', 'tsc'),
        '-p',
        join(root, 'tsconfig.build.json'),
      ],
      {
        stdio: 'inherit',
      },
    );
  } catch {
    // Type errors are reported by `npm run typecheck`; tsc still emitted what it could.
  }
  if (!existsSync(worker))
    throw new Error('dist/server/worker.js was not built; run `npm run build` to see why');
}
