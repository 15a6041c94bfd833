/**
 * What a page's margin boxes contain on that page: their content lists resolved with the
 * page's counters, named strings and running elements, as block containers ready for
 * margin-boxes.ts (text and images as inline content, running elements as block children).
 */
import type { ComputedStyle, PageMarginBox, PageStyle, RunningWhich } from '../../style/index.js';
import { formatCounter, type CounterStyleDefs } from '../../style/index.js';
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
  /** The document's @counter-style rules. */
  readonly counterStyles?: CounterStyleDefs;
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
  const out: MarginBoxInput[] = [];
  for (const mb of style.marginBoxes)
    out.push({ name: mb.name, style: mb.style, box: marginBoxContent(mb, values, ctx) });
  return out;
}

/**
 * A margin box's content as it is gathered: block children, and the inline content after them.
 * A class rather than closures made for every margin box of every page: functions made anew on
 * every call lose their optimized code at each major garbage collection (Node 20).
 */
class Gathered {
  readonly children: Box[] = [];
  inline: InlineItem[] = [];

  constructor(
    private readonly s: ComputedStyle,
    private readonly ctx: MarginContentContext,
  ) {}

  text(t: string): void {
    if (t === '') return;
    const { inline, s, ctx } = this;
    // One run for the whole text, so it shapes (and reads) as one.
    const last = inline[inline.length - 1];
    if (last && last.kind === 'text') inline[inline.length - 1] = { ...last, text: last.text + t };
    else inline.push({ kind: 'text', text: t, style: s, lang: ctx.lang, source: {} });
  }

  flush(): void {
    if (this.inline.length === 0) return;
    this.children.push({
      kind: 'block',
      id: this.ctx.nextId(),
      style: anonymousStyle(this.s),
      lang: this.ctx.lang,
      children: [],
      inline: this.inline,
    });
    this.inline = [];
  }
}

/** A margin box's content as a block container; null when it generates no box. */
function marginBoxContent(
  mb: PageMarginBox,
  values: PageValues,
  ctx: MarginContentContext,
): BlockBox | null {
  const s = mb.style;
  const g = new Gathered(s, ctx);
  const children = g.children;
  for (const c of mb.content) {
    switch (c.kind) {
      case 'text':
        g.text(c.text);
        break;
      case 'counter':
        g.text(formatCounter(counterValue(values.counters, c.name), c.style, ctx.counterStyles));
        break;
      case 'counters':
        g.text(
          (values.counters.get(c.name) ?? [0])
            .map((v) => formatCounter(v, c.style, ctx.counterStyles))
            .join(c.separator),
        );
        break;
      case 'string':
        g.text(values.string(c.name, c.which));
        break;
      case 'leader':
        g.text(c.fill);
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
        g.inline.push({ kind: 'atomic', box, style: s, lang: ctx.lang, source: {} });
        break;
      }
      case 'element': {
        const el = values.element(c.name, c.which);
        if (!el) break;
        if (el.inline) g.inline.push(...el.inline);
        else {
          g.flush();
          children.push(...el.children);
        }
        break;
      }
    }
  }
  // A margin box with a content list is generated even when the list comes out empty.
  if (children.length === 0)
    return marginBlock(s, ctx.lang, ctx.nextId(), { children: [], inline: g.inline });
  g.flush();
  return marginBlock(s, ctx.lang, ctx.nextId(), { children });
}

/** An image in a margin box: an inline replaced box at its natural size. */
function imageStyle(s: ComputedStyle): ComputedStyle {
  return { ...anonymousStyle(s, 'inline-block') };
}
