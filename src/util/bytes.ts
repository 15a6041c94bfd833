/**
 * Whether two byte arrays hold the same bytes. The same buffer twice (a file the thread's file
 * cache served again, kept by a cache that compares) answers without a comparison.
 */
export function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a === b) return true;
  return (
    a.byteLength === b.byteLength &&
    Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(
      Buffer.from(b.buffer, b.byteOffset, b.byteLength),
    )
  );
}
