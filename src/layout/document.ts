/**
 * A styled document → LaidOutDocument: resources (fonts and images, loaded up front so the
 * layout itself is synchronous), then either paged layout (paged/pipeline.ts: box tree, flow
 * layout, pagination, page furniture) or one continuous page as wide as the viewport, and the
 * document metadata.
 */
import { type Warning } from '../diagnostics.js';
import { ResourceError, type ResourceLoader } from '../resources/index.js';
import type { PageStyle, StyledDocument, StyledElement, StyledNode } from '../style/index.js';
import { createFontContext } from '../text/index.js';
import type { FontContext } from '../text/index.js';
import { buildBoxTree, resolveUrl, type BuildContext } from './box-tree/build.js';
import { BoxMemo, type LayoutContext } from './context.js';
import type {
  DisplayItem,
  LaidOutDocument,
  OutlineItem,
  Page,
  StructNode,
} from '../document/index.js';
import { layoutDocument } from './modes/block.js';
import { loadFlexEngine } from './modes/flex.js';
import { MAX_INPUT_PIXELS, type DecodedImage, type PixelImage } from '../images/index.js';
import { decodeImageCached, decodeImageForDrawingCached } from '../images/index.js';
import type { LayoutOptions, LayoutResult } from './options.js';
import { paginate } from './paginate/paginator.js';
import { backgroundItem, moveItem, NO_RADII } from './paint/decoration.js';
import { withFixed } from './paint/stacking.js';
import { svgTextShaper } from './paint/svg-text.js';
import { StructureBuilder } from './box-tree/structure.js';
import {
  SELECT_ARROW,
  SELECT_ARROW_KEY,
  artworkKey,
  controlArtwork,
  controlKind,
} from './box-tree/forms.js';
import { DEFAULT_TITLE, firstTextBlockTitle, titleFromText } from './title.js';
import { PX } from './units.js';
import { resolveCrossReferences } from './paged/cross-refs.js';
import { layoutPages, resolveLinks } from './paged/pipeline.js';
import { ContainerLog } from './modes/containers.js';

export { MAX_PAGES } from './paged/pipeline.js';

/**
 * Lays out an already styled document. `pageStyleOf(i, name, blank)` is the used @page style
 * of page i (of that named page; a blank page left to land a break on the right side); the
 * cascade of @page rules lives in style/.
 */
export async function layoutStyled(
  source: StyledDocument,
  pageStyleOf: (index: number, name: string, blank: boolean) => PageStyle,
  options: LayoutOptions,
  sourceBaseUrl?: string,
): Promise<LayoutResult> {
  const fonts = createFontContext();
  const fontWarnings: Warning[] = [];
  // Loaded while the first layout loads its images; @font-face rules are the same in every pass.
  const fontsLoaded = loadFontFaces(source, fonts, options.loader, options.strict, fontWarnings);
  const fontsReady = { loaded: fontsLoaded, warnings: fontWarnings };
  if (!source.containerQueries)
    return layoutOnce(source, fonts, fontsReady, pageStyleOf, options, sourceBaseUrl);
  // Styles depend on the sizes of query containers, which only layout knows: lay out, measure
  // the containers, style again with their sizes, until the styles are those of the sizes.
  // Each pass reads its resources through one memory, so none is fetched twice.
  const memo = memoLoader(options.loader);
  const passOptions: LayoutOptions = { ...options, loader: memo };
  let styled = source;
  for (let pass = 1; ; pass++) {
    const containers = new ContainerLog();
    // What a caller asked to record is the last layout's.
    options.boxes?.clear();
    const result = await layoutOnce(
      styled,
      fonts,
      fontsReady,
      pageStyleOf,
      passOptions,
      sourceBaseUrl,
      containers,
    );
    const next = styled.containerQueries?.restyle(containers.sizes) ?? null;
    if (next === null) return result;
    if (pass === MAX_CONTAINER_PASSES)
      return {
        ...result,
        warnings: [
          ...result.warnings,
          {
            code: 'layout.container-queries',
            message: `container sizes had not settled after ${pass} layouts: some @container styles may be those of an earlier layout`,
          },
        ],
      };
    styled = next;
  }
}

/**
 * Most layouts of one document with container queries: the first knows no container size,
 * the second styles each container's content for its size, a third or more follow only where
 * a container's size depends on styles that queries of containers around it chose.
 */
const MAX_CONTAINER_PASSES = 4;

/** A loader that fetches each resource once for all the layouts of one document. */
function memoLoader(loader: ResourceLoader): ResourceLoader {
  const kept = new Map<string, ReturnType<ResourceLoader['load']>>();
  return {
    policy: loader.policy,
    load: (url, kind, base) => {
      const key = `${kind}\n${base ?? ''}\n${url}`;
      let p = kept.get(key);
      if (!p) {
        p = loader.load(url, kind, base);
        kept.set(key, p);
      }
      return p;
    },
  };
}

async function layoutOnce(
  source: StyledDocument,
  fonts: FontContext,
  fontsReady: { readonly loaded: Promise<void>; readonly warnings: readonly Warning[] },
  pageStyleOf: (index: number, name: string, blank: boolean) => PageStyle,
  options: LayoutOptions,
  sourceBaseUrl: string | undefined,
  containers?: ContainerLog,
): Promise<LayoutResult> {
  const { styled, canvas } = liftCanvasBackground(source);
  const warnings: Warning[] = [...styled.warnings];
  const continuous = options.mode === 'continuous';
  const viewportPx = options.viewportWidthPx ?? 1024;
  const baseUrl = styled.baseUrl ?? sourceBaseUrl;
  const [{ images, backgrounds }, , shapeImages] = await Promise.all([
    loadImages(
      styled,
      baseUrl,
      options.loader,
      options.strict,
      warnings,
      options.signal,
      options.maxInputPixels ?? MAX_INPUT_PIXELS,
    ),
    fontsReady.loaded,
    loadShapeImages(
      styled,
      baseUrl,
      options.loader,
      warnings,
      options.maxInputPixels ?? MAX_INPUT_PIXELS,
    ),
  ]);
  warnings.push(...fontsReady.warnings);
  options.signal?.throwIfAborted();
  options.deadline?.check('resources');
  if (hasFlexContainer(styled.root)) await loadFlexEngine();

  let lang = styled.lang?.trim() || '';
  if (!lang) {
    lang = 'en';
    warnings.push({
      code: 'document.missing-lang',
      message: 'the document has no lang attribute on <html>; English (en) is assumed',
    });
  }
  let pages: Page[];
  let structure: StructNode;
  let firstHeading: string | undefined;
  let outline: readonly OutlineItem[] | undefined;
  if (continuous) {
    const sb = new StructureBuilder();
    const build: BuildContext = {
      sb,
      images,
      warnings,
      ...(baseUrl ? { baseUrl } : {}),
      nextAnonId: 1,
      ...(options.deadline ? { deadline: options.deadline } : {}),
    };
    // One page: every cross-reference points to it.
    const resolved = resolveCrossReferences(
      styled,
      { countersAt: () => new Map([['page', [1]]]), pages: 1 },
      undefined,
      options.deadline,
    );
    const rootBox = buildBoxTree(resolved.root, build, lang);
    const pageBox = { x: 0, y: 0, width: viewportPx * PX, height: 768 * PX };
    const lctx: LayoutContext = {
      continuous: true,
      fonts,
      sb,
      warnings,
      backgrounds,
      shapeImages,
      page: pageBox,
      fixed: [],
      warned: new Set(),
      memo: new BoxMemo(),
      svgText: (c) => svgTextShaper(c),
      ...(options.deadline ? { deadline: options.deadline } : {}),
      ...(options.boxes ? { recordBoxes: true } : {}),
      ...(containers ? { containers } : {}),
    };
    const { frag, height } = layoutDocument(rootBox, lctx);
    options.signal?.throwIfAborted();
    const anchors = new Map<string, { pageIndex: number; y: number }>();
    // Whole CSS pixels (0.75 pt), so a raster of the page has no half-covered last row.
    const laid = paginate(frag, () => ({ top: 0, height: Number.MAX_SAFE_INTEGER / 4 }), {
      maxPages: 1,
      anchors,
      forcedBreaks: false,
      ...(options.boxes ? { boxes: options.boxes } : {}),
    });
    // One continuous page has no page bottom: footnotes follow the content, in call order.
    const notes: DisplayItem[] = [];
    let bottom = Math.max(height, frag.bottom);
    for (const { mark } of laid[0].marks) {
      if (mark.kind !== 'footnote') continue;
      for (const it of mark.body.items) notes.push(moveItem(it, 0, bottom));
      for (const a of mark.body.anchors) {
        anchors.set(a.id, { pageIndex: 0, y: a.y + bottom });
        if (a.box) {
          const placed = { pageIndex: 0, y: a.y + bottom, ...a.box };
          options.boxes?.set(a.id, [...(options.boxes.get(a.id) ?? []), placed]);
        }
      }
      bottom += mark.body.height;
    }
    const pageHeight = Math.max(PX, Math.ceil(bottom / PX) * PX);
    const items: DisplayItem[] = [];
    if (canvas)
      items.push(
        backgroundItem({ x: 0, y: 0, width: pageBox.width, height: pageHeight }, canvas, NO_RADII),
      );
    items.push(...withFixed([...laid[0].items, ...notes], lctx.fixed, true));
    pages = [{ width: pageBox.width, height: pageHeight, items }];
    resolveLinks(pages, anchors);
    structure = sb.finish();
    firstHeading = build.firstHeading;
  } else {
    const r = layoutPages({
      styled,
      lang,
      pageStyleOf,
      fonts,
      images,
      backgrounds,
      shapeImages,
      ...(baseUrl ? { baseUrl } : {}),
      options,
      ...(canvas ? { canvas } : {}),
      ...(containers ? { containers } : {}),
    });
    pages = r.pages;
    structure = r.structure;
    firstHeading = r.firstHeading;
    outline = r.outline;
    warnings.push(...r.warnings);
  }

  let title = styled.title?.trim() || '';
  if (!title) {
    const heading = firstHeading ? titleFromText(firstHeading) : undefined;
    const text = heading ? undefined : firstTextBlockTitle(styled.root);
    title = heading ?? text ?? DEFAULT_TITLE;
    const from = heading ? 'the first heading' : text ? 'the first block of text' : 'the default';
    warnings.push({
      code: 'document.missing-title',
      message: `the document has no <title>; "${title}" (${from}) is used as the PDF title`,
    });
  }
  const meta = headMeta(styled.root);
  const document: LaidOutDocument = {
    pages,
    ...(outline ? { outline } : {}),
    structure,
    metadata: {
      title,
      lang,
      ...(meta.author ? { author: meta.author } : {}),
      ...(meta.description ? { subject: meta.description } : {}),
      ...(meta.keywords ? { keywords: meta.keywords } : {}),
      creator: 'a11ypdf',
    },
  };
  return { document, warnings: [...warnings, ...fonts.warnings] };
}

/**
 * CSS: the root's background colour (or body's, when the root has none) paints the canvas, and
 * the element it came from then paints none of its own: a translucent colour drawn by both
 * would be laid over itself. Returns the document with that element's colour cleared.
 */
function liftCanvasBackground(doc: StyledDocument): {
  styled: StyledDocument;
  canvas?: StyledElement['style']['backgroundColor'];
} {
  const root = doc.root;
  if (root.style.backgroundColor.a > 0)
    return {
      styled: { ...doc, root: withoutBackgroundColor(root) },
      canvas: root.style.backgroundColor,
    };
  const body = root.children.find(
    (c): c is StyledElement => c.kind === 'element' && c.tag === 'body',
  );
  if (!body || body.style.backgroundColor.a === 0) return { styled: doc };
  const children = root.children.map((c) => (c === body ? withoutBackgroundColor(body) : c));
  return { styled: { ...doc, root: { ...root, children } }, canvas: body.style.backgroundColor };
}

function withoutBackgroundColor(el: StyledElement): StyledElement {
  return { ...el, style: { ...el.style, backgroundColor: { r: 0, g: 0, b: 0, a: 0 } } };
}

function headMeta(root: StyledElement): {
  author?: string;
  description?: string;
  keywords?: string;
} {
  const head = root.children.find(
    (c): c is StyledElement => c.kind === 'element' && c.tag === 'head',
  );
  const out: { author?: string; description?: string; keywords?: string } = {};
  for (const m of head?.children ?? []) {
    if (m.kind !== 'element' || m.tag !== 'meta') continue;
    const name = m.attrs.get('name')?.toLowerCase();
    const content = m.attrs.get('content')?.trim();
    if (!content) continue;
    if (name === 'author' || name === 'description' || name === 'keywords') out[name] = content;
  }
  return out;
}

/** Document order without recursion (nesting depth is the author's to choose). */
function* walk(root: StyledNode): Generator<StyledNode> {
  const stack: StyledNode[] = [root];
  while (stack.length > 0) {
    const n = stack.pop()!;
    yield n;
    if (n.kind === 'element')
      for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i]);
  }
}

/** Whether any element or pseudo-element is a flex container (layout then needs yoga). */
/** Whether layout will meet a flex container: the author's, or a drawn select (a flex row). */
function hasFlexContainer(root: StyledNode): boolean {
  for (const n of walk(root)) {
    if (n.kind === 'text') continue;
    if (n.style.display === 'flex' || n.style.display === 'inline-flex') return true;
    if (n.kind === 'element' && n.tag === 'select' && n.style.display !== 'none') return true;
  }
  return false;
}

interface LoadedImages {
  /** Replaced content (<img> by URL, inline <svg> as `svg:<nodeId>`); a string is the failure. */
  readonly images: Map<string, DecodedImage | string>;
  /** Background layers by URL, always with pixels; a string is the failure reason. */
  readonly backgrounds: Map<string, DecodedImage | string>;
}

async function loadImages(
  doc: StyledDocument,
  baseUrl: string | undefined,
  loader: ResourceLoader,
  strict: boolean,
  warnings: Warning[],
  signal: AbortSignal | undefined,
  maxInputPixels: number,
): Promise<LoadedImages> {
  // A URL is decoded once; with pixels if any background layer uses it (the same decode then
  // serves its <img> uses), without them when only replaced content draws it, so a simple SVG
  // drawn as paths never goes through librsvg.
  const uses = new Map<string, { background: boolean }>();
  const inline = new Map<string, string>();
  for (const n of walk(doc.root)) {
    if (n.kind === 'element' && n.style.display !== 'none') {
      if (n.tag === 'img') {
        const src = n.attrs.get('src')?.trim();
        if (src) {
          const url = resolveUrl(src, baseUrl);
          if (!uses.has(url)) uses.set(url, { background: false });
        }
      } else if (n.tag === 'svg' && n.svgMarkup) {
        inline.set(`svg:${n.nodeId}`, n.svgMarkup);
      } else if (controlKind(n) !== null) {
        // Form controls drawn as pictures, and the arrow of a select.
        const artwork = controlArtwork(n);
        if (artwork) inline.set(artworkKey(n), artwork);
        if (n.tag === 'select' && n.style.appearance !== 'none')
          inline.set(SELECT_ARROW_KEY, SELECT_ARROW);
      }
    }
    // Images in generated content: content: url(...), list-style-image markers.
    if (n.kind === 'pseudo' && n.style.display !== 'none') {
      for (const c of n.content)
        if (c.kind === 'image' && !uses.has(c.url)) uses.set(c.url, { background: false });
    }
    if (n.kind !== 'text') {
      for (const layer of n.style.backgroundLayers) {
        if (layer.image.kind === 'url') uses.set(layer.image.url, { background: true });
      }
      // Mask images are drawn as background layers are (paint/mask.ts).
      for (const image of n.style.maskImage)
        if (image !== 'none' && image.kind === 'url') uses.set(image.url, { background: true });
      // Border images are drawn as backgrounds are (paint/border-image.ts).
      const border = n.style.borderImageSource;
      if (border !== 'none' && border.kind === 'url') uses.set(border.url, { background: true });
    }
  }
  // The pages' own backgrounds and margin box images.
  for (const page of doc.pageRules.variants.values()) {
    const styles = [page.context, page.footnote, ...page.marginBoxes.map((m) => m.style)];
    for (const st of styles) {
      for (const layer of st.backgroundLayers)
        if (layer.image.kind === 'url') uses.set(layer.image.url, { background: true });
      const border = st.borderImageSource;
      if (border !== 'none' && border.kind === 'url') uses.set(border.url, { background: true });
    }
    for (const m of page.marginBoxes)
      for (const c of m.content)
        if (c.kind === 'image' && !uses.has(c.url)) uses.set(c.url, { background: false });
  }
  // `pixels` is set only by a decode that always has them, the one backgrounds may use.
  type Job = () => Promise<{ readonly image: DecodedImage; readonly pixels?: DecodedImage }>;
  const jobs = new Map<string, Job>();
  for (const [url, use] of uses) {
    jobs.set(url, async () => {
      const r = await loader.load(url, 'image', baseUrl);
      // One decode serves every use: an SVG in the simple subset is drawn as vectors wherever
      // it is used, backgrounds included, and needs no pixels.
      const image = await decodeImageForDrawingCached(r.bytes, r.contentType, maxInputPixels);
      return use.background ? { image, pixels: image } : { image };
    });
  }
  for (const [key, markup] of inline) {
    jobs.set(key, async () => ({
      image: await decodeImageForDrawingCached(
        new TextEncoder().encode(withSvgNamespace(markup)),
        'image/svg+xml',
        maxInputPixels,
      ),
    }));
  }
  const images = new Map<string, DecodedImage | string>();
  const backgrounds = new Map<string, DecodedImage | string>();
  const entries = [...jobs.entries()];
  // A few at a time: images are the biggest resources and sharp uses its own threads.
  const width = 4;
  for (let i = 0; i < entries.length; i += width) {
    signal?.throwIfAborted();
    await Promise.all(
      entries.slice(i, i + width).map(async ([key, job]) => {
        try {
          const { image, pixels } = await job();
          images.set(key, image);
          if (pixels) backgrounds.set(key, pixels);
          // HTML inside an SVG is drawn by neither the vector path nor librsvg: say so rather
          // than lose its text without a word.
          if (image.foreignObject)
            warnings.push({
              code: 'resource.svg-foreign-object',
              message:
                'an SVG holds HTML in <foreignObject>, which is not drawn; give its text as SVG <text> or in the alternative text',
              source: imageSource(key),
            });
        } catch (e) {
          const reason = e instanceof Error ? e.message : String(e);
          if (strict)
            throw e instanceof ResourceError
              ? e
              : new ResourceError(`image could not be decoded: ${reason}`, key, 'invalid');
          images.set(key, reason);
          if (uses.get(key)?.background) backgrounds.set(key, reason);
          warnings.push({
            code: 'resource.image-failed',
            message: `image not shown (${reason}); its alternative text is drawn instead`,
            source: imageSource(key),
          });
        }
      }),
    );
  }
  return { images, backgrounds };
}

/**
 * The images of floats' shape-outside, always decoded to pixels (an SVG rasterised): their
 * alpha is the shape. One that fails leaves its float the margin box (CSS Shapes 1 §6.1), with
 * a warning, even in strict mode: nothing goes missing from the page.
 */
async function loadShapeImages(
  doc: StyledDocument,
  baseUrl: string | undefined,
  loader: ResourceLoader,
  warnings: Warning[],
  maxInputPixels: number,
): Promise<Map<string, PixelImage | string>> {
  const urls = new Set<string>();
  for (const n of walk(doc.root)) {
    if (n.kind === 'text' || n.style.display === 'none' || n.style.float === 'none') continue;
    const so = n.style.shapeOutside;
    if (so !== 'none' && 'image' in so && so.image.kind === 'url') urls.add(so.image.url);
  }
  const out = new Map<string, PixelImage | string>();
  for (const url of urls) {
    try {
      const r = await loader.load(url, 'image', baseUrl);
      out.set(url, await decodeImageCached(r.bytes, r.contentType, maxInputPixels));
    } catch (e) {
      const reason = e instanceof Error ? e.message : String(e);
      out.set(url, reason);
      warnings.push({
        code: 'resource.shape-image-failed',
        message: `shape-outside image not used (${reason}); the float wraps its margin box`,
        source: imageSource(url),
      });
    }
  }
  return out;
}

/** How a warning names an image: its URL, or what it is when it has none worth printing. */
function imageSource(key: string): string {
  return key.startsWith('data:') ? 'data: URI' : key.startsWith('svg:') ? 'inline <svg>' : key;
}

/** Inline SVG in HTML may omit the namespace that standalone SVG needs. */
function withSvgNamespace(markup: string): string {
  return /<svg[^>]*\sxmlns\s*=/.test(markup)
    ? markup
    : markup.replace(/<svg\b/, '<svg xmlns="http://www.w3.org/2000/svg"');
}

async function loadFontFaces(
  doc: StyledDocument,
  fonts: FontContext,
  loader: ResourceLoader,
  strict: boolean,
  warnings: Warning[],
): Promise<void> {
  await Promise.all(
    doc.fontFaces.map(async (face) => {
      for (const src of face.sources) {
        if (!src.url) continue;
        try {
          const r = await loader.load(src.url, 'font');
          const added = fonts.addFontFace({
            family: face.family,
            ...(face.weight
              ? { weight: face.weight[0] === face.weight[1] ? face.weight[0] : face.weight }
              : {}),
            style: face.style,
            ...(face.unicodeRange.length > 0 ? { unicodeRange: face.unicodeRange } : {}),
            bytes: r.bytes,
            source: src.url.startsWith('data:') ? 'data:' : src.url,
          });
          if (added.ok) return;
        } catch (e) {
          if (strict) throw e;
          warnings.push({
            code: 'resource.font-failed',
            message: `font for "${face.family}" not loaded (${e instanceof Error ? e.message : String(e)})`,
            source: src.url.startsWith('data:') ? 'data: URI' : src.url,
          });
        }
      }
    }),
  );
}
