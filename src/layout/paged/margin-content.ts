/**
 * What a page's margin boxes contain on that page: their content lists resolved with the
 * page's counters, named strings and running elements, as block containers ready for
 * margin-boxes.ts (text and images as inline content, running elements as block children).
 */
import type { ComputedStyle, PageMarginBox, PageStyle, RunningWhich } from '../../style/index.js';
import { formatCounter } from '../../style/index.js';
import type { BlockBox, Box, ImageBox, InlineItem } from '../box-tree/boxes.js';
import { anonymousStyle } from '../box-tree/boxes.js';
import type { DecodedImage } from '../../images/index.js';
import { marginBlock, type MarginBoxInput } from '../paint/margin-boxes.js';
import { counterValue, type PageCounters } from './page-counters.js';

/** A running element built for a margin box: block children, or inline content. */
export interface RunningBoxes {
  readonly children: readonly Box[];
  readonly inline?: readonly InlineItem[];
}

/** What margin boxes read from the pagination of one page. */
export interface PageValues {
  readonly counters: PageCounters;
  /** string(name, which) on this page; '' when the string was never set. */
  string(name: string, which: RunningWhich): string;
  /** element(name, which) on this page: the boxes of a copy of it, or none. */
  element(name: string, which: RunningWhich): RunningBoxes | undefined;
}

export interface MarginContentContext {
  readonly lang: string;
  /** Decoded images by URL (margin box url() content); a string is the failure reason. */
  readonly images: ReadonlyMap<string, DecodedImage | string>;
  /** Ids for the anonymous boxes made here (negative, unique per layout). */
  nextId(): number;
}

/** The margin boxes of one page with their content for that page. */
export function marginBoxInputs(
  style: PageStyle,
  values: PageValues,
  ctx: MarginContentContext,
): MarginBoxInput[] {
  return style.marginBoxes.map((mb) => ({
    name: mb.name,
    style: mb.style,
    box: marginBoxContent(mb, values, ctx),
  }));
}

/** A margin box's content as a block container; null when it generates no box. */
function marginBoxContent(
  mb: PageMarginBox,
  values: PageValues,
  ctx: MarginContentContext,
): BlockBox | null {
  const s = mb.style;
  const children: Box[] = [];
  let inline: InlineItem[] = [];
  const text = (t: string): void => {
    if (t === '') return;
    // One run for the whole text, so it shapes (and reads) as one.
    const last = inline[inline.length - 1];
    if (last && last.kind === 'text') inline[inline.length - 1] = { ...last, text: last.text + t };
    else inline.push({ kind: 'text', text: t, style: s, lang: ctx.lang, source: {} });
  };
  const flush = (): void => {
    if (inline.length === 0) return;
    children.push({
      kind: 'block',
      id: ctx.nextId(),
      style: anonymousStyle(s),
      lang: ctx.lang,
      children: [],
      inline,
    });
    inline = [];
  };
  for (const c of mb.content) {
    switch (c.kind) {
      case 'text':
        text(c.text);
        break;
      case 'counter':
        text(formatCounter(counterValue(values.counters, c.name), c.style));
        break;
      case 'counters':
        text(
          (values.counters.get(c.name) ?? [0])
            .map((v) => formatCounter(v, c.style))
            .join(c.separator),
        );
        break;
      case 'string':
        text(values.string(c.name, c.which));
        break;
      case 'leader':
        text(c.fill);
        break;
      case 'image': {
        const image = ctx.images.get(c.url);
        if (image === undefined || typeof image === 'string') break;
        const box: ImageBox = {
          kind: 'image',
          id: ctx.nextId(),
          style: imageStyle(s),
          lang: ctx.lang,
          image,
          alt: '',
        };
        inline.push({ kind: 'atomic', box, style: s, lang: ctx.lang, source: {} });
        break;
      }
      case 'element': {
        const el = values.element(c.name, c.which);
        if (!el) break;
        if (el.inline) inline.push(...el.inline);
        else {
          flush();
          children.push(...el.children);
        }
        break;
      }
    }
  }
  // A margin box with a content list is generated even when the list comes out empty.
  if (children.length === 0)
    return marginBlock(s, ctx.lang, ctx.nextId(), { children: [], inline });
  flush();
  return marginBlock(s, ctx.lang, ctx.nextId(), { children });
}

/** An image in a margin box: an inline replaced box at its natural size. */
function imageStyle(s: ComputedStyle): ComputedStyle {
  return { ...anonymousStyle(s, 'inline-block') };
}
