/**
 * One page of the reader's model: its dictionary, the attributes it inherits from the page
 * tree, and its content streams decoded on demand within a budget for the whole page.
 */
import type { CosDict, CosObject, CosRef, CosStream } from '../model/cos.js';
import type { PageModel, PdfDocumentModel } from '../model/document.js';
import { isStream } from '../model/read.js';
import { DEFAULT_DECODE_LIMIT } from '../contract.js';

export class PdfPage implements PageModel {
  constructor(
    private readonly doc: PdfDocumentModel,
    readonly index: number,
    readonly dict: CosDict,
    readonly ref: CosRef | undefined,
    readonly resources: CosDict | null,
    private readonly inherited: ReadonlyMap<string, CosObject>,
    /** The reader's per-stream limit, which the page's content as a whole also keeps to. */
    private readonly decodeLimit: number = DEFAULT_DECODE_LIMIT,
  ) {}

  /** An inheritable attribute (Resources, MediaBox, CropBox, Rotate) with the page tree applied. */
  inheritedValue(key: 'Resources' | 'MediaBox' | 'CropBox' | 'Rotate'): CosObject {
    return this.doc.resolve(this.inherited.get(key));
  }

  /** The page's content streams, in order. */
  contentStreams(): CosStream[] {
    const c = this.doc.get(this.dict, 'Contents');
    if (isStream(c)) return [c];
    if (c && typeof c === 'object' && c.kind === 'array') {
      const out: CosStream[] = [];
      for (const it of c.items) {
        const s = this.doc.resolve(it);
        if (isStream(s)) out.push(s);
      }
      return out;
    }
    return [];
  }

  content(): { readonly data: Uint8Array; readonly error?: string } {
    const parts: Uint8Array[] = [];
    let error: string | undefined;
    let total = 0;
    for (const s of this.contentStreams()) {
      // The page as a whole gets the same budget as one stream, so many bombs cannot add up.
      const room = this.decodeLimit - total;
      if (room <= 0) {
        error ??= `page content exceeds ${this.decodeLimit} bytes`;
        break;
      }
      const r = this.doc.decodeStream(s, room);
      if (r.error) error ??= r.error;
      parts.push(r.data);
      total += r.data.length + 1;
    }
    // Streams are joined with a space so a token split across streams stays two tokens (7.8.2).
    const data = new Uint8Array(total);
    let p = 0;
    for (const part of parts) {
      data.set(part, p);
      p += part.length;
      data[p++] = 32;
    }
    return error ? { data, error } : { data };
  }
}
