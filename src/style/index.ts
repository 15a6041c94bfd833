/**
 * Entry point of parse + cascade: HTML text → StyledDocument (styled tree, @page rules,
 * @font-face rules, title, language, warnings).
 */
import type { Warning } from '../diagnostics.js';
import { parseHtml, type DomElement } from '../html/index.js';
import { StyleEngine } from './cascade.js';
import { TreeBuilder } from './build.js';
import { buildPageRules, firstPageArea } from './page.js';
import { RuleIndex, loadSheets, type MediaEnv } from './sheet.js';
import { createFontContext, type FontContext } from '../text/index.js';
import type {
  ContainerRestyle,
  ContainerSize,
  FontMetricsProvider,
  PageRules,
  StyleOptions,
  StyledDocument,
  StyledElement,
  TargetInfo,
} from './types.js';
import { QUIRKS_STYLESHEET, UA_STYLESHEET } from './ua.js';
import {
  EngineCache,
  MAX_KEPT_FETCH_BYTES,
  MAX_STYLES_PER_KEPT_ENGINE,
  engineKey,
  fetchedBytes,
  loadsUnchanged,
  type RecordedLoad,
  type SharedEngine,
} from './engine-cache.js';
import type { ResourceLoader } from '../resources/index.js';

export type * from './types.js';
export { pageStyleFor } from './page.js';
export { DEFAULT_CSS_LIMITS, type CssLimits } from './limits.js';
export { resolveLength } from './length.js';
export { mixColors, parseColor } from './colors.js';
// css-tree behind the guard every parse of ours needs (see css-tree.ts).
export { csstree } from './css-tree.js';
export { formatCounter } from './counters.js';
export { sizeContainerType } from './container-queries.js';
export type { CounterStyleDefs, CounterStyleDef } from './counter-styles.js';
export type { DocumentLimits } from '../html/index.js';

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

const IGNORE = (): void => {};

/** At most this many warnings are reported per document; the rest are counted. */
const MAX_WARNINGS = 200;
/** One string, so the parsed user-agent sheet is cached for quirks-mode documents too. */
const UA_QUIRKS = UA_STYLESHEET + QUIRKS_STYLESHEET;

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

/** Engines shared by documents with the same sheets (see engine-cache.ts for when). */
const engines = new EngineCache();

/** Forgets the engines kept for documents rendered so far. */
export function clearStyleCaches(): void {
  engines.clear();
}

/** Sheets, rule index and engine for a document: a kept engine, or new ones. */
async function engineFor(
  sources: Parameters<typeof loadSheets>[1],
  base: string | undefined,
  options: StyleOptions,
  quirks: boolean,
  warn: (w: Warning) => void,
): Promise<{ shared: SharedEngine; key: string | null }> {
  const provisional = options.viewport ?? firstPageArea([]);
  const mediaType = options.media ?? 'print';
  // A caller's own metrics function may answer differently from one call to the next.
  const key = options.fontMetrics
    ? null
    : engineKey({
        sources,
        base,
        viewport: provisional,
        media: mediaType,
        strict: options.strict === true,
        limits: options.cssLimits,
        quirks,
      });
  const kept = key === null ? undefined : engines.take(key);
  if (kept && (kept.loads.length === 0 || (await loadsUnchanged(kept.loads, options.loader)))) {
    // Copies: a caller may change the warnings it gets without changing the next document's.
    for (const w of kept.loadWarnings) warn({ ...w });
    return { shared: kept, key };
  }

  const loads: RecordedLoad[] = [];
  const loadWarnings: Warning[] = [];
  let fetchFailed = false;
  const loader: ResourceLoader = {
    policy: options.loader.policy,
    load: async (url, kind, from) => {
      let res;
      try {
        res = await options.loader.load(url, kind, from);
      } catch (e) {
        fetchFailed = true;
        throw e;
      }
      loads.push({ url, kind, base: from, bytes: res.bytes, finalUrl: res.url });
      return res;
    },
  };
  const loadWarn = (w: Warning): void => {
    loadWarnings.push(w);
    warn(w);
  };
  // Media queries and vw/vh need the page area before the author's @page rules are known, so
  // they use the caller's viewport or, failing that, the default page; when a query asked about
  // the size and the document's own first page differs, the sheets are read again against it.
  let sizeQueried = false;
  const tracked = (area: { width: number; height: number }): MediaEnv => ({
    type: mediaType,
    get width() {
      sizeQueried = true;
      return area.width;
    },
    get height() {
      sizeQueried = true;
      return area.height;
    },
  });
  const load = (media: MediaEnv): ReturnType<typeof loadSheets> =>
    loadSheets(quirks ? UA_QUIRKS : UA_STYLESHEET, sources, base, {
      loader,
      media,
      strict: options.strict === true,
      ...(options.signal ? { signal: options.signal } : {}),
      ...(options.cssLimits ? { limits: options.cssLimits } : {}),
      warn: loadWarn,
    });
  let ruleSet = await load(tracked(provisional));
  if (sizeQueried && !options.viewport) {
    const area = firstPageArea(ruleSet.pageRules);
    if (area.width !== provisional.width || area.height !== provisional.height)
      ruleSet = await load({ ...area, type: mediaType });
  }
  options.signal?.throwIfAborted();
  const viewport = options.viewport ?? firstPageArea(ruleSet.pageRules);
  const shared: SharedEngine = {
    ruleSet,
    loads,
    loadWarnings,
    fetchFailed,
    sink: loadWarn,
    engine: new StyleEngine(new RuleIndex(ruleSet.rules), {
      viewport,
      registered: ruleSet.properties,
      fontMetrics: options.fontMetrics ?? bundledFontMetrics(),
      warn: (w) => shared.sink(w),
    }),
  };
  return { shared, key };
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
  const parsed = parseHtml(html, options.parse);
  for (const w of parsed.warnings) warn(w);
  const base = effectiveBase(options.baseUrl, parsed.baseHref);

  const sheets = options.userStylesheets?.length
    ? [
        ...parsed.sheets,
        ...options.userStylesheets.map((u) => ({
          kind: 'inline' as const,
          text: u.css,
          ...(u.baseUrl ? { base: u.baseUrl } : {}),
        })),
      ]
    : parsed.sheets;
  // A kept engine repeats what loading its sheets warned.
  const { shared, key } = await engineFor(sheets, base, options, parsed.quirks, warn);
  const { engine, ruleSet } = shared;
  // Every warning from here on may come from, or be hidden by, the engine's caches.
  let styleWarnings = 0;
  const styleWarn = (w: Warning): void => {
    styleWarnings++;
    warn(w);
  };
  // From here to the return nothing awaits, so no other document uses the engine meanwhile.
  shared.sink = styleWarn;
  options.checkpoint?.();
  let root: StyledElement;
  let pageRules: PageRules;
  let targets: ReadonlyMap<string, TargetInfo> = new Map();
  let builder: TreeBuilder;
  const buildWith = (containerSizes?: ReadonlyMap<DomElement, ContainerSize>): TreeBuilder =>
    new TreeBuilder(engine, {
      ...(base ? { base } : {}),
      ...(ruleSet.counterStyles.size > 0 ? { counterStyles: ruleSet.counterStyles } : {}),
      warn: styleWarn,
      ...(options.signal ? { signal: options.signal } : {}),
      ...(options.checkpoint ? { checkpoint: options.checkpoint } : {}),
      ...(containerSizes ? { containerSizes } : {}),
    });
  try {
    builder = buildWith();
    root = builder.build(parsed.root);
    targets = builder.targets;
    const kept = shared.pageRules;
    if (kept?.root === root.style) pageRules = kept.rules;
    else {
      const before = styleWarnings;
      pageRules = buildPageRules(ruleSet.pageRules, engine, root.style, styleWarn);
      if (styleWarnings === before) shared.pageRules = { root: root.style, rules: pageRules };
    }
  } catch (e) {
    if (key !== null) engines.drop(key);
    throw e;
  } finally {
    shared.sink = IGNORE;
  }
  if (key !== null) {
    if (
      styleWarnings > 0 ||
      shared.fetchFailed ||
      engine.computedStyles > MAX_STYLES_PER_KEPT_ENGINE ||
      fetchedBytes(shared.loads) > MAX_KEPT_FETCH_BYTES
    )
      engines.drop(key);
    else engines.keep(key, shared);
  }
  if (dropped > 0) {
    warnings.push({
      code: 'warnings.truncated',
      message: `${dropped} further warnings were not listed`,
    });
  }
  const doc = (
    tree: StyledElement,
    found: ReadonlyMap<string, TargetInfo>,
    restyle: ContainerRestyle | undefined,
  ): StyledDocument => ({
    root: tree,
    pageRules,
    fontFaces: ruleSet.fontFaces,
    title: parsed.title,
    lang: parsed.lang,
    ...(base ? { baseUrl: base } : {}),
    warnings: [...warnings],
    ...(found.size > 0 ? { targets: found } : {}),
    ...(ruleSet.counterStyles.size > 0 ? { counterStyles: ruleSet.counterStyles } : {}),
    ...(restyle ? { containerQueries: restyle } : {}),
  });
  // Styled again for the container sizes each layout measures (see ContainerRestyle).
  const restyler = (
    built: TreeBuilder,
    used: ReadonlyMap<DomElement, ContainerSize>,
  ): ContainerRestyle | undefined => {
    if (!dependsOnContainerSizes(built, engine)) return undefined;
    return {
      restyle: (measured) => {
        const sizes = new Map<DomElement, ContainerSize>();
        for (const [nodeId, size] of measured) {
          const el = built.sizeContainers.get(nodeId);
          if (el) sizes.set(el, size);
        }
        if (sameSizes(sizes, used)) return null;
        options.signal?.throwIfAborted();
        shared.sink = styleWarn;
        try {
          const again = buildWith(sizes);
          const tree = again.build(parsed.root);
          return doc(tree, again.targets, restyler(again, sizes));
        } finally {
          shared.sink = IGNORE;
        }
      },
    };
  };
  return doc(root, targets, restyler(builder, new Map()));
}

/** Whether a styling used container sizes: size queries or cq* units, and size containers. */
function dependsOnContainerSizes(built: TreeBuilder, engine: StyleEngine): boolean {
  return built.sizeContainers.size > 0 && (engine.hasSizeQueries || built.usesContainerUnits);
}

/** Sizes closer than this (CSS px) style alike: layout rounds differently from pass to pass. */
const SAME_SIZE = 0.01;

function sameSizes(
  a: ReadonlyMap<DomElement, ContainerSize>,
  b: ReadonlyMap<DomElement, ContainerSize>,
): boolean {
  if (a.size !== b.size) return false;
  for (const [el, s] of a) {
    const t = b.get(el);
    if (!t || Math.abs(s.width - t.width) > SAME_SIZE || Math.abs(s.height - t.height) > SAME_SIZE)
      return false;
  }
  return true;
}
