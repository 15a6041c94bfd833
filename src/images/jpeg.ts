/** What a JPEG stream says about itself, read without decoding it. */

/** What a JPEG's start-of-frame segment says. */
export interface JpegFrame {
  readonly width: number;
  readonly height: number;
  readonly components: number;
  /** The SOF marker's code (0xc0 baseline, 0xc1 extended, 0xc2 progressive, ...). */
  readonly marker: number;
  /** Bits per sample. */
  readonly precision: number;
}

/** Size and component count from a JPEG's start-of-frame marker (any SOF but DHT/JPG/DAC). */
export function jpegFrame(b: Uint8Array): JpegFrame | undefined {
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) return undefined;
    const marker = b[i + 1] as number;
    if (marker === 0xff) {
      i++;
      continue;
    }
    const len = ((b[i + 2] as number) << 8) | (b[i + 3] as number);
    const isSof =
      marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isSof) {
      return {
        height: ((b[i + 5] as number) << 8) | (b[i + 6] as number),
        width: ((b[i + 7] as number) << 8) | (b[i + 8] as number),
        components: b[i + 9] as number,
        marker,
        precision: b[i + 4] as number,
      };
    }
    if (marker === 0xd9 || marker === 0xda) return undefined;
    i += 2 + len;
  }
  return undefined;
}

/**
 * Whether a PDF's DCTDecode filter can take the stream as it is: 8-bit samples, Huffman coded,
 * baseline, extended sequential or progressive (PDF 1.3 and later read all three; arithmetic
 * coding, lossless and hierarchical JPEG they do not).
 */
export function isDctReadable(frame: JpegFrame): boolean {
  return (
    frame.precision === 8 &&
    (frame.marker === 0xc0 || frame.marker === 0xc1 || frame.marker === 0xc2)
  );
}
