/** Runs a rule area on a model for one flavour and returns "clause#test" of failed rules. */
import type { CheckSink, RuleArea, RuleSpec } from '../../../src/validate/model/checks.js';
import type { PdfDocumentModel } from '../../../src/validate/model/document.js';
import type { Flavour } from '../../../src/validate/contract.js';

export interface Recorded {
  readonly failed: Map<string, string[]>;
  readonly passed: Map<string, number>;
}

export function runArea(area: RuleArea, doc: PdfDocumentModel, flavour: Flavour): Recorded {
  const failed = new Map<string, string[]>();
  const passed = new Map<string, number>();
  const sink: CheckSink = {
    check(rule: RuleSpec, ok: boolean, location: string) {
      if (!rule.flavours.includes(flavour)) return;
      const key = `${rule.clause}#${rule.testNumber}`;
      if (ok) passed.set(key, (passed.get(key) ?? 0) + 1);
      else failed.set(key, [...(failed.get(key) ?? []), location]);
    },
  };
  const part = flavour === 'pdfua-1' ? null : flavour.startsWith('pdfa-2') ? 2 : 3;
  const level = flavour === 'pdfua-1' ? null : (flavour.slice(-1) as 'a' | 'b' | 'u');
  area.run({ doc, flavour: { flavour, pdfaPart: part, pdfaLevel: level }, sink });
  return { failed, passed };
}

/** A JPEG 2000 box: 32-bit big-endian length (header included), four-letter type, body. */
export function jp2Box(type: string, body: number[]): number[] {
  const len = 8 + body.length;
  return [
    len >>> 24,
    (len >> 16) & 255,
    (len >> 8) & 255,
    len & 255,
    ...Array.from(type, (c) => c.charCodeAt(0)),
    ...body,
  ];
}

/** A minimal ICC profile header: version 2.1, the given class and colour space. */
export function iccHeader(deviceClass: string, colourSpace: string, major = 2): Uint8Array {
  const b = new Uint8Array(132);
  b[3] = 132;
  b[8] = major;
  b[9] = 0x10;
  for (let i = 0; i < 4; i++) {
    b[12 + i] = deviceClass.charCodeAt(i);
    b[16 + i] = colourSpace.charCodeAt(i);
  }
  b.set([0x61, 0x63, 0x73, 0x70], 36);
  return b;
}
