/**
 * Entry point of parse + cascade: HTML text → StyledDocument (styled tree, @page rules,
 * @font-face rules, title, language, warnings).
 */
import type { Warning } from '../diagnostics.js';
import { parseHtml } from '../html/parse.js';
import { StyleEngine } from './cascade.js';
import { TreeBuilder } from './build.js';
import { buildPageRules, firstPageArea } from './page.js';
import { RuleIndex, loadSheets } from './sheet.js';
import { createFontContext, type FontContext } from '../text/index.js';
import type { FontMetricsProvider, StyleOptions, StyledDocument } from './types.js';
import { UA_STYLESHEET } from './ua.js';

export type * from './types.js';
export { pageStyleFor } from './page.js';
export { DEFAULT_CSS_LIMITS, type CssLimits } from './sheet.js';
export { resolveLength } from './length.js';

/**
 * ex/ch from the bundled fonts (src/text) when the caller gives no metrics; the font context is
 * created on the first ex/ch unit only. @font-face fonts are not loaded here, so their families
 * resolve to the bundled fallback's metrics.
 */
function bundledFontMetrics(): FontMetricsProvider {
  let ctx: FontContext | null = null;
  return (family, weight, style) => {
    try {
      ctx ??= createFontContext();
      const m = ctx.matchFont(family, weight, style).metrics;
      return m.xHeight > 0 && m.zeroAdvance > 0
        ? { xHeight: m.xHeight, zeroAdvance: m.zeroAdvance }
        : undefined;
    } catch {
      return undefined;
    }
  };
}

/** At most this many warnings are reported per document; the rest are counted. */
const MAX_WARNINGS = 200;

function effectiveBase(baseUrl: string | undefined, baseHref: string | null): string | undefined {
  if (baseHref) {
    try {
      return new URL(baseHref, baseUrl).href;
    } catch {
      /* a relative <base> without a document URL cannot be resolved */
    }
  }
  return baseUrl;
}

export async function styleDocument(html: string, options: StyleOptions): Promise<StyledDocument> {
  const warnings: Warning[] = [];
  let dropped = 0;
  const seen = new Set<string>();
  const warn = (w: Warning): void => {
    const key = `${w.code}|${w.message}`;
    if (seen.has(key)) return;
    seen.add(key);
    if (warnings.length < MAX_WARNINGS) warnings.push(w);
    else dropped++;
  };
  options.signal?.throwIfAborted();
  const parsed = parseHtml(html);
  for (const w of parsed.warnings) warn(w);
  const base = effectiveBase(options.baseUrl, parsed.baseHref);

  // Media queries and vw/vh need the page area before the author's @page rules are known, so
  // they use the caller's viewport or, failing that, the default page.
  const provisional = options.viewport ?? firstPageArea([]);
  const ruleSet = await loadSheets(UA_STYLESHEET, parsed.sheets, base, {
    loader: options.loader,
    media: provisional,
    strict: options.strict === true,
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.cssLimits ? { limits: options.cssLimits } : {}),
    warn,
  });
  options.signal?.throwIfAborted();
  const viewport = options.viewport ?? firstPageArea(ruleSet.pageRules);
  const engine = new StyleEngine(new RuleIndex(ruleSet.rules), {
    viewport,
    fontMetrics: options.fontMetrics ?? bundledFontMetrics(),
    warn,
  });
  options.checkpoint?.();
  const builder = new TreeBuilder(engine, {
    ...(base ? { base } : {}),
    warn,
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.checkpoint ? { checkpoint: options.checkpoint } : {}),
  });
  const root = builder.build(parsed.root);
  const pageRules = buildPageRules(ruleSet.pageRules, engine, root.style, warn);
  if (dropped > 0) {
    warnings.push({
      code: 'warnings.truncated',
      message: `${dropped} further warnings were not listed`,
    });
  }
  return {
    root,
    pageRules,
    fontFaces: ruleSet.fontFaces,
    title: parsed.title,
    lang: parsed.lang,
    ...(base ? { baseUrl: base } : {}),
    warnings,
  };
}
