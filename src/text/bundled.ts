/**
 * The fonts shipped in fonts/ and the names that map to them. Parsed lazily, once per process,
 * into a cache whose size is fixed by this list (it never grows per render).
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { create, type Font } from 'fontkit';
import { LoadedFace } from './face.js';
import type { FontStyle } from './types.js';

export interface BundledFaceInfo {
  readonly file: string;
  readonly family: string;
  readonly weight: number;
  readonly style: FontStyle;
}

const F = (
  file: string,
  family: string,
  weight: number,
  style: FontStyle = 'normal',
): BundledFaceInfo => ({
  file,
  family,
  weight,
  style,
});

function fourFaces(prefix: string, family: string, ext = 'ttf'): BundledFaceInfo[] {
  return [
    F(`${prefix}-Regular.${ext}`, family, 400),
    F(`${prefix}-Bold.${ext}`, family, 700),
    F(`${prefix}-Italic.${ext}`, family, 400, 'italic'),
    F(`${prefix}-BoldItalic.${ext}`, family, 700, 'italic'),
  ];
}

export const BUNDLED_FACES: readonly BundledFaceInfo[] = [
  ...fourFaces('LiberationSans', 'Liberation Sans'),
  ...fourFaces('LiberationSerif', 'Liberation Serif'),
  ...fourFaces('LiberationMono', 'Liberation Mono'),
  ...fourFaces('NotoSans', 'Noto Sans'),
  ...fourFaces('NotoSerif', 'Noto Serif'),
  F('NotoSansMono-Regular.ttf', 'Noto Sans Mono', 400),
  F('NotoSansMono-Bold.ttf', 'Noto Sans Mono', 700),
  F('NotoSansArabic-Regular.ttf', 'Noto Sans Arabic', 400),
  F('NotoSansArabic-Bold.ttf', 'Noto Sans Arabic', 700),
  F('NotoSansHebrew-Regular.ttf', 'Noto Sans Hebrew', 400),
  F('NotoSansHebrew-Bold.ttf', 'Noto Sans Hebrew', 700),
  ...fourFaces('Roboto', 'Roboto'),
  ...fourFaces('OpenSans', 'Open Sans'),
  ...fourFaces('Lato', 'Lato'),
  F('Inter-Regular.otf', 'Inter', 400),
  F('Inter-Medium.otf', 'Inter', 500),
  F('Inter-SemiBold.otf', 'Inter', 600),
  F('Inter-Bold.otf', 'Inter', 700),
  F('Inter-Italic.otf', 'Inter', 400, 'italic'),
  F('Inter-BoldItalic.otf', 'Inter', 700, 'italic'),
  F('DejaVuSans.ttf', 'DejaVu Sans', 400),
  F('Symbola.ttf', 'Symbola', 400),
];

/** Generic families and common proprietary names → a bundled family (lower-case keys). */
export const FAMILY_ALIASES: ReadonlyMap<string, string> = new Map([
  ['serif', 'Liberation Serif'],
  ['times', 'Liberation Serif'],
  ['times new roman', 'Liberation Serif'],
  ['tinos', 'Liberation Serif'],
  ['ui-serif', 'Liberation Serif'],
  // Wide text faces take a wide bundled face, so their lines (and page counts) stay close to
  // what the author saw: Georgia and DejaVu Serif set about a fifth wider than Times.
  ['georgia', 'Noto Serif'],
  ['dejavu serif', 'Noto Serif'],
  ['bitstream vera serif', 'Noto Serif'],
  ['sans-serif', 'Liberation Sans'],
  ['arial', 'Liberation Sans'],
  ['helvetica', 'Liberation Sans'],
  ['helvetica neue', 'Liberation Sans'],
  ['arimo', 'Liberation Sans'],
  ['verdana', 'Noto Sans'],
  ['geneva', 'Noto Sans'],
  ['bitstream vera sans', 'DejaVu Sans'],
  ['tahoma', 'Liberation Sans'],
  ['monospace', 'Liberation Mono'],
  ['courier', 'Liberation Mono'],
  ['courier new', 'Liberation Mono'],
  ['cousine', 'Liberation Mono'],
  ['ui-monospace', 'Liberation Mono'],
  ['consolas', 'Liberation Mono'],
  ['menlo', 'Liberation Mono'],
  ['system-ui', 'Noto Sans'],
  ['ui-sans-serif', 'Noto Sans'],
  ['-apple-system', 'Noto Sans'],
  ['blinkmacsystemfont', 'Noto Sans'],
  ['segoe ui', 'Noto Sans'],
  ['cursive', 'Liberation Serif'],
  ['fantasy', 'Liberation Sans'],
  ['math', 'DejaVu Sans'],
  ['emoji', 'Symbola'],
  ['dejavu sans', 'DejaVu Sans'],
]);

export const DEFAULT_FAMILY = 'Liberation Sans';

/**
 * Families tried, in order, for a character none of the requested families has. Script fonts
 * come before the broad symbol fonts so Arabic and Hebrew get their proper shapes.
 */
export const FALLBACK_FAMILIES: readonly string[] = [
  'Liberation Sans',
  'Noto Sans',
  'Noto Sans Arabic',
  'Noto Sans Hebrew',
  'Noto Sans Mono',
  'DejaVu Sans',
  'Symbola',
];

/** The family whose U+FFFD stands in for characters no font has. */
export const REPLACEMENT_FAMILY = 'DejaVu Sans';

let fontDirMemo: string | undefined;

/** fonts/ of the package, found from this module's location (works from src/ and dist/). */
export function fontDirectory(): string {
  if (fontDirMemo) return fontDirMemo;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const candidate = join(dir, 'fonts');
    if (existsSync(join(candidate, 'LiberationSans-Regular.ttf'))) {
      fontDirMemo = candidate;
      return candidate;
    }
    dir = dirname(dir);
  }
  throw new Error('a11ypdf: the bundled fonts/ directory was not found next to the package');
}

const parsed = new Map<string, LoadedFace>();

/** The parsed bundled face for an entry of BUNDLED_FACES (parsed on first use, then shared). */
export function loadBundledFace(info: BundledFaceInfo): LoadedFace {
  let face = parsed.get(info.file);
  if (!face) {
    const bytes = new Uint8Array(readFileSync(join(fontDirectory(), info.file)));
    const font = create(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)) as Font;
    face = new LoadedFace(info.family, info.weight, info.style, font, bytes);
    parsed.set(info.file, face);
  }
  return face;
}

const byFamily = new Map<string, BundledFaceInfo[]>();
for (const info of BUNDLED_FACES) {
  const key = info.family.toLowerCase();
  const list = byFamily.get(key) ?? [];
  list.push(info);
  byFamily.set(key, list);
}

/** Bundled faces of a family name (after alias resolution), or undefined. */
export function bundledFamily(name: string): readonly BundledFaceInfo[] | undefined {
  const key = name.toLowerCase();
  const alias = FAMILY_ALIASES.get(key);
  return byFamily.get(alias ? alias.toLowerCase() : key);
}
