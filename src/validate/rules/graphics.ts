/**
 * Graphics rules: PDF/A-2/3 clauses 6.1.13 (q nesting, DeviceN colourants), 6.2.2 (content
 * streams), 6.2.3 (output intents), 6.2.4.x (colour spaces), 6.2.5 (graphics state), 6.2.6
 * (rendering intents), 6.2.8 (images), 6.2.9 (XObjects) and 6.2.10 (transparency).
 *
 * Everything that depends on content (which spaces, images or graphics states are actually
 * used) comes from the shared content walk (facts.ts); document-level objects (output intents,
 * page groups) are read directly.
 */
import type { RuleArea, RuleAreaContext } from '../model/checks.js';
import { PDFA_ALL } from '../model/checks.js';
import type { CosDict, CosObject, CosStream } from '../model/cos.js';
import type { PdfDocumentModel } from '../model/document.js';
import {
  type ColourSpace,
  nestedColourSpaces,
  resolveColourSpaceOperand,
} from '../content/colour.js';
import {
  asArray,
  asDict,
  asStream,
  indirectKeyOf,
  integerValue,
  nameValue,
  numberValue,
} from '../model/read.js';
import { type ContentFacts, contentFacts } from '../content/facts.js';
import { readIccHeader, readJpx } from '../content/headers.js';
import { ruleSpec } from './spec.js';

export const GRAPHICS_RULES = {
  qNesting: ruleSpec({
    clause: '6.1.13',
    testNumber: 8,
    object: 'Op_q_gsave',
    category: 'File structure',
    message: 'Graphics states (q/Q) are nested more than 28 levels deep.',
    flavours: PDFA_ALL,
  }),
  deviceNComponents: ruleSpec({
    clause: '6.1.13',
    testNumber: 9,
    object: 'PDDeviceN',
    category: 'File structure',
    message: 'A DeviceN colour space has more than 32 colourants.',
    flavours: PDFA_ALL,
  }),
  undefinedOperator: ruleSpec({
    clause: '6.2.2',
    testNumber: 1,
    object: 'Op_Undefined',
    category: 'Graphics',
    message: 'A content stream uses an operator that ISO 32000-1 does not define.',
    flavours: PDFA_ALL,
  }),
  inheritedResources: ruleSpec({
    clause: '6.2.2',
    testNumber: 2,
    object: 'PDContentStream',
    category: 'Graphics',
    message:
      'A content stream uses resources it does not have itself but takes from the page (no explicit Resources dictionary).',
    flavours: PDFA_ALL,
  }),
  outputProfile: ruleSpec({
    clause: '6.2.3',
    testNumber: 1,
    object: 'ICCOutputProfile',
    category: 'Graphics',
    message:
      'The output intent profile is not a printer or monitor ICC profile (version below 5) in Gray, RGB or CMYK.',
    flavours: PDFA_ALL,
  }),
  sameOutputProfile: ruleSpec({
    clause: '6.2.3',
    testNumber: 2,
    object: 'OutputIntents',
    category: 'Graphics',
    message: 'Output intents with a destination profile do not all use the same profile object.',
    flavours: PDFA_ALL,
  }),
  destOutputProfileRef: ruleSpec({
    clause: '6.2.3',
    testNumber: 3,
    object: 'PDOutputIntent',
    category: 'Graphics',
    message: 'A PDF/X output intent has a DestOutputProfileRef entry.',
    flavours: PDFA_ALL,
  }),
  iccInput: ruleSpec({
    clause: '6.2.4.2',
    testNumber: 1,
    object: 'ICCInputProfile',
    category: 'Graphics',
    message:
      'An ICCBased colour space has a profile that is not a valid ICC profile (input, display, output or colour space class; version below 5).',
    flavours: PDFA_ALL,
  }),
  iccCmykOverprint: ruleSpec({
    clause: '6.2.4.2',
    testNumber: 2,
    object: 'PDICCBasedCMYK',
    category: 'Graphics',
    message: 'An ICCBased CMYK colour space is painted with overprinting on and overprint mode 1.',
    flavours: PDFA_ALL,
  }),
  deviceRGB: ruleSpec({
    clause: '6.2.4.3',
    testNumber: 2,
    object: 'PDDeviceRGB',
    category: 'Graphics',
    message: 'DeviceRGB is used without a DefaultRGB colour space or an RGB PDF/A output intent.',
    flavours: PDFA_ALL,
  }),
  deviceCMYK: ruleSpec({
    clause: '6.2.4.3',
    testNumber: 3,
    object: 'PDDeviceCMYK',
    category: 'Graphics',
    message: 'DeviceCMYK is used without a DefaultCMYK colour space or a CMYK PDF/A output intent.',
    flavours: PDFA_ALL,
  }),
  deviceGray: ruleSpec({
    clause: '6.2.4.3',
    testNumber: 4,
    object: 'PDDeviceGray',
    category: 'Graphics',
    message: 'DeviceGray is used without a DefaultGray colour space or a PDF/A output intent.',
    flavours: PDFA_ALL,
  }),
  colorants: ruleSpec({
    clause: '6.2.4.4',
    testNumber: 1,
    object: 'PDDeviceN',
    category: 'Graphics',
    message:
      'A DeviceN colour space does not describe each of its colourants in the Colorants dictionary of its attributes.',
    flavours: PDFA_ALL,
  }),
  separations: ruleSpec({
    clause: '6.2.4.4',
    testNumber: 2,
    object: 'PDSeparation',
    category: 'Graphics',
    message:
      'Separation colour spaces with the same colourant name differ in alternate space or tint transform.',
    flavours: PDFA_ALL,
  }),
  tr: ruleSpec({
    clause: '6.2.5',
    testNumber: 1,
    object: 'PDExtGState',
    category: 'Graphics',
    message: 'A graphics state dictionary has a TR (transfer function) entry.',
    flavours: PDFA_ALL,
  }),
  tr2: ruleSpec({
    clause: '6.2.5',
    testNumber: 2,
    object: 'PDExtGState',
    category: 'Graphics',
    message: 'A graphics state dictionary has a TR2 entry other than Default.',
    flavours: PDFA_ALL,
  }),
  htp: ruleSpec({
    clause: '6.2.5',
    testNumber: 3,
    object: 'PDExtGState',
    category: 'Graphics',
    message: 'A graphics state dictionary has an HTP entry.',
    flavours: PDFA_ALL,
  }),
  halftoneType: ruleSpec({
    clause: '6.2.5',
    testNumber: 4,
    object: 'PDHalftone',
    category: 'Graphics',
    message: 'A halftone has a HalftoneType other than 1 or 5.',
    flavours: PDFA_ALL,
  }),
  halftoneName: ruleSpec({
    clause: '6.2.5',
    testNumber: 5,
    object: 'PDHalftone',
    category: 'Graphics',
    message: 'A halftone has a HalftoneName entry.',
    flavours: PDFA_ALL,
  }),
  halftoneTransfer: ruleSpec({
    clause: '6.2.5',
    testNumber: 6,
    object: 'PDHalftone',
    category: 'Graphics',
    message:
      'A halftone has a TransferFunction for a primary colourant, or lacks one for a spot colourant.',
    flavours: PDFA_ALL,
  }),
  renderingIntent: ruleSpec({
    clause: '6.2.6',
    testNumber: 1,
    object: 'CosRenderingIntent',
    category: 'Graphics',
    message:
      'A rendering intent is not one of RelativeColorimetric, AbsoluteColorimetric, Perceptual or Saturation.',
    flavours: PDFA_ALL,
  }),
  imageAlternates: ruleSpec({
    clause: '6.2.8',
    testNumber: 1,
    object: 'PDXImage',
    category: 'Graphics',
    message: 'An image has an Alternates entry.',
    flavours: PDFA_ALL,
  }),
  imageOPI: ruleSpec({
    clause: '6.2.8',
    testNumber: 2,
    object: 'PDXImage',
    category: 'Graphics',
    message: 'An image has an OPI entry.',
    flavours: PDFA_ALL,
  }),
  imageInterpolate: ruleSpec({
    clause: '6.2.8',
    testNumber: 3,
    object: 'PDXImage',
    category: 'Graphics',
    message: 'An image asks for interpolation (Interpolate or I is true).',
    flavours: PDFA_ALL,
  }),
  imageBits: ruleSpec({
    clause: '6.2.8',
    testNumber: 4,
    object: 'PDXImage',
    category: 'Graphics',
    message: 'An image has a BitsPerComponent other than 1, 2, 4, 8 or 16.',
    flavours: PDFA_ALL,
  }),
  maskBits: ruleSpec({
    clause: '6.2.8',
    testNumber: 5,
    object: 'PDMaskImage',
    category: 'Graphics',
    message: 'An image mask has a BitsPerComponent other than 1.',
    flavours: PDFA_ALL,
  }),
  jpxChannels: ruleSpec({
    clause: '6.2.8.3',
    testNumber: 1,
    object: 'JPEG2000',
    category: 'Graphics',
    message: 'JPEG 2000 image data has a number of colour channels other than 1, 3 or 4.',
    flavours: PDFA_ALL,
  }),
  jpxColrCount: ruleSpec({
    clause: '6.2.8.3',
    testNumber: 2,
    object: 'JPEG2000',
    category: 'Graphics',
    message:
      'JPEG 2000 data without a ColorSpace entry has several colour specifications, and not exactly one marked as the approximation to use.',
    flavours: PDFA_ALL,
  }),
  jpxMethod: ruleSpec({
    clause: '6.2.8.3',
    testNumber: 3,
    object: 'JPEG2000',
    category: 'Graphics',
    message: "JPEG 2000 data without a ColorSpace entry has a 'colr' method other than 1, 2 or 3.",
    flavours: PDFA_ALL,
  }),
  jpxCIEJab: ruleSpec({
    clause: '6.2.8.3',
    testNumber: 4,
    object: 'JPEG2000',
    category: 'Graphics',
    message:
      'JPEG 2000 data without a ColorSpace entry uses the enumerated colour space 19 (CIEJab).',
    flavours: PDFA_ALL,
  }),
  jpxDepth: ruleSpec({
    clause: '6.2.8.3',
    testNumber: 5,
    object: 'JPEG2000',
    category: 'Graphics',
    message:
      'JPEG 2000 data has channels of different bit depths (bpcc box) or a bit depth outside 1 to 38.',
    flavours: PDFA_ALL,
  }),
  formKeys: ruleSpec({
    clause: '6.2.9',
    testNumber: 1,
    object: 'PDXForm',
    category: 'Graphics',
    message: 'A form XObject has an OPI or PS entry, or Subtype2 PS.',
    flavours: PDFA_ALL,
  }),
  referenceXObject: ruleSpec({
    clause: '6.2.9',
    testNumber: 2,
    object: 'PDXForm',
    category: 'Graphics',
    message: 'A form XObject is a reference XObject (Ref entry).',
    flavours: PDFA_ALL,
  }),
  postscriptXObject: ruleSpec({
    clause: '6.2.9',
    testNumber: 3,
    object: 'PDXObject',
    category: 'Graphics',
    message: 'A PostScript XObject is used.',
    flavours: PDFA_ALL,
  }),
  blendMode: ruleSpec({
    clause: '6.2.10',
    testNumber: 1,
    object: 'CosBM',
    category: 'Graphics',
    message: 'A graphics state uses a blend mode that ISO 32000-1 does not define.',
    flavours: PDFA_ALL,
  }),
  pageGroup: ruleSpec({
    clause: '6.2.10',
    testNumber: 2,
    object: 'PDPage',
    category: 'Graphics',
    message:
      'A page uses transparency but there is no PDF/A output intent and the page has no transparency group colour space (Group CS).',
    flavours: PDFA_ALL,
  }),
} as const;

const INTENTS = new Set([
  'RelativeColorimetric',
  'AbsoluteColorimetric',
  'Perceptual',
  'Saturation',
]);
const BLEND_MODES = new Set([
  'Normal',
  'Compatible',
  'Multiply',
  'Screen',
  'Overlay',
  'Darken',
  'Lighten',
  'ColorDodge',
  'ColorBurn',
  'HardLight',
  'SoftLight',
  'Difference',
  'Exclusion',
  'Hue',
  'Saturation',
  'Color',
  'Luminosity',
]);

export interface OutputIntentFacts {
  /** Colour space signature of the PDF/A (GTS_PDFA1) output intent profile, e.g. 'RGB '; null without one. */
  readonly outputCS: string | null;
}

/** The PDF/A output intent's profile colour space (veraPDF's gOutputCS). */
export function pdfaOutputColourSpace(doc: PdfDocumentModel): string | null {
  const intents = asArray(doc.get(doc.catalog, 'OutputIntents'));
  if (!intents) return null;
  for (const raw of intents.items) {
    const oi = asDict(doc.resolve(raw));
    if (!oi || nameValue(doc.get(oi, 'S')) !== 'GTS_PDFA1') continue;
    const profile = asStream(doc.get(oi, 'DestOutputProfile'));
    if (!profile) continue;
    const header = readIccHeader(doc.decodeStream(profile).data);
    if (header) return header.colourSpace;
  }
  return null;
}

function checkOutputIntents(ctx: RuleAreaContext): void {
  const { doc, sink } = ctx;
  const R = GRAPHICS_RULES;
  const intents = asArray(doc.get(doc.catalog, 'OutputIntents'));
  if (!intents) return;
  const profileRefs = new Set<string>();
  let withProfile = 0;
  intents.items.forEach((raw, i) => {
    const oi = asDict(doc.resolve(raw));
    if (!oi) return;
    const where = `output intent ${i + 1}`;
    const s = nameValue(doc.get(oi, 'S'));
    sink.check(
      R.destOutputProfileRef,
      s !== 'GTS_PDFX' || !oi.entries.has('DestOutputProfileRef'),
      where,
    );
    const rawProfile = oi.entries.get('DestOutputProfile');
    if (rawProfile === undefined) return;
    withProfile++;
    profileRefs.add(indirectKeyOf(rawProfile) ?? `direct ${i}`);
    const profile = asStream(doc.resolve(rawProfile));
    const header = profile ? readIccHeader(doc.decodeStream(profile).data) : null;
    const ok =
      !!header &&
      (header.deviceClass === 'prtr' || header.deviceClass === 'mntr') &&
      ['RGB ', 'CMYK', 'GRAY'].includes(header.colourSpace) &&
      header.version < 5;
    sink.check(
      R.outputProfile,
      ok,
      `${where} / DestOutputProfile`,
      header
        ? `class ${header.deviceClass.trim()}, colour space ${header.colourSpace.trim()}, version ${header.version}`
        : 'not a readable ICC profile',
    );
  });
  if (intents.items.length > 1 && withProfile > 0) {
    sink.check(
      R.sameOutputProfile,
      profileRefs.size <= 1,
      'output intents',
      `${profileRefs.size} different profiles`,
    );
  }
}

function checkColourSpace(
  ctx: RuleAreaContext,
  cs: ColourSpace,
  location: string,
  outputCS: string | null,
  seen: Set<string>,
  overprint: boolean | null,
  opm: number,
): void {
  const { doc, sink } = ctx;
  const R = GRAPHICS_RULES;
  for (const c of nestedColourSpaces(cs)) {
    const where = c === cs ? location : `${location} / ${c.family}`;
    const id = `${c.key}`;
    if (c.family === 'ICCBased' && c.components === 4 && overprint !== null && c === cs) {
      sink.check(R.iccCmykOverprint, !(overprint && opm === 1), where);
    }
    if (
      seen.has(id) &&
      c.family !== 'DeviceRGB' &&
      c.family !== 'DeviceCMYK' &&
      c.family !== 'DeviceGray'
    )
      continue;
    seen.add(id);
    switch (c.family) {
      case 'DeviceRGB':
        if (!seen.has(`dev|${location}|RGB`)) {
          seen.add(`dev|${location}|RGB`);
          sink.check(R.deviceRGB, outputCS === 'RGB ', where);
        }
        break;
      case 'DeviceCMYK':
        if (!seen.has(`dev|${location}|CMYK`)) {
          seen.add(`dev|${location}|CMYK`);
          sink.check(R.deviceCMYK, outputCS === 'CMYK', where);
        }
        break;
      case 'DeviceGray':
        if (!seen.has(`dev|${location}|Gray`)) {
          seen.add(`dev|${location}|Gray`);
          sink.check(R.deviceGray, outputCS !== null, where);
        }
        break;
      case 'ICCBased': {
        const header = c.iccProfile ? readIccHeader(doc.decodeStream(c.iccProfile).data) : null;
        const ok =
          !!header &&
          ['prtr', 'mntr', 'scnr', 'spac'].includes(header.deviceClass) &&
          ['RGB ', 'CMYK', 'GRAY', 'Lab '].includes(header.colourSpace) &&
          header.version < 5;
        sink.check(
          R.iccInput,
          ok,
          where,
          header
            ? `class ${header.deviceClass.trim()}, colour space ${header.colourSpace.trim()}, version ${header.version}`
            : 'profile missing or unreadable',
        );
        break;
      }
      case 'DeviceN': {
        sink.check(R.deviceNComponents, c.components <= 32, where, `${c.components} colourants`);
        const colorants = c.attributes ? asDict(doc.get(c.attributes, 'Colorants')) : null;
        const present = !!colorants && (c.colorants ?? []).every((n) => colorants.entries.has(n));
        sink.check(R.colorants, present, where);
        break;
      }
      default:
        break;
    }
  }
}

/** Structural equality of two COS values after following references (streams by dictionary and data). */
function cosEqual(doc: PdfDocumentModel, a: CosObject, b: CosObject, depth = 0): boolean {
  if (depth > 16) return true;
  const x = doc.resolve(a);
  const y = doc.resolve(b);
  if (x === y) return true;
  if (x === null || y === null || typeof x !== 'object' || typeof y !== 'object') return x === y;
  if (x.kind !== y.kind) return false;
  switch (x.kind) {
    case 'name':
      return y.kind === 'name' && x.value === y.value;
    case 'number':
      return y.kind === 'number' && x.value === y.value;
    case 'string':
      return (
        y.kind === 'string' && Buffer.compare(Buffer.from(x.bytes), Buffer.from(y.bytes)) === 0
      );
    case 'array':
      return (
        y.kind === 'array' &&
        x.items.length === y.items.length &&
        x.items.every((v, i) => cosEqual(doc, v, y.items[i], depth + 1))
      );
    case 'dict':
      return y.kind === 'dict' && dictEqual(doc, x, y, depth);
    case 'stream': {
      if (y.kind !== 'stream') return false;
      if (!dictEqual(doc, x.dict, y.dict, depth, new Set(['Length', 'Filter', 'DecodeParms'])))
        return false;
      const dx = doc.decodeStream(x).data;
      const dy = doc.decodeStream(y).data;
      return Buffer.compare(Buffer.from(dx), Buffer.from(dy)) === 0;
    }
    default:
      return false;
  }
}

function dictEqual(
  doc: PdfDocumentModel,
  x: CosDict,
  y: CosDict,
  depth: number,
  ignore: Set<string> = new Set(),
): boolean {
  const kx = [...x.entries.keys()].filter((k) => !ignore.has(k));
  const ky = [...y.entries.keys()].filter((k) => !ignore.has(k));
  if (kx.length !== ky.length) return false;
  return kx.every(
    (k) =>
      y.entries.has(k) &&
      cosEqual(doc, x.entries.get(k) ?? null, y.entries.get(k) ?? null, depth + 1),
  );
}

function checkSeparations(
  ctx: RuleAreaContext,
  spaces: { cs: ColourSpace; location: string }[],
): void {
  const { doc, sink } = ctx;
  const byName = new Map<string, { alt: CosObject; tint: CosObject; location: string }[]>();
  const seen = new Set<string>();
  const add = (c: ColourSpace, location: string): void => {
    if (c.family !== 'Separation' || !c.colorants?.length) return;
    if (seen.has(c.key)) return;
    seen.add(c.key);
    const arr = asArray(c.definition);
    const entry = { alt: arr?.items[2] ?? null, tint: c.tintTransform ?? null, location };
    const list = byName.get(c.colorants[0]) ?? [];
    list.push(entry);
    byName.set(c.colorants[0], list);
  };
  for (const { cs, location } of spaces) {
    for (const c of nestedColourSpaces(cs)) {
      add(c, location);
      if (c.family === 'DeviceN' && c.attributes) {
        const colorants = asDict(doc.get(c.attributes, 'Colorants'));
        if (colorants) {
          for (const [name, raw] of colorants.entries) {
            const sep = resolveColourSpaceOperand(doc, raw, { own: null, inherited: null });
            if (sep)
              add(
                { ...sep, key: indirectKeyOf(raw) ?? `${c.key}/Colorants/${name}` },
                `${location} / Colorants ${name}`,
              );
          }
        }
      }
    }
  }
  for (const [name, list] of byName) {
    // Equality is transitive, so comparing with the first one decides for the whole name.
    const first = list[0];
    const consistent = list.every(
      (o) => o === first || (cosEqual(doc, o.alt, first.alt) && cosEqual(doc, o.tint, first.tint)),
    );
    for (const entry of list)
      sink.check(GRAPHICS_RULES.separations, consistent, entry.location, `colourant ${name}`);
  }
}

function checkExtGState(ctx: RuleAreaContext, dict: CosDict, location: string): void {
  const { doc, sink } = ctx;
  const R = GRAPHICS_RULES;
  sink.check(R.tr, !dict.entries.has('TR'), location);
  const tr2 = dict.entries.get('TR2');
  sink.check(R.tr2, tr2 === undefined || nameValue(doc.resolve(tr2)) === 'Default', location);
  sink.check(R.htp, !dict.entries.has('HTP'), location);
  const ri = dict.entries.get('RI');
  if (ri !== undefined) checkIntent(ctx, doc.resolve(ri), location);
  const bm = doc.resolve(dict.entries.get('BM'));
  if (bm !== null) {
    const names = asArray(bm)?.items.map((v) => doc.resolve(v)) ?? [bm];
    for (const n of names) {
      const v = nameValue(n);
      sink.check(
        R.blendMode,
        v !== null && BLEND_MODES.has(v),
        location,
        v !== null ? `blend mode ${v}` : undefined,
      );
    }
  }
  const ht = asDict(doc.get(dict, 'HT'));
  if (ht) checkHalftone(ctx, ht, `${location} / halftone`, null, 0);
}

function checkHalftone(
  ctx: RuleAreaContext,
  ht: CosDict,
  location: string,
  colorant: string | null,
  depth: number,
): void {
  const { doc, sink } = ctx;
  const R = GRAPHICS_RULES;
  const type = integerValue(doc.get(ht, 'HalftoneType'));
  sink.check(
    R.halftoneType,
    type === 1 || type === 5,
    location,
    type !== null ? `type ${type}` : 'no HalftoneType',
  );
  sink.check(R.halftoneName, !ht.entries.has('HalftoneName'), location);
  if (colorant !== 'Default') {
    const primary = colorant === null || ['Cyan', 'Magenta', 'Yellow', 'Black'].includes(colorant);
    const hasTransfer = ht.entries.has('TransferFunction');
    sink.check(
      R.halftoneTransfer,
      primary ? !hasTransfer : hasTransfer,
      location,
      colorant ? `colourant ${colorant}` : undefined,
    );
  }
  if (type === 5 && depth < 2) {
    for (const [key, raw] of ht.entries) {
      if (key === 'Type' || key === 'HalftoneType' || key === 'HalftoneName') continue;
      const sub = asDict(doc.resolve(raw));
      if (sub) checkHalftone(ctx, sub, `${location} / ${key}`, key, depth + 1);
    }
  }
}

function checkIntent(ctx: RuleAreaContext, value: CosObject, location: string): void {
  const name = nameValue(value);
  if (name === null) return;
  ctx.sink.check(GRAPHICS_RULES.renderingIntent, INTENTS.has(name), location, `intent ${name}`);
}

function checkImage(
  ctx: RuleAreaContext,
  dict: CosDict,
  location: string,
  inline: boolean,
  stream: CosStream | null,
  explicitMask = false,
): void {
  const { doc, sink } = ctx;
  const R = GRAPHICS_RULES;
  const get = (full: string, abbr: string): CosObject =>
    doc.resolve(dict.entries.get(full) ?? (inline ? dict.entries.get(abbr) : undefined));
  // An image's Mask stream is a mask image whatever its ImageMask entry says (veraPDF's PDMaskImage).
  const isMask = explicitMask || get('ImageMask', 'IM') === true;
  if (!inline) {
    sink.check(R.imageAlternates, !dict.entries.has('Alternates'), location);
    sink.check(R.imageOPI, !dict.entries.has('OPI'), location);
  }
  const interpolate = get('Interpolate', 'I');
  sink.check(R.imageInterpolate, interpolate !== true, location);
  const bpc = numberValue(get('BitsPerComponent', 'BPC'));
  sink.check(
    R.imageBits,
    isMask || bpc === null || [1, 2, 4, 8, 16].includes(bpc),
    location,
    bpc !== null ? `BitsPerComponent ${bpc}` : undefined,
  );
  if (isMask)
    sink.check(
      R.maskBits,
      bpc === null || bpc === 1,
      location,
      bpc !== null ? `BitsPerComponent ${bpc}` : undefined,
    );
  if (stream) {
    const filters = filterNames(doc, dict);
    if (filters.includes('JPXDecode')) checkJpx(ctx, stream, location);
  }
}

/**
 * The SMask and Mask streams of an image (and the SMask of a form): veraPDF links them from the
 * XObject as PDSMaskImage and PDMaskImage, both kinds of PDXImage, so the image rules (6.2.8,
 * JPEG 2000) apply to them as well; a soft mask's Intent is checked too, a mask's is not. Their
 * colour spaces are not links there, so they are not colour uses here either.
 */
function checkMaskStreams(
  ctx: RuleAreaContext,
  dict: CosDict,
  location: string,
  seen: Set<string>,
  withMask: boolean,
): void {
  const { doc } = ctx;
  const once = (s: CosStream, role: string): boolean => {
    const key = s.ref ? `${role}|${s.ref.num} ${s.ref.gen}` : null;
    if (key === null) return true;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  };
  const smask = asStream(doc.get(dict, 'SMask'));
  if (smask && once(smask, 'smask')) {
    const where = `${location} / soft mask image`;
    checkImage(ctx, smask.dict, where, false, smask);
    const intent = smask.dict.entries.get('Intent');
    if (intent !== undefined) checkIntent(ctx, doc.resolve(intent), where);
  }
  const mask = withMask ? asStream(doc.get(dict, 'Mask')) : null;
  if (mask && once(mask, 'mask'))
    checkImage(ctx, mask.dict, `${location} / mask image`, false, mask, true);
}

function filterNames(doc: PdfDocumentModel, dict: CosDict): string[] {
  const f = doc.resolve(dict.entries.get('Filter'));
  const single = nameValue(f);
  if (single !== null) return [single];
  return (asArray(f)?.items ?? []).map((v) => nameValue(doc.resolve(v)) ?? '');
}

function checkJpx(ctx: RuleAreaContext, stream: CosStream, location: string): void {
  const { doc, sink } = ctx;
  const R = GRAPHICS_RULES;
  const facts = readJpx(doc.decodeStream(stream).data);
  if (!facts) return;
  const hasCS = stream.dict.entries.has('ColorSpace');
  const where = `${location} / JPEG 2000 data`;
  if (facts.channels !== null)
    sink.check(
      R.jpxChannels,
      [1, 3, 4].includes(facts.channels),
      where,
      `${facts.channels} channels`,
    );
  const approxOnes = facts.colr.filter((c) => c.approx === 1).length;
  sink.check(
    R.jpxColrCount,
    hasCS || facts.colr.length <= 1 || approxOnes === 1,
    where,
    `${facts.colr.length} colour specifications`,
  );
  const first = facts.colr[0];
  if (first) {
    sink.check(
      R.jpxMethod,
      hasCS || [1, 2, 3].includes(first.method),
      where,
      `method ${first.method}`,
    );
    sink.check(R.jpxCIEJab, hasCS || first.enumCS !== 19, where);
  }
  if (facts.bitDepth !== null) {
    sink.check(
      R.jpxDepth,
      !facts.bpccPresent && facts.bitDepth >= 1 && facts.bitDepth <= 38,
      where,
      facts.bpccPresent ? 'bpcc box present' : `bit depth ${facts.bitDepth}`,
    );
  }
}

function checkForm(ctx: RuleAreaContext, stream: CosStream, location: string): void {
  const { doc, sink } = ctx;
  const R = GRAPHICS_RULES;
  const d = stream.dict;
  const ok =
    !d.entries.has('OPI') && !d.entries.has('PS') && nameValue(doc.get(d, 'Subtype2')) !== 'PS';
  sink.check(R.formKeys, ok, location);
  sink.check(R.referenceXObject, !d.entries.has('Ref'), location);
}

function pageGroupSpaces(
  ctx: RuleAreaContext,
  add: (cs: ColourSpace, location: string) => void,
): void {
  const { doc } = ctx;
  for (const page of doc.pages()) {
    const group = asDict(doc.get(page.dict, 'Group'));
    const csRaw = group?.entries.get('CS');
    if (group && csRaw !== undefined) {
      const cs = resolveColourSpaceOperand(doc, csRaw, { own: page.resources, inherited: null });
      if (cs) add(cs, `page ${page.index + 1} / transparency group`);
    }
  }
}

function checkTransparency(
  ctx: RuleAreaContext,
  facts: ContentFacts,
  outputCS: string | null,
): void {
  const { doc, sink } = ctx;
  for (const page of doc.pages()) {
    const transparent = facts.pageTransparency.get(page.index) === true;
    const group = asDict(doc.get(page.dict, 'Group'));
    const groupCS = !!group && group.entries.has('CS');
    sink.check(
      GRAPHICS_RULES.pageGroup,
      outputCS !== null || groupCS || !transparent,
      `page ${page.index + 1}`,
    );
  }
}

function run(ctx: RuleAreaContext): void {
  const { doc, sink } = ctx;
  const R = GRAPHICS_RULES;
  const facts = contentFacts(doc, ctx.flavour.flavour);
  const outputCS = pdfaOutputColourSpace(doc);

  sink.check(
    R.qNesting,
    facts.saves.deep.length === 0,
    facts.saves.deep[0]?.location ?? 'content',
    facts.saves.deep.length ? `depth ${facts.saves.deep[0].value}` : undefined,
  );
  for (const d of facts.saves.deep.slice(1))
    sink.check(R.qNesting, false, d.location, `depth ${d.value}`);

  if (facts.operators.count > 0) {
    sink.check(
      R.undefinedOperator,
      facts.operators.undefined.length === 0,
      facts.operators.undefined[0]?.location ?? 'content',
      facts.operators.undefined[0] ? `operator ${facts.operators.undefined[0].value}` : undefined,
    );
    for (const u of facts.operators.undefined.slice(1))
      sink.check(R.undefinedOperator, false, u.location, `operator ${u.value}`);
  }
  const inheritedBy = new Map<string, string[]>();
  for (const r of facts.inheritedResources)
    inheritedBy.set(r.location, [...(inheritedBy.get(r.location) ?? []), r.value]);
  for (const location of new Set(facts.streamLocations)) {
    const used = inheritedBy.get(location) ?? [];
    sink.check(
      R.inheritedResources,
      used.length === 0,
      location,
      used.length ? `uses ${[...new Set(used)].join(', ')}` : undefined,
    );
  }

  checkOutputIntents(ctx);

  const seen = new Set<string>();
  const spaces: { cs: ColourSpace; location: string }[] = [];
  for (const use of facts.colourUses.values()) {
    spaces.push({ cs: use.space, location: use.location });
    checkColourSpace(
      ctx,
      use.space,
      use.location,
      outputCS,
      seen,
      use.overprint,
      use.overprintMode,
    );
  }
  const groupSpaces: { cs: ColourSpace; location: string }[] = [];
  pageGroupSpaces(ctx, (cs, location) => groupSpaces.push({ cs, location }));
  for (const [, f] of facts.forms) {
    const group = asDict(doc.get(f.value.dict, 'Group'));
    const csRaw = group?.entries.get('CS');
    if (group && csRaw !== undefined) {
      const res = asDict(doc.get(f.value.dict, 'Resources'));
      const cs = resolveColourSpaceOperand(doc, csRaw, { own: res, inherited: null });
      if (cs) groupSpaces.push({ cs, location: `${f.location} / transparency group` });
    }
  }
  for (const g of groupSpaces) {
    spaces.push(g);
    checkColourSpace(ctx, g.cs, g.location, outputCS, seen, null, 0);
  }
  checkSeparations(ctx, spaces);

  for (const [, g] of facts.extGStates) checkExtGState(ctx, g.value, g.location);
  for (const ri of facts.renderingIntents) checkIntent(ctx, doc.resolve(ri.value), ri.location);
  const maskSeen = new Set<string>();
  for (const [, img] of facts.images) {
    checkImage(ctx, img.value.dict, img.location, false, img.value);
    checkMaskStreams(ctx, img.value.dict, img.location, maskSeen, true);
  }
  for (const img of facts.inlineImages) checkImage(ctx, img.value, img.location, true, null);
  for (const [, f] of facts.forms) {
    checkForm(ctx, f.value, f.location);
    checkMaskStreams(ctx, f.value.dict, f.location, maskSeen, false);
  }
  for (const [, x] of facts.otherXObjects) {
    sink.check(
      R.postscriptXObject,
      nameValue(doc.get(x.value.dict, 'Subtype')) !== 'PS',
      x.location,
    );
  }
  checkTransparency(ctx, facts, outputCS);
}

export const graphicsArea: RuleArea = {
  name: 'graphics',
  rules: Object.values(GRAPHICS_RULES),
  run,
};
