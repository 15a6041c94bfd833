/**
 * PDF/A clauses 6.4 (interactive forms, XFA, signatures) and 6.5 (actions), and PDF/UA-1 7.15
 * (dynamic XFA).
 */
import { PDFA_ALL, PDFUA, type RuleArea, type RuleAreaContext } from '../model/checks.js';
import type { CosDict, CosObject, CosStream } from '../model/cos.js';
import type { PdfDocumentModel } from '../model/document.js';
import {
  arrayItems,
  asDict,
  isArray,
  isDict,
  isStream,
  isString,
  nameValue,
  numberValue,
  textValue,
} from '../model/read.js';
import { actions, annotations } from './doc-walk.js';
import { formFields } from './file-structure.js';
import { inspectPkcs7 } from './pkcs7.js';
import { ruleSpec } from './spec.js';

export const R = {
  widgetActions: ruleSpec({
    clause: '6.4.1',
    testNumber: 1,
    object: 'PDWidgetAnnot',
    category: 'Interactive forms',
    message: 'A widget annotation has an A or AA entry.',
    flavours: PDFA_ALL,
  }),
  fieldActions: ruleSpec({
    clause: '6.4.1',
    testNumber: 2,
    object: 'PDFormField',
    category: 'Interactive forms',
    message: 'A form field has an AA (additional actions) entry.',
    flavours: PDFA_ALL,
  }),
  needAppearances: ruleSpec({
    clause: '6.4.1',
    testNumber: 3,
    object: 'PDAcroForm',
    category: 'Interactive forms',
    message: 'The interactive form sets NeedAppearances to true.',
    flavours: PDFA_ALL,
  }),
  xfa: ruleSpec({
    clause: '6.4.2',
    testNumber: 1,
    object: 'PDAcroForm',
    category: 'Interactive forms',
    message: 'The interactive form dictionary has an XFA entry.',
    flavours: PDFA_ALL,
  }),
  needsRendering: ruleSpec({
    clause: '6.4.2',
    testNumber: 2,
    object: 'CosDocument',
    category: 'Interactive forms',
    message: 'The catalog sets NeedsRendering to true.',
    flavours: PDFA_ALL,
  }),
  byteRange: ruleSpec({
    clause: '6.4.3',
    testNumber: 1,
    object: 'PDSignature',
    category: 'Interactive forms',
    message: 'The signature ByteRange does not cover the whole file except the signature value.',
    flavours: PDFA_ALL,
  }),
  signingCert: ruleSpec({
    clause: '6.4.3',
    testNumber: 2,
    object: 'PKCSDataObject',
    category: 'Interactive forms',
    message: 'The PKCS#7 signature does not include the signer certificate.',
    flavours: PDFA_ALL,
  }),
  singleSigner: ruleSpec({
    clause: '6.4.3',
    testNumber: 3,
    object: 'PKCSDataObject',
    category: 'Interactive forms',
    message: 'The PKCS#7 signature does not have exactly one signer.',
    flavours: PDFA_ALL,
  }),
  actionType: ruleSpec({
    clause: '6.5.1',
    testNumber: 1,
    object: 'PDAction',
    category: 'Actions',
    message:
      'The action type is not allowed (only GoTo, GoToR, GoToE, Thread, URI, Named and SubmitForm are).',
    flavours: PDFA_ALL,
  }),
  namedAction: ruleSpec({
    clause: '6.5.1',
    testNumber: 2,
    object: 'PDNamedAction',
    category: 'Actions',
    message: 'The named action is not one of NextPage, PrevPage, FirstPage and LastPage.',
    flavours: PDFA_ALL,
  }),
  catalogAA: ruleSpec({
    clause: '6.5.2',
    testNumber: 1,
    object: 'PDDocument',
    category: 'Actions',
    message: 'The catalog has an AA (additional actions) entry.',
    flavours: PDFA_ALL,
  }),
  pageAA: ruleSpec({
    clause: '6.5.2',
    testNumber: 2,
    object: 'PDPage',
    category: 'Actions',
    message: 'The page has an AA (additional actions) entry.',
    flavours: PDFA_ALL,
  }),
  uaDynamicXfa: ruleSpec({
    clause: '7.15',
    testNumber: 1,
    object: 'PDAcroForm',
    category: 'Interactive forms',
    message: 'The form is a dynamic XFA form (dynamicRender is required).',
    flavours: PDFUA,
  }),
} as const;

const ALLOWED_ACTIONS = new Set(['GoTo', 'GoToR', 'GoToE', 'Thread', 'URI', 'Named', 'SubmitForm']);
const ALLOWED_NAMED = new Set(['NextPage', 'PrevPage', 'FirstPage', 'LastPage']);

/** XML bytes as text: UTF-16 with or without a byte-order mark, else UTF-8 (XML 1.0, F.1). */
function xmlText(b: Uint8Array): string {
  const bytes = b.subarray(0, 4 << 20);
  let enc = 'utf-8';
  if ((bytes[0] === 0xfe && bytes[1] === 0xff) || (bytes[0] === 0 && bytes[1] === 0x3c))
    enc = 'utf-16be';
  else if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0x3c && bytes[1] === 0))
    enc = 'utf-16le';
  return new TextDecoder(enc).decode(bytes);
}

/**
 * Text of the XFA packets (one stream, or an array of name/stream pairs), bounded: only the
 * packet named `packet`, or all of them when the array has none of that name, as a
 * configuration may sit in a packet named otherwise.
 */
function xfaText(doc: PdfDocumentModel, xfa: CosObject | null, packet: string): string {
  if (isStream(xfa)) return xmlText(doc.decodeStream(xfa).data);
  if (!isArray(xfa)) return '';
  const pairs: { name: string | null; stream: CosStream }[] = [];
  for (let i = 0; i + 1 < xfa.items.length; i += 2) {
    const s = doc.resolve(xfa.items[i + 1]);
    if (isStream(s))
      pairs.push({ name: textValue(doc.resolve(xfa.items[i]))?.trim() ?? null, stream: s });
  }
  const named = pairs.filter((p) => p.name === packet);
  return (named.length ? named : pairs)
    .map((p) => xmlText(doc.decodeStream(p.stream).data))
    .join('');
}

/** The value of the XFA configuration's dynamicRender (config/acrobat/acrobat7), or null. */
function dynamicRender(text: string): string | null {
  const m = /<(?:[\w.-]+:)?dynamicRender(?:\s[^>]*)?>\s*(?:<!\[CDATA\[)?\s*([^<\s\]]*)/.exec(text);
  return m ? m[1] : null;
}

function checkForms(ctx: RuleAreaContext): void {
  const { doc, sink } = ctx;
  const form = doc.get(doc.catalog, 'AcroForm');
  const formDict = isDict(form) ? form : null;
  if (ctx.flavour.pdfaPart === null) {
    if (formDict) {
      const value = dynamicRender(xfaText(doc, doc.get(formDict, 'XFA'), 'config'));
      sink.check(
        R.uaDynamicXfa,
        value !== 'required',
        'interactive form',
        'dynamicRender required',
      );
    }
    return;
  }
  for (const a of annotations(doc)) {
    if (a.subtype !== 'Widget') continue;
    sink.check(R.widgetActions, !a.dict.entries.has('A') && !a.dict.entries.has('AA'), a.location);
  }
  for (const f of formFields(doc)) {
    const name = textValue(doc.get(f, 'T'));
    sink.check(R.fieldActions, !f.entries.has('AA'), `form field ${name ?? '(unnamed)'}`);
  }
  if (formDict) {
    sink.check(
      R.needAppearances,
      doc.get(formDict, 'NeedAppearances') !== true,
      'interactive form',
    );
    sink.check(R.xfa, !formDict.entries.has('XFA'), 'interactive form');
  }
  sink.check(R.needsRendering, doc.get(doc.catalog, 'NeedsRendering') !== true, 'document catalog');
  checkSignatures(ctx);
}

/** Signature dictionaries: values of signature fields and the DocMDP signature. */
function signatures(doc: PdfDocumentModel): { dict: CosDict; location: string }[] {
  const out: { dict: CosDict; location: string }[] = [];
  const seen = new Set<CosDict>();
  for (const f of formFields(doc)) {
    if (nameValue(doc.get(f, 'FT')) !== 'Sig') continue;
    const v = doc.get(f, 'V');
    if (isDict(v) && !seen.has(v)) {
      seen.add(v);
      out.push({
        dict: v,
        location: `signature field ${textValue(doc.get(f, 'T')) ?? '(unnamed)'}`,
      });
    }
  }
  const mdp = doc.get(asDict(doc.get(doc.catalog, 'Perms')), 'DocMDP');
  if (isDict(mdp) && !seen.has(mdp)) out.push({ dict: mdp, location: 'DocMDP signature' });
  return out;
}

/**
 * Where the revision that contains offset `from` ends: just after the first %%EOF marker at or
 * after it, with or without the EOL that follows (both are accepted, as veraPDF allows).
 */
function revisionEndsAfter(bytes: Uint8Array, from: number): number[] {
  const i = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).indexOf('%%EOF', from);
  if (i < 0) return [bytes.length];
  const ends = [i + 5];
  let e = i + 5;
  if (bytes[e] === 13) ends.push(++e);
  if (bytes[e] === 10) ends.push(++e);
  return ends;
}

/** Whether bytes [from, to) hold exactly `<hex>` encoding `value` (trailing zero padding allowed). */
function isHexStringOf(bytes: Uint8Array, from: number, to: number, value: Uint8Array): boolean {
  if (bytes[from] !== 0x3c || bytes[to - 1] !== 0x3e) return false;
  const text = new TextDecoder('latin1')
    .decode(bytes.subarray(from + 1, to - 1))
    .replace(/\s+/g, '');
  if (!/^[0-9a-fA-F]*$/.test(text)) return false;
  const decoded = Buffer.from(text.length % 2 ? `${text}0` : text, 'hex');
  return decoded.equals(value);
}

function checkSignatures(ctx: RuleAreaContext): void {
  const { doc, sink } = ctx;
  const bytes = doc.bytes;
  for (const s of signatures(doc)) {
    const br = arrayItems(doc.get(s.dict, 'ByteRange')).map((x) => numberValue(doc.resolve(x)));
    let covers = false;
    const contentsValue = doc.get(s.dict, 'Contents');
    if (bytes && br.length === 4 && br.every((x) => x !== null) && isString(contentsValue)) {
      const [a, b, c, d] = br as number[];
      // The gap must be exactly this signature's hexadecimal Contents string, and the second
      // range must run to the end of the revision that holds the signature.
      covers =
        a === 0 &&
        b > 0 &&
        c > b &&
        c <= bytes.length &&
        isHexStringOf(bytes, b, c, contentsValue.bytes) &&
        revisionEndsAfter(bytes, c).includes(c + d);
    }
    sink.check(
      R.byteRange,
      covers,
      s.location,
      br.length ? `ByteRange [${br.join(' ')}]` : 'no ByteRange',
    );
    const contents = doc.get(s.dict, 'Contents');
    if (!isString(contents)) continue;
    // PDF/A-2 and 3 allow only PKCS#7 signatures, so Contents is read as PKCS#7 whatever SubFilter says.
    const info = inspectPkcs7(contents.bytes);
    sink.check(R.signingCert, info !== null && info.certificates > 0, s.location);
    sink.check(
      R.singleSigner,
      info !== null && info.signerInfos === 1,
      s.location,
      info ? `${info.signerInfos} signers` : 'unreadable PKCS#7 data',
    );
  }
}

function checkActions(ctx: RuleAreaContext): void {
  const { doc, sink } = ctx;
  if (ctx.flavour.pdfaPart === null) return;
  for (const a of actions(doc)) {
    const s = nameValue(doc.get(a.dict, 'S'));
    sink.check(
      R.actionType,
      s !== null && ALLOWED_ACTIONS.has(s),
      a.location,
      `action ${s ?? 'without type'}`,
    );
    if (s === 'Named') {
      const n = nameValue(doc.get(a.dict, 'N'));
      sink.check(
        R.namedAction,
        n !== null && ALLOWED_NAMED.has(n),
        a.location,
        `named action ${n ?? 'missing'}`,
      );
    }
  }
  if (doc.catalog) sink.check(R.catalogAA, !doc.catalog.entries.has('AA'), 'document catalog');
  for (const page of doc.pages())
    sink.check(R.pageAA, !page.dict.entries.has('AA'), `page ${page.index + 1}`);
}

export const formsActionsArea: RuleArea = {
  name: 'forms and actions',
  rules: Object.values(R),
  run(ctx) {
    checkForms(ctx);
    checkActions(ctx);
  },
};
