/**
 * What the layout unit tests share: an offline resource loader, default layout options, an A4
 * page, laying out a hand-built body (see styled.ts) without the cascade, and reading the
 * glyph runs of a page.
 */
import type { DisplayItem, GlyphRun } from '../../src/document/index.js';
import { layoutStyled } from '../../src/layout/document.js';
import type { LayoutOptions, LayoutResult } from '../../src/layout/options.js';
import type { ResourceLoader } from '../../src/resources/types.js';
import type { PageStyle, StyledElement } from '../../src/style/types.js';
import { baseStyle, el } from './styled.js';

export const offlineLoader: ResourceLoader = {
  policy: {
    allowPrivateNetwork: false,
    maxResourceBytes: 1e6,
    maxTotalBytes: 1e7,
    resourceTimeoutMs: 1000,
    maxRedirects: 0,
  },
  load: () => Promise.reject(new Error('no network in unit tests')),
};

export const testOptions: LayoutOptions = {
  mode: 'paged',
  loader: offlineLoader,
  strict: false,
};

/** A4 with 1in margins (px). */
export const A4: PageStyle = {
  name: '',
  width: 793.7,
  height: 1122.5,
  marginTop: 96,
  marginRight: 96,
  marginBottom: 96,
  marginLeft: 96,
  backgroundColor: { r: 0, g: 0, b: 0, a: 0 },
  marginBoxes: [],
  context: baseStyle(),
  footnote: baseStyle(),
  bleed: { top: 0, right: 0, bottom: 0, left: 0 },
  marks: { crop: false, cross: false },
};

/** Lays out `<html lang="en"><body>…body…</body></html>` on `page`. */
export function layBody(
  body: StyledElement[],
  {
    title = 'Test',
    page = A4,
    options = {},
  }: { title?: string | null; page?: PageStyle; options?: Partial<LayoutOptions> } = {},
): Promise<LayoutResult> {
  const root = el('html', {}, [el('body', {}, body)], { lang: 'en' });
  return layoutStyled(
    {
      root,
      pageRules: { rules: [], variants: new Map() },
      fontFaces: [],
      title,
      lang: 'en',
      warnings: [],
    },
    () => page,
    { ...testOptions, ...options },
  );
}

/** The glyph runs of a display list, groups included, in drawing order. */
export function glyphRuns(items: readonly DisplayItem[]): GlyphRun[] {
  return items.flatMap((i) =>
    i.kind === 'glyphs' ? [i] : i.kind === 'group' ? glyphRuns(i.items) : [],
  );
}
