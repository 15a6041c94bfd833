// Batch worker thread of the bundled command line: loading the bundle in a worker thread
// starts the batch worker it contains (src/cli/batch-worker.ts).
import { createRequire } from 'node:module';

createRequire(import.meta.url)('./loader.cjs').loadBundle();
