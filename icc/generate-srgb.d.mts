/** Types for generate-srgb.mjs (plain Node script so it runs without a build). */
export function buildSrgbProfile(): Uint8Array;
export function srgbColorantsD50(): number[][];
