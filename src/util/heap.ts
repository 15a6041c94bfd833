import { setFlagsFromString } from 'node:v8';

/**
 * Sets V8 up for a process that renders many documents (a service's or a batch's pool). V8
 * moves an allocation site to old space once enough of its objects survive a young collection.
 * A render's layout objects (text pieces, fragments, lines) all live until its PDF is written,
 * so their sites get pretenured, yet they die right after: allocation in old space is slower,
 * and their memory waits for a full collection. With pretenuring off they stay in the young
 * generation and die there. Process-wide; call it before worker threads start so that their
 * isolates get it too.
 */
export function tuneHeapForRenders(): void {
  setFlagsFromString('--no-allocation-site-pretenuring');
}
