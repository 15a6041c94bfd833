/**
 * HTML → LaidOutDocument: the cascade (style/) gives a styled tree, document.ts lays it out.
 */
import { pageStyleFor, styleDocument } from '../style/index.js';
import { layoutStyled } from './document.js';
import type { LayoutOptions, LayoutResult } from './options.js';

export type { LayoutOptions, LayoutPassCount, LayoutResult, PlacedBox } from './options.js';
export { MAX_PAGES } from './document.js';
/** For stages that place laid-out content again (template headers, footers, backgrounds). */
export { asArtifact, moveItem } from './paint/decoration.js';
export { DEFAULT_TITLE, titleFromText } from './title.js';

export async function layoutHtml(
  source: { html: string; baseUrl?: string },
  options: LayoutOptions,
): Promise<LayoutResult> {
  const continuous = options.mode === 'continuous';
  const viewportPx = options.viewportWidthPx ?? 1024;
  const styled = await styleDocument(source.html, {
    ...(source.baseUrl ? { baseUrl: source.baseUrl } : {}),
    loader: options.loader,
    strict: options.strict,
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.deadline ? { checkpoint: () => options.deadline?.check('style') } : {}),
    parse: {
      ...options.documentLimits,
      ...(options.deadline ? { checkpoint: () => options.deadline?.check('parse') } : {}),
    },
    ...(options.cssLimits ? { cssLimits: options.cssLimits } : {}),
    ...(options.userStylesheets ? { userStylesheets: options.userStylesheets } : {}),
    ...(options.media ? { media: options.media } : {}),
    ...(continuous ? { viewport: { width: viewportPx, height: 768 } } : {}),
  });
  options.signal?.throwIfAborted();
  options.deadline?.check('style');
  return layoutStyled(
    styled,
    (index, name, blank) =>
      pageStyleFor(styled.pageRules, { index, ...(name ? { name } : {}), blank }),
    options,
    source.baseUrl,
  );
}
