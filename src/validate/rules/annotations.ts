/**
 * PDF/A clause 6.3 (annotations) and PDF/UA-1 clause 7.18 (annotations: tagging, alternative
 * descriptions, tab order, trap nets, widgets, links, media clips, printer marks).
 */
import { PDFA_ALL, PDFUA, type RuleArea, type RuleAreaContext } from '../model/checks.js';
import type { CosDict } from '../model/cos.js';
import type { PdfDocumentModel } from '../model/document.js';
import {
  arrayItems,
  asString,
  isArray,
  isDict,
  isStream,
  nameValue,
  textValue,
} from '../model/read.js';
import {
  type AnnotationInfo,
  StructParents,
  allDicts,
  annotations,
  flagsOf,
  inheritedField,
  isOutsideCropBox,
  rectOf,
} from './doc-walk.js';
import { ruleSpec } from './spec.js';

export const R = {
  type: ruleSpec({
    clause: '6.3.1',
    testNumber: 1,
    object: 'PDAnnot',
    category: 'Annotations',
    message:
      'The annotation type is not defined in ISO 32000-1, or is one of 3D, Sound, Screen and Movie.',
    flavours: PDFA_ALL,
  }),
  flagsPresent: ruleSpec({
    clause: '6.3.2',
    testNumber: 1,
    object: 'PDAnnot',
    category: 'Annotations',
    message: 'The annotation has no F (flags) entry.',
    flavours: PDFA_ALL,
  }),
  flagsValue: ruleSpec({
    clause: '6.3.2',
    testNumber: 2,
    object: 'PDAnnot',
    category: 'Annotations',
    message:
      'The annotation flags do not set Print, or set Hidden, Invisible, NoView or ToggleNoView.',
    flavours: PDFA_ALL,
  }),
  appearance: ruleSpec({
    clause: '6.3.3',
    testNumber: 1,
    object: 'PDAnnot',
    category: 'Annotations',
    message: 'The annotation has no appearance dictionary.',
    flavours: PDFA_ALL,
  }),
  appearanceOnlyN: ruleSpec({
    clause: '6.3.3',
    testNumber: 2,
    object: 'PDAnnot',
    category: 'Annotations',
    message: 'The appearance dictionary holds entries other than N.',
    flavours: PDFA_ALL,
  }),
  buttonAppearance: ruleSpec({
    clause: '6.3.3',
    testNumber: 3,
    object: 'PDAnnot',
    category: 'Annotations',
    message: 'The normal appearance of a button widget is not a dictionary of appearance states.',
    flavours: PDFA_ALL,
  }),
  streamAppearance: ruleSpec({
    clause: '6.3.3',
    testNumber: 4,
    object: 'PDAnnot',
    category: 'Annotations',
    message: 'The normal appearance of the annotation is not an appearance stream.',
    flavours: PDFA_ALL,
  }),
  uaAnnotTag: ruleSpec({
    clause: '7.18.1',
    testNumber: 1,
    object: 'PDAnnot',
    category: 'Annotations',
    message: 'The annotation is not enclosed in an Annot structure element.',
    flavours: PDFUA,
  }),
  uaAnnotAlt: ruleSpec({
    clause: '7.18.1',
    testNumber: 2,
    object: 'PDAnnot',
    category: 'Alternative descriptions',
    message:
      'The annotation has neither a Contents entry nor an Alt entry on its structure element.',
    flavours: PDFUA,
  }),
  uaWidgetAlt: ruleSpec({
    clause: '7.18.1',
    testNumber: 3,
    object: 'PDWidgetAnnot',
    category: 'Alternative descriptions',
    message: 'The form field has no TU entry and its widget no Alt entry on its structure element.',
    flavours: PDFUA,
  }),
  uaTrapNet: ruleSpec({
    clause: '7.18.2',
    testNumber: 1,
    object: 'PDTrapNetAnnot',
    category: 'Annotations',
    message: 'A visible TrapNet annotation is present.',
    flavours: PDFUA,
  }),
  uaTabs: ruleSpec({
    clause: '7.18.3',
    testNumber: 1,
    object: 'PDPage',
    category: 'Annotations',
    message: 'A page with annotations does not set Tabs to S (structure order).',
    flavours: PDFUA,
  }),
  uaWidgetForm: ruleSpec({
    clause: '7.18.4',
    testNumber: 1,
    object: 'PDWidgetAnnot',
    category: 'Annotations',
    message: 'The widget annotation is not enclosed in a Form structure element.',
    flavours: PDFUA,
  }),
  uaLinkTag: ruleSpec({
    clause: '7.18.5',
    testNumber: 1,
    object: 'PDLinkAnnot',
    category: 'Annotations',
    message: 'The link annotation is not enclosed in a Link structure element.',
    flavours: PDFUA,
  }),
  uaLinkContents: ruleSpec({
    clause: '7.18.5',
    testNumber: 2,
    object: 'PDLinkAnnot',
    category: 'Alternative descriptions',
    message: 'The link annotation has no Contents entry describing it.',
    flavours: PDFUA,
  }),
  uaMediaCT: ruleSpec({
    clause: '7.18.6.2',
    testNumber: 1,
    object: 'PDMediaClip',
    category: 'Annotations',
    message: 'A media clip data dictionary has no CT (content type) entry.',
    flavours: PDFUA,
  }),
  uaMediaAlt: ruleSpec({
    clause: '7.18.6.2',
    testNumber: 2,
    object: 'PDMediaClip',
    category: 'Alternative descriptions',
    message: 'A media clip data dictionary has no valid Alt entry.',
    flavours: PDFUA,
  }),
  uaPrinterMark: ruleSpec({
    clause: '7.18.8',
    testNumber: 1,
    object: 'PDPrinterMarkAnnot',
    category: 'Annotations',
    message:
      'A visible PrinterMark annotation is part of the structure tree instead of being an artifact.',
    flavours: PDFUA,
  }),
} as const;

const ALLOWED_TYPES = new Set([
  'Text',
  'Link',
  'FreeText',
  'Line',
  'Square',
  'Circle',
  'Polygon',
  'PolyLine',
  'Highlight',
  'Underline',
  'Squiggly',
  'StrikeOut',
  'Stamp',
  'Caret',
  'Ink',
  'Popup',
  'FileAttachment',
  'Widget',
  'PrinterMark',
  'TrapNet',
  'Watermark',
  'Redact',
]);

function nonEmpty(s: string | null): boolean {
  return s !== null && s !== '';
}

function checkPdfa(ctx: RuleAreaContext, a: AnnotationInfo): void {
  const { doc, sink } = ctx;
  const d = a.dict;
  const st = a.subtype;
  sink.check(
    R.type,
    st !== null && ALLOWED_TYPES.has(st),
    a.location,
    `subtype ${st ?? 'missing'}`,
  );
  const hasF = d.entries.has('F');
  sink.check(R.flagsPresent, st === 'Popup' || hasF, a.location);
  if (hasF) {
    const f = flagsOf(doc, d);
    sink.check(
      R.flagsValue,
      (f & 1) === 0 && (f & 2) === 0 && (f & 4) === 4 && (f & 32) === 0 && (f & 256) === 0,
      a.location,
      `flags ${f}`,
    );
  }
  const rect = rectOf(doc, doc.get(d, 'Rect'));
  const zeroSize = rect !== null && rect[2] - rect[0] === 0 && rect[3] - rect[1] === 0;
  const ap = doc.get(d, 'AP');
  const hasAP = d.entries.has('AP') && ap !== null;
  sink.check(R.appearance, zeroSize || st === 'Popup' || st === 'Link' || hasAP, a.location);
  if (!hasAP) return;
  const keys = isDict(ap) ? [...ap.entries.keys()] : [];
  const onlyN = keys.length === 1 && keys[0] === 'N';
  sink.check(
    R.appearanceOnlyN,
    onlyN,
    a.location,
    keys.length ? `keys ${keys.join(', ')}` : 'not a dictionary',
  );
  if (!onlyN || !isDict(ap)) return;
  const n = doc.get(ap, 'N');
  const ft = nameValue(inheritedField(doc, d, 'FT'));
  const isButton = st === 'Widget' && ft === 'Btn';
  if (isButton) {
    const states = isDict(n) ? [...n.entries.values()].map((v) => doc.resolve(v)) : [];
    sink.check(
      R.buttonAppearance,
      isDict(n) && states.length > 0 && states.every(isStream),
      a.location,
    );
  } else {
    sink.check(R.streamAppearance, isStream(n), a.location);
  }
}

function checkUa(ctx: RuleAreaContext, a: AnnotationInfo, parents: StructParents): void {
  const { doc, sink } = ctx;
  const d = a.dict;
  const st = a.subtype;
  const hidden = (flagsOf(doc, d) & 2) === 2;
  const exempt = hidden || isOutsideCropBox(doc, a);
  const parent = parents.of(d);
  const stdType = parent?.standardType ?? null;
  const contents = textValue(doc.get(d, 'Contents'));
  if (st !== 'Widget' && st !== 'PrinterMark' && st !== 'Link') {
    sink.check(
      R.uaAnnotTag,
      exempt || stdType === 'Annot',
      a.location,
      `structure type ${parent?.type ?? 'none'}`,
    );
  }
  if (st !== 'Widget') {
    sink.check(
      R.uaAnnotAlt,
      exempt || nonEmpty(contents) || nonEmpty(parent?.alt ?? null),
      a.location,
    );
  }
  if (st === 'Widget') {
    // TU belongs to the field: a widget without a T entry is a kid of the field named by Parent.
    const parentField = doc.get(d, 'Parent');
    const field = d.entries.has('T') ? d : isDict(parentField) ? parentField : null;
    const tu = textValue(doc.get(field, 'TU'));
    sink.check(R.uaWidgetAlt, exempt || nonEmpty(tu) || nonEmpty(parent?.alt ?? null), a.location);
    sink.check(
      R.uaWidgetForm,
      exempt || stdType === 'Form',
      a.location,
      `structure type ${parent?.type ?? 'none'}`,
    );
  }
  if (st === 'TrapNet') sink.check(R.uaTrapNet, exempt, a.location);
  if (st === 'Link') {
    sink.check(
      R.uaLinkTag,
      exempt || stdType === 'Link',
      a.location,
      `structure type ${parent?.type ?? 'none'}`,
    );
    sink.check(R.uaLinkContents, exempt || nonEmpty(contents), a.location);
  }
  if (st === 'PrinterMark') sink.check(R.uaPrinterMark, exempt || parent === null, a.location);
}

/** Media clip data dictionaries (13.2.4.2) anywhere in the file. */
function checkMediaClips(doc: PdfDocumentModel, ctx: RuleAreaContext): void {
  for (const { dict: d, num } of allDicts(doc)) {
    const s = nameValue(doc.get(d, 'S'));
    // A media clip without S is read as clip data, the kind a rendition plays.
    if (s !== 'MCD' && !(s === null && nameValue(doc.get(d, 'Type')) === 'MediaClip')) continue;
    const loc = `media clip / object ${num}`;
    // CT is a content type string (13.2.4.2, Table 274); any other type gives no content type.
    ctx.sink.check(R.uaMediaCT, asString(doc.get(d, 'CT')) !== null, loc);
    ctx.sink.check(R.uaMediaAlt, hasCorrectAlt(doc, d), loc);
  }
}

/**
 * Alt of a media clip: a multi-language text array of (language, text) pairs (13.2.4.2), every
 * item a string and every text non-empty, as veraPDF's hasCorrectAlt reads it. An empty array
 * gives no alternative description, so it does not count.
 */
function hasCorrectAlt(doc: PdfDocumentModel, d: CosDict): boolean {
  const alt = doc.get(d, 'Alt');
  if (!isArray(alt) || alt.items.length === 0 || alt.items.length % 2 !== 0) return false;
  return alt.items.every((x, i) => {
    const s = asString(doc.resolve(x));
    return s !== null && (i % 2 === 0 || s.bytes.length > 0);
  });
}

function run(ctx: RuleAreaContext): void {
  const { doc, sink } = ctx;
  const ua = ctx.flavour.pdfaPart === null;
  const parents = ua ? new StructParents(doc) : null;
  for (const a of annotations(doc)) {
    if (parents) checkUa(ctx, a, parents);
    else checkPdfa(ctx, a);
  }
  if (!ua) return;
  for (const page of doc.pages()) {
    const count = arrayItems(doc.get(page.dict, 'Annots')).filter((a) =>
      isDict(doc.resolve(a)),
    ).length;
    if (count === 0) continue;
    sink.check(R.uaTabs, nameValue(doc.get(page.dict, 'Tabs')) === 'S', `page ${page.index + 1}`);
  }
  checkMediaClips(doc, ctx);
}

export const annotationsArea: RuleArea = {
  name: 'annotations',
  rules: Object.values(R),
  run,
};
