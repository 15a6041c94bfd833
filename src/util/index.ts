/** Small building blocks with no knowledge of documents, shared by several stages. */
export { sameBytes } from './bytes.js';
export { GroupedLruCache, LruCache, type ByteBudget } from './lru.js';
export { keptRecent } from './recent.js';
export { uuidFromSeed } from './uuid.js';
export { WeakKeyedMemo } from './weak-memo.js';
export { tuneHeapForRenders } from './heap.js';
