/**
 * An independent barcode reader for tests: ZXing-C++ compiled to WebAssembly (zxing-wasm),
 * loaded from the package's own .wasm file so no network is needed. It reads the PNGs our
 * raster output draws, as a phone or a scanner would.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import sharp from 'sharp';
import { prepareZXingModule, readBarcodes, type ReadResult } from 'zxing-wasm/reader';

let ready: Promise<unknown> | undefined;

function prepare(): Promise<unknown> {
  if (!ready) {
    const require = createRequire(import.meta.url);
    const wasm = readFileSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm'));
    ready = prepareZXingModule({
      overrides: {
        wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength),
      },
      fireImmediately: true,
    });
  }
  return ready;
}

/**
 * Every symbol ZXing finds in a PNG or JPEG image, seen on white paper (our PNGs have a
 * transparent canvas, which a decoder reads as black).
 */
export async function scan(image: Uint8Array): Promise<ReadResult[]> {
  await prepare();
  const onPaper = await sharp(image).flatten({ background: '#ffffff' }).png().toBuffer();
  const results = await readBarcodes(new Uint8Array(onPaper), { formats: [], tryHarder: true });
  return results.filter((r) => r.isValid);
}
