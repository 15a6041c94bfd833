import { createHash } from 'node:crypto';

/**
 * A UUID derived from `seed` (SHA-256), shaped as version 4 so it is valid wherever a UUID is
 * expected: the same seed gives the same id, which deterministic output needs.
 */
export function uuidFromSeed(seed: string): string {
  const h = createHash('sha256').update(seed).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}
