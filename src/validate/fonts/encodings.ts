/**
 * Simple-font encodings (ISO 32000-1, Annex D) and glyph-name to Unicode mapping.
 *
 * The glyph list here is derived, not copied: names of the Standard, WinAnsi and MacRoman
 * encodings take their Unicode value from the corresponding code pages, accented Latin letters
 * are named from their Unicode decomposition (base letter + accent name, as the Adobe naming
 * convention does), and uniXXXX / uXXXX[XX] names are decoded. Names outside these sets are
 * reported as unknown, which the ledger records as a limitation.
 */

/** Builds a 256-entry table from [startCode, 'name name ...'] runs; gaps stay undefined. */
function table(runs: readonly (readonly [number, string])[]): (string | undefined)[] {
  const out: (string | undefined)[] = new Array(256).fill(undefined);
  for (const [start, names] of runs) {
    names
      .trim()
      .split(/\s+/)
      .forEach((n, i) => {
        if (n !== '-') out[start + i] = n;
      });
  }
  return out;
}

const ASCII_PUNCT_DIGITS =
  'space exclam quotedbl numbersign dollar percent ampersand QUOTE parenleft parenright asterisk plus comma hyphen period slash zero one two three four five six seven eight nine colon semicolon less equal greater question at';
const UPPER = 'A B C D E F G H I J K L M N O P Q R S T U V W X Y Z';
const LOWER = 'a b c d e f g h i j k l m n o p q r s t u v w x y z';
const BRACKETS = 'bracketleft backslash bracketright asciicircum underscore';
const BRACES = 'braceleft bar braceright asciitilde';

function asciiRuns(quote: string, backquote: string): [number, string][] {
  return [
    [32, ASCII_PUNCT_DIGITS.replace('QUOTE', quote)],
    [65, UPPER],
    [91, BRACKETS],
    [96, backquote],
    [97, LOWER],
    [123, BRACES],
  ];
}

export const STANDARD_ENCODING = table([
  ...asciiRuns('quoteright', 'quoteleft'),
  [
    161,
    'exclamdown cent sterling fraction yen florin section currency quotesingle quotedblleft guillemotleft guilsinglleft guilsinglright fi fl - endash dagger daggerdbl periodcentered - paragraph bullet quotesinglbase quotedblbase quotedblright guillemotright ellipsis perthousand - questiondown - grave acute circumflex tilde macron breve dotaccent dieresis - ring cedilla - hungarumlaut ogonek caron emdash',
  ],
  [225, 'AE - ordfeminine - - - - Lslash Oslash OE ordmasculine'],
  [241, 'ae - - - dotlessi - - lslash oslash oe germandbls'],
]);

const LATIN1_UPPER =
  'Agrave Aacute Acircumflex Atilde Adieresis Aring AE Ccedilla Egrave Eacute Ecircumflex Edieresis Igrave Iacute Icircumflex Idieresis Eth Ntilde Ograve Oacute Ocircumflex Otilde Odieresis multiply Oslash Ugrave Uacute Ucircumflex Udieresis Yacute Thorn germandbls';
const LATIN1_LOWER =
  'agrave aacute acircumflex atilde adieresis aring ae ccedilla egrave eacute ecircumflex edieresis igrave iacute icircumflex idieresis eth ntilde ograve oacute ocircumflex otilde odieresis divide oslash ugrave uacute ucircumflex udieresis yacute thorn ydieresis';

export const WIN_ANSI_ENCODING = table([
  ...asciiRuns('quotesingle', 'grave'),
  [
    128,
    'Euro - quotesinglbase florin quotedblbase ellipsis dagger daggerdbl circumflex perthousand Scaron guilsinglleft OE - Zcaron - - quoteleft quoteright quotedblleft quotedblright bullet endash emdash tilde trademark scaron guilsinglright oe - zcaron Ydieresis',
  ],
  [
    160,
    'space exclamdown cent sterling currency yen brokenbar section dieresis copyright ordfeminine guillemotleft logicalnot hyphen registered macron degree plusminus twosuperior threesuperior acute mu paragraph periodcentered cedilla onesuperior ordmasculine guillemotright onequarter onehalf threequarters questiondown',
  ],
  [192, LATIN1_UPPER],
  [224, LATIN1_LOWER],
  // ISO 32000-1, Annex D, note 6: unused WinAnsi codes above 040 (octal) map to the bullet.
  [127, 'bullet'],
  [129, 'bullet'],
  [141, 'bullet'],
  [143, 'bullet'],
  [144, 'bullet'],
  [157, 'bullet'],
]);

/** Mac OS Roman as the (1,0) cmap subtable of TrueType fonts uses it (all 256 codes named). */
export const MAC_OS_ROMAN = table([
  ...asciiRuns('quotesingle', 'grave'),
  [
    128,
    'Adieresis Aring Ccedilla Eacute Ntilde Odieresis Udieresis aacute agrave acircumflex adieresis atilde aring ccedilla eacute egrave ecircumflex edieresis iacute igrave icircumflex idieresis ntilde oacute ograve ocircumflex odieresis otilde uacute ugrave ucircumflex udieresis',
  ],
  [
    160,
    'dagger degree cent sterling section bullet paragraph germandbls registered copyright trademark acute dieresis notequal AE Oslash infinity plusminus lessequal greaterequal yen mu partialdiff summation product pi integral ordfeminine ordmasculine Omega ae oslash',
  ],
  [
    192,
    'questiondown exclamdown logicalnot radical florin approxequal Delta guillemotleft guillemotright ellipsis space Agrave Atilde Otilde OE oe endash emdash quotedblleft quotedblright quoteleft quoteright divide lozenge ydieresis Ydieresis fraction currency guilsinglleft guilsinglright fi fl',
  ],
  [
    224,
    'daggerdbl periodcentered quotesinglbase quotedblbase perthousand Acircumflex Ecircumflex Aacute Edieresis Egrave Iacute Icircumflex Idieresis Igrave Oacute Ocircumflex apple Ograve Uacute Ucircumflex Ugrave dotlessi circumflex tilde macron breve dotaccent ring cedilla hungarumlaut ogonek caron',
  ],
]);

/**
 * PDF's MacRomanEncoding (ISO 32000-1, Annex D): Mac OS Roman without the mathematical and
 * Apple glyphs, which the PDF encoding leaves undefined.
 */
export const MAC_ROMAN_ENCODING: (string | undefined)[] = MAC_OS_ROMAN.map((n, code) =>
  [173, 176, 178, 179, 182, 183, 184, 185, 186, 189, 195, 197, 198, 215, 240].includes(code)
    ? undefined
    : n,
);

/** The glyph names of the Symbol font's built-in encoding (used as a known glyph set). */
export const SYMBOL_ENCODING = table([
  [
    32,
    'space exclam universal numbersign existential percent ampersand suchthat parenleft parenright asteriskmath plus comma minus period slash zero one two three four five six seven eight nine colon semicolon less equal greater question congruent Alpha Beta Chi Delta Epsilon Phi Gamma Eta Iota theta1 Kappa Lambda Mu Nu Omicron Pi Theta Rho Sigma Tau Upsilon sigma1 Omega Xi Psi Zeta bracketleft therefore bracketright perpendicular underscore radicalex alpha beta chi delta epsilon phi gamma eta iota phi1 kappa lambda mu nu omicron pi theta rho sigma tau upsilon omega1 omega xi psi zeta braceleft bar braceright similar',
  ],
  [
    160,
    'Euro Upsilon1 minute lessequal fraction infinity florin club diamond heart spade arrowboth arrowleft arrowup arrowright arrowdown degree plusminus second greaterequal multiply proportional partialdiff bullet divide notequal equivalence approxequal ellipsis arrowvertex arrowhorizex carriagereturn aleph Ifraktur Rfraktur weierstrass circlemultiply circleplus emptyset intersection union propersuperset reflexsuperset notsubset propersubset reflexsubset element notelement angle gradient registerserif copyrightserif trademarkserif product radical dotmath logicalnot logicaland logicalor arrowdblboth arrowdblleft arrowdblup arrowdblright arrowdbldown lozenge angleleft registersans copyrightsans trademarksans summation parenlefttp parenleftex parenleftbt bracketlefttp bracketleftex bracketleftbt bracelefttp braceleftmid braceleftbt braceex - angleright integral integraltp integralex integralbt parenrighttp parenrightex parenrightbt bracketrighttp bracketrightex bracketrightbt bracerighttp bracerightmid bracerightbt',
  ],
]);

export const SYMBOL_NAMES: ReadonlySet<string> = new Set(
  SYMBOL_ENCODING.filter((n): n is string => !!n),
);

/** ZapfDingbats glyphs are named a1 ... a191 (plus space). */
export function isZapfDingbatsName(name: string): boolean {
  return name === 'space' || /^a(\d{1,3})$/.test(name);
}

export const ENCODINGS: Readonly<Record<string, readonly (string | undefined)[]>> = {
  StandardEncoding: STANDARD_ENCODING,
  WinAnsiEncoding: WIN_ANSI_ENCODING,
  MacRomanEncoding: MAC_ROMAN_ENCODING,
};

const CP1252_HIGH: Record<number, number> = {
  0x80: 0x20ac,
  0x82: 0x201a,
  0x83: 0x0192,
  0x84: 0x201e,
  0x85: 0x2026,
  0x86: 0x2020,
  0x87: 0x2021,
  0x88: 0x02c6,
  0x89: 0x2030,
  0x8a: 0x0160,
  0x8b: 0x2039,
  0x8c: 0x0152,
  0x8e: 0x017d,
  0x91: 0x2018,
  0x92: 0x2019,
  0x93: 0x201c,
  0x94: 0x201d,
  0x95: 0x2022,
  0x96: 0x2013,
  0x97: 0x2014,
  0x98: 0x02dc,
  0x99: 0x2122,
  0x9a: 0x0161,
  0x9b: 0x203a,
  0x9c: 0x0153,
  0x9e: 0x017e,
  0x9f: 0x0178,
};

/** Names whose value is not given by any of the tables above. */
const EXTRA: Record<string, number> = {
  fi: 0xfb01,
  fl: 0xfb02,
  ff: 0xfb00,
  ffi: 0xfb03,
  ffl: 0xfb04,
  dotlessi: 0x0131,
  dotlessj: 0x0237,
  Lslash: 0x0141,
  lslash: 0x0142,
  quotesingle: 0x0027,
  minus: 0x2212,
  fraction: 0x2044,
  nbspace: 0x00a0,
  sfthyphen: 0x00ad,
  middot: 0x00b7,
  Dcroat: 0x0110,
  dcroat: 0x0111,
  Hbar: 0x0126,
  hbar: 0x0127,
  Tbar: 0x0166,
  tbar: 0x0167,
  IJ: 0x0132,
  ij: 0x0133,
  Ldot: 0x013f,
  ldot: 0x0140,
  Eng: 0x014a,
  eng: 0x014b,
  kgreenlandic: 0x0138,
  napostrophe: 0x0149,
  longs: 0x017f,
  Gcommaaccent: 0x0122,
  gcommaaccent: 0x0123,
  Kcommaaccent: 0x0136,
  kcommaaccent: 0x0137,
  Lcommaaccent: 0x013b,
  lcommaaccent: 0x013c,
  Ncommaaccent: 0x0145,
  ncommaaccent: 0x0146,
  Rcommaaccent: 0x0156,
  rcommaaccent: 0x0157,
  Scommaaccent: 0x0218,
  scommaaccent: 0x0219,
  Tcommaaccent: 0x021a,
  tcommaaccent: 0x021b,
  commaaccent: 0xf6c3,
  onethird: 0x2153,
  twothirds: 0x2154,
  oneeighth: 0x215b,
  threeeighths: 0x215c,
  fiveeighths: 0x215d,
  seveneighths: 0x215e,
  Omega: 0x03a9,
  Delta: 0x2206,
  mu: 0x00b5,
  pi: 0x03c0,
  apple: 0xf8ff,
  notequal: 0x2260,
  infinity: 0x221e,
  lessequal: 0x2264,
  greaterequal: 0x2265,
  partialdiff: 0x2202,
  summation: 0x2211,
  product: 0x220f,
  integral: 0x222b,
  radical: 0x221a,
  approxequal: 0x2248,
  lozenge: 0x25ca,
  Euro: 0x20ac,
  afii61289: 0x2113,
  estimated: 0x212e,
  house: 0x2302,
  dieresistonos: 0x0385,
  tonos: 0x0384,
  exclamdbl: 0x203c,
  franc: 0x20a3,
  lira: 0x20a4,
  peseta: 0x20a7,
  dong: 0x20ab,
  Ohm: 0x2126,
  arrowleft: 0x2190,
  arrowup: 0x2191,
  arrowright: 0x2192,
  arrowdown: 0x2193,
  arrowboth: 0x2194,
  bullet: 0x2022,
  ellipsis: 0x2026,
  degree: 0x00b0,
  copyright: 0x00a9,
  registered: 0x00ae,
  trademark: 0x2122,
};

const ACCENTS: Record<number, string> = {
  0x300: 'grave',
  0x301: 'acute',
  0x302: 'circumflex',
  0x303: 'tilde',
  0x304: 'macron',
  0x306: 'breve',
  0x307: 'dotaccent',
  0x308: 'dieresis',
  0x30a: 'ring',
  0x30b: 'hungarumlaut',
  0x30c: 'caron',
  0x326: 'commaaccent',
  0x327: 'cedilla',
  0x328: 'ogonek',
};

function buildGlyphList(): Map<string, number> {
  const map = new Map<string, number>();
  const add = (name: string | undefined, u: number): void => {
    if (name && !map.has(name)) map.set(name, u);
  };
  for (let c = 32; c < 256; c++) {
    const u = CP1252_HIGH[c] ?? c;
    // Codes the code page leaves unused (127 and some of 128–159) carry no Unicode value of their own.
    if (c === 0x7f || (c >= 0x80 && c < 0xa0 && CP1252_HIGH[c] === undefined)) continue;
    add(WIN_ANSI_ENCODING[c], u);
  }
  const mac = new TextDecoder('macintosh');
  for (let c = 32; c < 256; c++)
    add(MAC_OS_ROMAN[c], mac.decode(Uint8Array.of(c)).codePointAt(0) ?? 0);
  for (const [n, u] of Object.entries(EXTRA)) add(n, u);
  // Accented Latin letters (Latin-1 Supplement to Latin Extended-B) named base + accent.
  for (let u = 0xc0; u <= 0x24f; u++) {
    const d = String.fromCodePoint(u).normalize('NFD');
    if (d.length !== 2) continue;
    const base = d[0];
    const accent = ACCENTS[d.codePointAt(1) ?? 0];
    if (!/[A-Za-z]/.test(base) || !accent) continue;
    add(`${base}${accent}`, u);
  }
  // Standard-encoding names not covered above (Latin ones all are); then Greek from Symbol.
  for (let c = 32; c < 256; c++) {
    const n = STANDARD_ENCODING[c];
    if (n && !map.has(n) && c < 128) add(n, c);
  }
  const greek =
    'Alpha Beta Gamma Delta Epsilon Zeta Eta Theta Iota Kappa Lambda Mu Nu Xi Omicron Pi Rho - Sigma Tau Upsilon Phi Chi Psi Omega'.split(
      ' ',
    );
  greek.forEach((n, i) => {
    if (n !== '-') add(n, 0x391 + i);
    const lower = n.toLowerCase();
    if (n !== '-') add(lower, 0x3b1 + i);
  });
  add('sigma1', 0x3c2);
  add('theta1', 0x3d1);
  add('phi1', 0x3d5);
  add('omega1', 0x3d6);
  add('Upsilon1', 0x3d2);
  return map;
}

/** Built on first use: a process that only renders never pays for it. */
let glyphList: Map<string, number> | undefined;

/**
 * The Unicode text for a glyph name, following the naming convention: a suffix after '.' is
 * ignored, components joined by '_' are mapped one by one, uniXXXX[XXXX...] and uXXXX[XX]
 * forms are decoded. Null when a component is unknown.
 */
export function glyphNameToUnicode(name: string): string | null {
  if (name === '.notdef' || name.length === 0) return null;
  const base = name.split('.')[0];
  if (base.length === 0) return null;
  const parts = base.split('_');
  let out = '';
  for (const part of parts) {
    const known = (glyphList ??= buildGlyphList()).get(part);
    if (known !== undefined) {
      out += String.fromCodePoint(known);
      continue;
    }
    let m = /^uni((?:[0-9A-F]{4})+)$/.exec(part);
    if (m) {
      for (let i = 0; i < m[1].length; i += 4) {
        const v = parseInt(m[1].slice(i, i + 4), 16);
        if (v >= 0xd800 && v <= 0xdfff) return null;
        out += String.fromCodePoint(v);
      }
      continue;
    }
    m = /^u([0-9A-F]{4,6})$/.exec(part);
    if (m) {
      const v = parseInt(m[1], 16);
      if ((v >= 0xd800 && v <= 0xdfff) || v > 0x10ffff) return null;
      out += String.fromCodePoint(v);
      continue;
    }
    return null;
  }
  return out.length > 0 ? out : null;
}

/** Whether the name is in the glyph list this module knows (including uni/u forms). */
export function isKnownGlyphName(name: string): boolean {
  return glyphNameToUnicode(name) !== null;
}
