/**
 * Font rules: PDF/A-2/3 clause 6.2.11.x (and 6.1.13 CID limit) and PDF/UA-1 clause 7.21.x.
 * Fonts are checked when content uses them (as veraPDF does): the shared content walk lists
 * each font with the strings it shows, their rendering modes and marked-content context; each
 * distinct glyph (font, code, rendering mode, ActualText) is one check of the glyph rules.
 */
import type { RuleArea, RuleAreaContext, RuleSpec } from '../model/checks.js';
import { PDFA_A, PDFA_ALL, PDFA_U_AND_A, PDFUA } from '../model/checks.js';
import type { CosDict, CosObject } from '../model/cos.js';
import type { PdfDocumentModel } from '../model/document.js';
import {
  asArray,
  asDict,
  asStream,
  asString,
  integerValue,
  latin1Text,
  nameValue,
} from '../model/read.js';
import { type FontUsage, contentFacts } from '../content/facts.js';
import { PREDEFINED_CMAPS, parseCMap, predefinedOrdering } from '../fonts/cmap.js';
import { isKnownGlyphName } from '../fonts/encodings.js';
import { PdfFont, fontCache, hasPUA } from '../fonts/font.js';
import {
  CFF_DEFAULT_MATRIX,
  MAX_UNITS_PER_EM,
  MIN_UNITS_PER_EM,
  cidMatrixReadings,
  formatMatrix,
  matrixProblem,
  unitsPerEmOf,
} from '../fonts/matrix.js';
import { ruleSpec } from './spec.js';

/** A rule PDF/A and PDF/UA share in substance: the PDF/A rule and its PDF/UA twin (own clause). */
type Pair = readonly [pdfa: RuleSpec, ua: RuleSpec];

function withUaTwin(pdfa: RuleSpec, uaClause: string): Pair {
  return [pdfa, ruleSpec({ ...pdfa, clause: uaClause, flavours: PDFUA })];
}

export const FONT_RULES = {
  maxCID: ruleSpec({
    clause: '6.1.13',
    testNumber: 10,
    object: 'CMapFile',
    category: 'File structure',
    message: 'An embedded CMap maps to a CID greater than 65535.',
    flavours: PDFA_ALL,
  }),
  fontType: ruleSpec({
    clause: '6.2.11.2',
    testNumber: 1,
    object: 'PDFont',
    category: 'Fonts',
    message: 'A font dictionary does not have Type Font.',
    flavours: PDFA_ALL,
  }),
  fontSubtype: ruleSpec({
    clause: '6.2.11.2',
    testNumber: 2,
    object: 'PDFont',
    category: 'Fonts',
    message: 'A font dictionary has no valid Subtype.',
    flavours: PDFA_ALL,
  }),
  baseFont: ruleSpec({
    clause: '6.2.11.2',
    testNumber: 3,
    object: 'PDFont',
    category: 'Fonts',
    message: 'A font dictionary (other than Type 3) has no BaseFont.',
    flavours: PDFA_ALL,
  }),
  firstChar: ruleSpec({
    clause: '6.2.11.2',
    testNumber: 4,
    object: 'PDSimpleFont',
    category: 'Fonts',
    message: 'A simple font that is not a standard 14 font has no FirstChar.',
    flavours: PDFA_ALL,
  }),
  lastChar: ruleSpec({
    clause: '6.2.11.2',
    testNumber: 5,
    object: 'PDSimpleFont',
    category: 'Fonts',
    message: 'A simple font that is not a standard 14 font has no LastChar.',
    flavours: PDFA_ALL,
  }),
  widths: ruleSpec({
    clause: '6.2.11.2',
    testNumber: 6,
    object: 'PDSimpleFont',
    category: 'Fonts',
    message:
      'A simple font that is not a standard 14 font has no Widths array of LastChar − FirstChar + 1 entries.',
    flavours: PDFA_ALL,
  }),
  fontFileSubtype: ruleSpec({
    clause: '6.2.11.2',
    testNumber: 7,
    object: 'PDFont',
    category: 'Fonts',
    message: 'An embedded FontFile3 has a Subtype other than Type1C, CIDFontType0C or OpenType.',
    flavours: PDFA_ALL,
  }),
  cidSystemInfo: withUaTwin(
    ruleSpec({
      clause: '6.2.11.3.1',
      testNumber: 1,
      object: 'PDType0Font',
      category: 'Fonts',
      message:
        'The CIDSystemInfo of a Type 0 font’s CIDFont does not match its CMap (Registry, Ordering, or a higher Supplement).',
      flavours: PDFA_ALL,
    }),
    '7.21.3.1',
  ),
  cidToGid: withUaTwin(
    ruleSpec({
      clause: '6.2.11.3.2',
      testNumber: 1,
      object: 'PDCIDFont',
      category: 'Fonts',
      message: 'An embedded CIDFontType2 font has no CIDToGIDMap.',
      flavours: PDFA_ALL,
    }),
    '7.21.3.2',
  ),
  cmapEmbedded: withUaTwin(
    ruleSpec({
      clause: '6.2.11.3.3',
      testNumber: 1,
      object: 'PDCMap',
      category: 'Fonts',
      message: 'A CMap that is not one of the predefined CMaps is not embedded.',
      flavours: PDFA_ALL,
    }),
    '7.21.3.3',
  ),
  cmapWMode: withUaTwin(
    ruleSpec({
      clause: '6.2.11.3.3',
      testNumber: 2,
      object: 'CMapFile',
      category: 'Fonts',
      message: 'The WMode of an embedded CMap dictionary differs from the WMode in its stream.',
      flavours: PDFA_ALL,
    }),
    '7.21.3.3',
  ),
  cmapUse: withUaTwin(
    ruleSpec({
      clause: '6.2.11.3.3',
      testNumber: 3,
      object: 'PDReferencedCMap',
      category: 'Fonts',
      message: 'A CMap uses another CMap that is not one of the predefined CMaps.',
      flavours: PDFA_ALL,
    }),
    '7.21.3.3',
  ),
  embedded: withUaTwin(
    ruleSpec({
      clause: '6.2.11.4.1',
      testNumber: 1,
      object: 'PDFont',
      category: 'Fonts',
      message: 'A font used to render text is not embedded.',
      flavours: PDFA_ALL,
    }),
    '7.21.4.1',
  ),
  glyphPresent: withUaTwin(
    ruleSpec({
      clause: '6.2.11.4.1',
      testNumber: 2,
      object: 'Glyph',
      category: 'Fonts',
      message: 'A glyph used to render text is missing from the embedded font program.',
      flavours: PDFA_ALL,
    }),
    '7.21.4.1',
  ),
  charSet: withUaTwin(
    ruleSpec({
      clause: '6.2.11.4.2',
      testNumber: 1,
      object: 'PDType1Font',
      category: 'Fonts',
      message:
        'The CharSet of an embedded Type 1 subset does not list every glyph in the font program.',
      flavours: PDFA_ALL,
    }),
    '7.21.4.2',
  ),
  cidSet: withUaTwin(
    ruleSpec({
      clause: '6.2.11.4.2',
      testNumber: 2,
      object: 'PDCIDFont',
      category: 'Fonts',
      message:
        'The CIDSet of an embedded CID font subset does not identify every CID in the font program.',
      flavours: PDFA_ALL,
    }),
    '7.21.4.2',
  ),
  glyphWidth: withUaTwin(
    ruleSpec({
      clause: '6.2.11.5',
      testNumber: 1,
      object: 'Glyph',
      category: 'Fonts',
      message:
        'A glyph width in the font dictionary differs from the width in the embedded font program by more than 1/1000 em.',
      flavours: PDFA_ALL,
    }),
    '7.21.5',
  ),
  ttCmaps: withUaTwin(
    ruleSpec({
      clause: '6.2.11.6',
      testNumber: 1,
      object: 'TrueTypeFontProgram',
      category: 'Fonts',
      message:
        'A non-symbolic TrueType font program has no non-symbolic cmap subtable for the glyph lookups.',
      flavours: PDFA_ALL,
    }),
    '7.21.6',
  ),
  ttEncoding: withUaTwin(
    ruleSpec({
      clause: '6.2.11.6',
      testNumber: 2,
      object: 'PDTrueTypeFont',
      category: 'Fonts',
      message:
        'A non-symbolic TrueType font does not use MacRomanEncoding or WinAnsiEncoding, or has Differences with names outside the Adobe Glyph List or without a (3,1) cmap.',
      flavours: PDFA_ALL,
    }),
    '7.21.6',
  ),
  ttSymbolicEncoding: withUaTwin(
    ruleSpec({
      clause: '6.2.11.6',
      testNumber: 3,
      object: 'PDTrueTypeFont',
      category: 'Fonts',
      message: 'A symbolic TrueType font has an Encoding entry.',
      flavours: PDFA_ALL,
    }),
    '7.21.6',
  ),
  ttSymbolicCmap: withUaTwin(
    ruleSpec({
      clause: '6.2.11.6',
      testNumber: 4,
      object: 'TrueTypeFontProgram',
      category: 'Fonts',
      message:
        'The cmap of a symbolic TrueType font program has several subtables but no (3,0) subtable.',
      flavours: PDFA_ALL,
    }),
    '7.21.6',
  ),
  toUnicode: withUaTwin(
    ruleSpec({
      clause: '6.2.11.7.2',
      testNumber: 1,
      object: 'Glyph',
      category: 'Fonts',
      message:
        'A character code used in text has no Unicode mapping (ToUnicode or standard glyph name).',
      flavours: PDFA_U_AND_A,
    }),
    '7.21.7',
  ),
  toUnicodeValues: withUaTwin(
    ruleSpec({
      clause: '6.2.11.7.2',
      testNumber: 2,
      object: 'Glyph',
      category: 'Fonts',
      message: 'A ToUnicode CMap maps a code to U+0000, U+FEFF or U+FFFE.',
      flavours: PDFA_U_AND_A,
    }),
    '7.21.7',
  ),
  pua: ruleSpec({
    clause: '6.2.11.7.3',
    testNumber: 1,
    object: 'Glyph',
    category: 'Fonts',
    message:
      'A character mapped to the Unicode Private Use Area has no ActualText in its marked content or structure element.',
    flavours: PDFA_A,
  }),
  notdef: withUaTwin(
    ruleSpec({
      clause: '6.2.11.8',
      testNumber: 1,
      object: 'Glyph',
      category: 'Fonts',
      message: 'Text shows the .notdef glyph.',
      flavours: PDFA_ALL,
    }),
    '7.21.8',
  ),
} as const;

const SUBTYPES = new Set([
  'Type1',
  'MMType1',
  'TrueType',
  'Type3',
  'Type0',
  'CIDFontType0',
  'CIDFontType2',
]);

function checkBoth(
  ctx: RuleAreaContext,
  p: Pair,
  passed: boolean,
  location: string,
  details?: string,
): void {
  for (const rule of p) ctx.sink.check(rule, passed, location, details);
}

/** Font dictionary rules that apply to every font dictionary used (Type 0 and its CIDFont alike). */
function checkFontDict(
  ctx: RuleAreaContext,
  dict: CosDict,
  location: string,
  renders: boolean,
): void {
  const R = FONT_RULES;
  const { doc, sink } = ctx;
  const subtype = nameValue(doc.get(dict, 'Subtype'));
  sink.check(R.fontType, nameValue(doc.get(dict, 'Type')) === 'Font', location);
  sink.check(
    R.fontSubtype,
    subtype !== null && SUBTYPES.has(subtype),
    location,
    subtype ? `Subtype ${subtype}` : 'no Subtype',
  );
  sink.check(
    R.baseFont,
    subtype === 'Type3' || nameValue(doc.get(dict, 'BaseFont')) !== null,
    location,
  );
  const descriptor = asDict(doc.get(dict, 'FontDescriptor'));
  const ff3 = descriptor ? asStream(doc.get(descriptor, 'FontFile3')) : null;
  const hasFile =
    !!descriptor &&
    ['FontFile', 'FontFile2', 'FontFile3'].some((k) => asStream(doc.get(descriptor, k)) !== null);
  if (ff3) {
    const st = nameValue(doc.get(ff3.dict, 'Subtype'));
    sink.check(
      R.fontFileSubtype,
      st === null || ['Type1C', 'CIDFontType0C', 'OpenType'].includes(st),
      location,
      st ? `FontFile3 Subtype ${st}` : undefined,
    );
  }
  if (subtype !== 'Type3' && subtype !== 'Type0') {
    checkBoth(
      ctx,
      R.embedded,
      !renders || hasFile,
      location,
      renders ? undefined : 'invisible text only',
    );
  }
}

function checkSimpleFont(ctx: RuleAreaContext, font: PdfFont, location: string): void {
  const R = FONT_RULES;
  const { doc, sink } = ctx;
  const standard = font.isStandard14;
  const first = integerValue(doc.get(font.dict, 'FirstChar'));
  const last = integerValue(doc.get(font.dict, 'LastChar'));
  const widths = asArray(doc.get(font.dict, 'Widths'));
  sink.check(R.firstChar, standard || first !== null, location);
  sink.check(R.lastChar, standard || last !== null, location);
  sink.check(
    R.widths,
    standard ||
      (!!widths && first !== null && last !== null && widths.items.length === last - first + 1),
    location,
    widths ? `${widths.items.length} widths` : 'no Widths',
  );
}

function checkTrueType(ctx: RuleAreaContext, font: PdfFont, location: string): void {
  const R = FONT_RULES;
  const { doc } = ctx;
  const enc = doc.get(font.dict, 'Encoding');
  const symbolic = font.isSymbolic;
  checkBoth(ctx, R.ttSymbolicEncoding, !symbolic || enc === null, location);
  if (!symbolic) {
    const encDict = asDict(enc);
    const name = nameValue(enc) ?? (encDict ? nameValue(doc.get(encDict, 'BaseEncoding')) : null);
    const diffs = encDict ? asArray(doc.get(encDict, 'Differences')) : null;
    let ok = name === 'MacRomanEncoding' || name === 'WinAnsiEncoding';
    if (ok && diffs) {
      const names = diffs.items
        .map((v) => nameValue(doc.resolve(v)))
        .filter((n): n is string => n !== null);
      const allKnown = names.every((n) => isKnownGlyphName(n));
      const has31 = !!font.program()?.sfnt?.cmap(3, 1);
      ok = allKnown && has31;
    }
    checkBoth(ctx, R.ttEncoding, ok, location, name ? `encoding ${name}` : 'no standard encoding');
  }
  const sfnt = font.fontFile?.key === 'FontFile2' ? font.program()?.sfnt : null;
  if (sfnt) {
    const n = sfnt.cmaps.length;
    const has30 = !!sfnt.cmap(3, 0);
    checkBoth(
      ctx,
      R.ttCmaps,
      symbolic || (has30 ? n > 1 : n > 0),
      `${location} / font program`,
      `${n} cmap subtables`,
    );
    checkBoth(
      ctx,
      R.ttSymbolicCmap,
      !symbolic || n === 1 || has30,
      `${location} / font program`,
      `${n} cmap subtables`,
    );
  }
}

/** The non-empty lists as 'label: a, b', joined with '; '; undefined when every list is empty. */
function listDetails(
  lists: readonly (readonly [label: string, items: readonly (string | number)[]])[],
): string | undefined {
  const parts = lists.filter(([, items]) => items.length > 0);
  return parts.length
    ? parts.map(([label, items]) => `${label}: ${items.join(', ')}`).join('; ')
    : undefined;
}

const SUBSET_PREFIX = /^[A-Z]{6}\+/;

function checkSubsets(ctx: RuleAreaContext, font: PdfFont, location: string): void {
  const R = FONT_RULES;
  const { doc } = ctx;
  if (
    !font.fontFile ||
    !font.baseFont ||
    !SUBSET_PREFIX.test(nameValue(doc.get(font.metricsDict, 'BaseFont')) ?? font.baseFont)
  )
    return;
  const prog = font.program();
  if (!prog) return;
  if ((font.subtype === 'Type1' || font.subtype === 'MMType1') && font.descriptor) {
    const cs = latin1Text(asString(doc.get(font.descriptor, 'CharSet')));
    if (cs !== null) {
      const listed = new Set(
        cs
          .split('/')
          .map((s) => s.trim())
          .filter((s) => s.length > 0),
      );
      const inProgram = prog.type1
        ? [...prog.type1.glyphs.keys()]
        : prog.cff
          ? prog.cff.glyphNames
          : [];
      // The CharSet must name exactly the glyphs of the program (.notdef aside).
      const programSet = new Set(inProgram.filter((n) => n !== '.notdef'));
      const missing = [...programSet].filter((n) => !listed.has(n));
      const extra = [...listed].filter((n) => n !== '.notdef' && !programSet.has(n));
      const details = listDetails([
        ['not listed', missing.slice(0, 5)],
        ['not in program', extra.slice(0, 5)],
      ]);
      checkBoth(ctx, R.charSet, missing.length === 0 && extra.length === 0, location, details);
    }
  }
  if (font.isType0 && font.descriptor) {
    const cidSet = asStream(doc.get(font.descriptor, 'CIDSet'));
    if (cidSet) {
      const bits = doc.decodeStream(cidSet).data;
      const isSet = (cid: number): boolean =>
        cid >> 3 < bits.length && (bits[cid >> 3] & (0x80 >> (cid & 7))) !== 0;
      // CIDs the program has (CID 0, .notdef, aside), and a test for any one CID.
      let present: number[] = [];
      let has: (cid: number) => boolean = () => false;
      if (prog.cff) {
        const cff = prog.cff;
        present = cff.isCID ? [...cff.cids] : Array.from({ length: cff.numGlyphs }, (_, i) => i);
        const set = new Set(present);
        has = (cid) => set.has(cid);
      } else if (prog.sfnt) {
        const sfnt = prog.sfnt;
        const map = asStream(doc.get(font.metricsDict, 'CIDToGIDMap'));
        if (map) {
          const data = doc.decodeStream(map).data;
          const gidOf = (cid: number): number =>
            2 * cid + 1 < data.length ? (data[2 * cid] << 8) | data[2 * cid + 1] : 0;
          has = (cid) => {
            const gid = gidOf(cid);
            return gid !== 0 && gid < sfnt.numGlyphs;
          };
          for (let cid = 1; 2 * cid + 1 < data.length; cid++) if (has(cid)) present.push(cid);
        } else {
          present = Array.from({ length: sfnt.numGlyphs }, (_, i) => i);
          has = (cid) => cid < sfnt.numGlyphs;
        }
      }
      const missing = present.filter((c) => c !== 0 && !isSet(c));
      const extra: number[] = [];
      for (let cid = 1; cid < bits.length * 8 && extra.length < 5; cid++)
        if (isSet(cid) && !has(cid)) extra.push(cid);
      const details = listDetails([
        ['CIDs not identified', missing.slice(0, 5)],
        ['CIDs not in the program', extra],
      ]);
      checkBoth(ctx, R.cidSet, missing.length === 0 && extra.length === 0, location, details);
    }
  }
}

function checkType0(ctx: RuleAreaContext, font: PdfFont, location: string): void {
  const R = FONT_RULES;
  const { doc, sink } = ctx;
  const info = font.cmapInfo();
  const enc = doc.get(font.dict, 'Encoding');
  const encStream = asStream(enc);
  // CIDSystemInfo agreement
  if (!info.identity) {
    const csi = font.cidFont ? asDict(doc.get(font.cidFont, 'CIDSystemInfo')) : null;
    const fontReg = csi ? latin1Text(asString(doc.get(csi, 'Registry'))) : null;
    const fontOrd = csi ? latin1Text(asString(doc.get(csi, 'Ordering'))) : null;
    const fontSup = csi ? integerValue(doc.get(csi, 'Supplement')) : null;
    let ok: boolean | null = null;
    if (encStream) {
      const cmapCsi = asDict(doc.get(encStream.dict, 'CIDSystemInfo'));
      const reg = cmapCsi
        ? latin1Text(asString(doc.get(cmapCsi, 'Registry')))
        : (info.cmap?.registry ?? null);
      const ord = cmapCsi
        ? latin1Text(asString(doc.get(cmapCsi, 'Ordering')))
        : (info.cmap?.ordering ?? null);
      const sup = cmapCsi
        ? integerValue(doc.get(cmapCsi, 'Supplement'))
        : (info.cmap?.supplement ?? null);
      ok =
        fontOrd !== null &&
        fontOrd === ord &&
        fontReg !== null &&
        fontReg === reg &&
        fontSup !== null &&
        sup !== null &&
        fontSup <= sup;
    } else if (info.name && info.predefined) {
      // Predefined CMaps: Registry Adobe and the collection the CMap belongs to.
      const ord = predefinedOrdering(info.name);
      ok = ord === null || (fontReg === 'Adobe' && fontOrd === ord);
    }
    if (ok !== null)
      checkBoth(ctx, R.cidSystemInfo, ok, location, `CMap ${info.name ?? 'embedded'}`);
  }
  if (font.cidFont) {
    const hasFile = !!font.fontFile;
    checkBoth(
      ctx,
      R.cidToGid,
      font.cidSubtype !== 'CIDFontType2' || validCidToGid(doc, font.cidFont) || !hasFile,
      `${location} / CIDFont`,
    );
  }
  // CMaps
  const name = info.name;
  checkBoth(
    ctx,
    R.cmapEmbedded,
    (name !== null && PREDEFINED_CMAPS.has(name)) || !!encStream,
    `${location} / CMap`,
    name ? `CMap ${name}` : undefined,
  );
  if (encStream && info.cmap) {
    const dictWMode = integerValue(doc.get(encStream.dict, 'WMode')) ?? 0;
    const streamWMode = info.cmap.wmode ?? 0;
    checkBoth(
      ctx,
      R.cmapWMode,
      dictWMode === streamWMode,
      `${location} / CMap`,
      `dictionary ${dictWMode}, stream ${streamWMode}`,
    );
    sink.check(
      R.maxCID,
      info.cmap.maxCID <= 65535,
      `${location} / CMap`,
      `largest CID ${info.cmap.maxCID}`,
    );
    const use = doc.get(encStream.dict, 'UseCMap');
    const useName = nameValue(use) ?? (asStream(use) ? refCMapName(doc, use) : info.cmap.useCMap);
    if (use !== null || info.cmap.useCMap !== null) {
      checkBoth(
        ctx,
        R.cmapUse,
        useName !== null && PREDEFINED_CMAPS.has(useName),
        `${location} / CMap`,
        useName ? `uses ${useName}` : undefined,
      );
    }
  }
}

/** CIDToGIDMap must be a stream or the name Identity. */
function validCidToGid(doc: PdfDocumentModel, cidFont: CosDict): boolean {
  const v = doc.get(cidFont, 'CIDToGIDMap');
  return asStream(v) !== null || nameValue(v) === 'Identity';
}

function refCMapName(doc: PdfDocumentModel, use: CosObject): string | null {
  const s = asStream(use);
  if (!s) return null;
  return nameValue(doc.get(s.dict, 'CMapName')) ?? parseCMap(doc.decodeStream(s).data).name;
}

function glyphChecks(
  ctx: RuleAreaContext,
  font: PdfFont,
  usage: FontUsage,
  location: string,
): void {
  const R = FONT_RULES;
  const { sink } = ctx;
  const levelAorU =
    ctx.flavour.pdfaLevel === 'a' ||
    ctx.flavour.pdfaLevel === 'u' ||
    ctx.flavour.flavour === 'pdfua-1';
  // Numeric keys (code, code length, rendering mode, ActualText) keep this loop allocation-free.
  const seen = new Set<number>();
  for (const use of usage.texts) {
    const actualText = use.actualText;
    for (const s of use.strings) {
      font.eachCode(s.bytes, (code, bytes) => {
        const key = ((code * 8 + bytes) * 8 + use.renderingMode) * 2 + (actualText ? 1 : 0);
        if (seen.has(key)) return;
        seen.add(key);
        const where = `${location} / glyph ${code}`;
        const cid = font.isType0 ? font.cid(code, bytes) : null;
        const invisible = use.renderingMode === 3;
        // A code cut short by the end of the string selects no glyph at all.
        const incomplete = font.incompleteCode(bytes);
        const present = incomplete ? false : font.glyphPresent(code, cid);
        if (!invisible)
          checkBoth(
            ctx,
            R.glyphPresent,
            present !== false,
            where,
            incomplete ? `an incomplete ${bytes}-byte code` : undefined,
          );
        if (!invisible && font.fontFile && !incomplete) {
          const wp = font.widthFromProgram(code, cid);
          const wd = font.widthFromDictionary(code, cid) ?? 0;
          if (wp !== null)
            checkBoth(
              ctx,
              R.glyphWidth,
              Math.abs(wp - wd) <= 1,
              where,
              `dictionary ${round(wd)}, program ${round(wp)}`,
            );
        }
        let name: string | null = null;
        if (font.isSimple) name = font.glyphName(code);
        else if (font.isType0 && font.program())
          name = cid === 0 || present === false ? '.notdef' : null;
        checkBoth(ctx, R.notdef, name !== '.notdef', where);
        if (levelAorU) {
          const uni = font.toUnicode(code, bytes);
          checkBoth(ctx, R.toUnicode, uni !== null, where);
          if (uni !== null) {
            const bad = uni.includes('\u0000') || uni.includes('\uFFFE') || uni.includes('\uFEFF');
            checkBoth(ctx, R.toUnicodeValues, !bad, where);
            if (ctx.flavour.pdfaLevel === 'a') sink.check(R.pua, !hasPUA(uni) || actualText, where);
          }
        }
      });
    }
  }
}

const round = (v: number): number => Math.round(v * 1000) / 1000;

/**
 * The embedded program's glyph-to-text matrix, under every reading renderers use: a matrix
 * that makes an em 1 unit or a million passes width checks that read the same matrix, yet
 * viewers draw its glyphs 1000 times too big or too small. Reported as glyph width
 * consistency, since the widths the program gives are then not the widths drawn.
 */
function checkFontMatrix(ctx: RuleAreaContext, font: PdfFont, location: string): void {
  const prog = font.program();
  if (!prog || font.subtype === 'Type3') return;
  const where = `${location} / font program`;
  const report = (problem: string | null, details: string): void =>
    checkBoth(
      ctx,
      FONT_RULES.glyphWidth,
      problem === null,
      where,
      problem ? `${details} ${problem}` : details,
    );
  if (prog.cff) {
    const cff = prog.cff;
    if (!cff.isCID) {
      const m = cff.topMatrix ?? CFF_DEFAULT_MATRIX;
      report(matrixProblem(m), `FontMatrix ${formatMatrix(m)}`);
    } else {
      for (const fd of cff.usedFDs) {
        const { freetype, pdfjs } = cidMatrixReadings(cff.topMatrix, cff.fdMatrices[fd] ?? null);
        const problem = matrixProblem(freetype) ?? matrixProblem(pdfjs);
        const shown = matrixProblem(freetype) !== null ? freetype : pdfjs;
        report(problem, `Font DICT ${fd}: glyph matrix ${formatMatrix(shown)}`);
      }
    }
    const upem = prog.sfnt?.headUnitsPerEm ?? null;
    if (prog.kind === 'opentype-cff' && upem !== null && upem > 0) {
      const fds = cff.isCID ? cff.usedFDs : [0];
      for (const fd of fds) {
        const m = cff.isCID
          ? cidMatrixReadings(cff.topMatrix, cff.fdMatrices[fd] ?? null).freetype
          : (cff.topMatrix ?? CFF_DEFAULT_MATRIX);
        const [em] = unitsPerEmOf(m);
        const ratio = em / upem;
        report(
          ratio >= 0.5 && ratio <= 2 ? null : `disagrees with head.unitsPerEm ${upem}`,
          `CFF matrix of ${round(em)} units per em`,
        );
      }
    }
    return;
  }
  if (prog.sfnt) {
    const upem = prog.sfnt.headUnitsPerEm;
    if (upem === null) return;
    report(
      upem >= MIN_UNITS_PER_EM && upem <= MAX_UNITS_PER_EM
        ? null
        : `is outside ${MIN_UNITS_PER_EM}..${MAX_UNITS_PER_EM}`,
      `head.unitsPerEm ${upem}`,
    );
    return;
  }
  if (prog.type1?.fontMatrix) {
    const m = prog.type1.fontMatrix;
    report(matrixProblem(m), `FontMatrix ${formatMatrix(m)}`);
  }
}

function run(ctx: RuleAreaContext): void {
  const { doc } = ctx;
  const facts = contentFacts(doc, ctx.flavour.flavour);
  const fontOf = fontCache(doc);
  for (const usage of facts.fonts.values()) {
    const font = fontOf(usage.font.dict);
    const location = `${usage.location} / font ${usage.font.name}`;
    const renders = usage.texts.some((t) => t.renderingMode !== 3);
    checkFontDict(ctx, font.dict, location, renders);
    if (font.cidFont) checkFontDict(ctx, font.cidFont, `${location} / CIDFont`, renders);
    if (font.isSimple && font.subtype !== 'Type3') checkSimpleFont(ctx, font, location);
    if (font.subtype === 'Type3') checkSimpleFont(ctx, font, location);
    if (font.subtype === 'TrueType') checkTrueType(ctx, font, location);
    if (font.isType0) checkType0(ctx, font, location);
    checkSubsets(ctx, font, location);
    checkFontMatrix(ctx, font, location);
    glyphChecks(ctx, font, usage, location);
  }
}

const ALL_RULES: RuleSpec[] = Object.values(FONT_RULES).flatMap(
  (r: RuleSpec | Pair): readonly RuleSpec[] => ('clause' in r ? [r] : r),
);

export const fontsArea: RuleArea = {
  name: 'fonts',
  rules: ALL_RULES,
  run,
};
