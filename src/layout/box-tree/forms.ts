/**
 * Form controls drawn the way browsers print them, as ordinary boxes: a text field is an
 * inline-block holding its value (or its placeholder in grey) on one clipped line, a text area
 * wraps its text, a select shows its selected option beside an arrow, buttons show their label;
 * check boxes, radio buttons, progress bars, meters, sliders and colour wells are replaced
 * boxes drawing a small SVG made from the control's state and accent colour. `appearance:
 * none` leaves only the CSS box (author styles draw the rest).
 *
 * Tagging. The document is static: no AcroForm fields are made (a field would need a widget
 * annotation, and a printed form is a record of what was entered). PDF/UA-1 and ISO 32000-1
 * (14.8.5.6, PrintField attributes) describe exactly this case: a non-interactive form field
 * is a Form structure element with a PrintField attribute giving its Role (tv text value, cb
 * check box, rb radio button, pb push button), its `checked` state and its accessible name
 * (Desc), so the Form element needs no widget (veraPDF's 7.18.4 check accepts a Role). The
 * value the control shows is the Form element's content, read in place after its label; the
 * control's frame is an artifact. Progress bars and meters are not fields: they are figures
 * whose Alt says their name and value.
 */
import type { ComputedStyle, SliderStyles, StyledElement, StyledNode } from '../../style/index.js';
import type { StructAttributes } from '../../document/index.js';
import { anonymousStyle } from './boxes.js';
import type { Semantic } from './semantics.js';
import { WeakKeyedMemo } from '../../util/index.js';

export type ControlKind =
  | 'text'
  | 'textarea'
  | 'select'
  | 'listbox'
  | 'checkbox'
  | 'radio'
  | 'button'
  | 'range'
  | 'color'
  | 'file'
  | 'progress'
  | 'meter';

export interface ControlInfo {
  readonly kind: ControlKind;
  /** The accessible name (label, aria-label, title, placeholder...), '' when none. */
  readonly name: string;
  readonly checked: boolean;
  /** Key of the control's drawing in the decoded images, for replaced controls. */
  readonly artwork?: string;
  /** Words for the Alt of a figure (progress, meter): the value and its range. */
  readonly valueText?: string;
}

/** A form control made ready for the box tree. */
export interface ControlElement extends StyledElement {
  readonly control: ControlInfo;
}

export function isControl(el: StyledElement): el is ControlElement {
  return 'control' in el;
}

const TEXT_TYPES = new Set([
  'text',
  'email',
  'tel',
  'url',
  'search',
  'number',
  'password',
  'date',
  'time',
  'datetime-local',
  'month',
  'week',
]);
const BUTTON_TYPES = new Set(['submit', 'reset', 'button']);

/** What kind of control an element is; null when it is none (or one drawn otherwise). */
export function controlKind(el: StyledElement): ControlKind | null {
  if (el.namespace !== 'html') return null;
  switch (el.tag) {
    case 'textarea':
      return 'textarea';
    case 'select':
      return el.attrs.has('multiple') || Number(el.attrs.get('size') ?? '1') > 1
        ? 'listbox'
        : 'select';
    case 'button':
      return 'button';
    case 'progress':
      return 'progress';
    case 'meter':
      return 'meter';
    case 'input': {
      const type = inputType(el);
      if (TEXT_TYPES.has(type)) return 'text';
      if (BUTTON_TYPES.has(type)) return 'button';
      if (type === 'checkbox' || type === 'radio' || type === 'range' || type === 'color')
        return type;
      if (type === 'file') return 'file';
      return null;
    }
  }
  return null;
}

export function inputType(el: StyledElement): string {
  const t = (el.attrs.get('type') ?? 'text').trim().toLowerCase();
  return t === '' ? 'text' : t;
}

/** Replaced controls draw an SVG; its key in the decoded images. */
export function artworkKey(el: StyledElement): string {
  return `form:${el.nodeId}`;
}

// ---------------------------------------------------------------------------------------------
// Accessible names

/** Labels by the id they are for, and elements by id (for aria-labelledby), of one document. */
export class FormNames {
  private labels: Map<string, string[]> | null = null;
  private byId: Map<string, StyledElement> | null = null;
  /** Labels that wrap a control, by that control's node id. */
  private wrapping: Map<number, string> | null = null;

  constructor(private readonly root: StyledElement) {}

  private index(): void {
    if (this.labels) return;
    this.labels = new Map();
    this.byId = new Map();
    this.wrapping = new Map();
    const stack: StyledElement[] = [this.root];
    while (stack.length > 0) {
      const el = stack.pop()!;
      const id = el.attrs.get('id');
      if (id && !this.byId.has(id)) this.byId.set(id, el);
      if (el.tag === 'label') {
        const text = textOf(el);
        const target = el.attrs.get('for');
        if (target) this.labels.set(target, [...(this.labels.get(target) ?? []), text]);
        else {
          const inner = firstControl(el);
          if (inner) this.wrapping.set(inner.nodeId, text);
        }
      }
      for (let i = el.children.length - 1; i >= 0; i--) {
        const c = el.children[i];
        if (c.kind === 'element') stack.push(c);
      }
    }
  }

  /** The accessible name of a control (a simplified accessible-name computation). */
  nameOf(el: StyledElement): string {
    this.index();
    const clean = (s: string | undefined): string => (s ?? '').replace(/\s+/g, ' ').trim();
    const ids = clean(el.attrs.get('aria-labelledby'));
    if (ids) {
      const text = ids
        .split(' ')
        .map((i) => this.byId!.get(i))
        .filter((e): e is StyledElement => e !== undefined)
        .map(textOf)
        .join(' ');
      if (clean(text)) return clean(text);
    }
    const aria = clean(el.attrs.get('aria-label'));
    if (aria) return aria;
    const id = el.attrs.get('id');
    const forIt = id ? clean(this.labels!.get(id)?.join(' ')) : '';
    if (forIt) return forIt;
    const wrapped = clean(this.wrapping!.get(el.nodeId));
    if (wrapped) return wrapped;
    const title = clean(el.attrs.get('title'));
    if (title) return title;
    return clean(el.attrs.get('placeholder'));
  }
}

function firstControl(el: StyledElement): StyledElement | undefined {
  for (const c of el.children) {
    if (c.kind !== 'element') continue;
    if (controlKind(c) !== null) return c;
    const inner = firstControl(c);
    if (inner) return inner;
  }
  return undefined;
}

/** Visible text of an element (without the values of controls inside it). */
function textOf(el: StyledElement): string {
  let out = '';
  const walk = (n: StyledNode): void => {
    if (n.kind === 'text') out += n.text;
    else if (n.kind === 'pseudo') {
      if (n.pseudo !== 'marker') for (const c of n.content) if (c.kind === 'text') out += c.text;
    } else if (n.style.display !== 'none' && controlKind(n) === null) n.children.forEach(walk);
  };
  el.children.forEach(walk);
  return out.replace(/\s+/g, ' ').trim();
}

// ---------------------------------------------------------------------------------------------
// Controls as elements

const GREY_TEXT = { r: 0x75 / 255, g: 0x75 / 255, b: 0x75 / 255, a: 1 };

/**
 * Styles made from a control's computed style, by that style and a key naming the derivation
 * and every other input it reads. Computed styles are immutable and shared by the elements that
 * compute alike (and, through a kept style engine, by the documents that do), so the ten text
 * fields of a form share one field style instead of copying the whole style each, and caches
 * keyed by style (text styles, shaping) hit for them.
 */
const derivedStyles = new WeakKeyedMemo<ComputedStyle, string, ComputedStyle>();

function derived(s: ComputedStyle, key: string, make: () => ComputedStyle): ComputedStyle {
  return derivedStyles.get(s, key, make);
}

function textNode(style: ComputedStyle, text: string, nodeId: number): StyledNode {
  return { kind: 'text', nodeId, style, text };
}

/** A child element of a control (option lists, the select arrow, the file button). */
function part(
  el: StyledElement,
  style: ComputedStyle,
  children: readonly StyledNode[],
  tag = '',
): StyledElement {
  return {
    kind: 'element',
    nodeId: el.nodeId,
    style,
    tag,
    namespace: 'html',
    attrs: new Map(),
    lang: el.lang,
    children,
  };
}

/** Line height of `normal` for the control's font, in px (close to the usual 1.15em). */
function normalLine(s: ComputedStyle): number {
  const lh = s.lineHeight;
  if (lh.kind === 'length') return lh.px;
  if (lh.kind === 'number') return lh.value * s.fontSize;
  return s.fontSize * 1.15;
}

/**
 * The width browsers give a text field of `size` characters (20 by default): the average
 * character advance times the size plus an allowance for the widest one.
 */
function fieldWidth(el: StyledElement): number {
  const size = Number.parseInt(el.attrs.get('size') ?? '', 10);
  const n = Number.isFinite(size) && size > 0 ? Math.min(size, 1000) : 20;
  return (0.4414 * n + 3.85) * el.style.fontSize;
}

/** An ISO date or time value as the document's language writes it (as browsers print it). */
function localValue(type: string, value: string, lang: string): string {
  const locale = lang || 'en';
  try {
    if (type === 'date' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
      const [y, m, d] = value.split('-').map(Number);
      return new Intl.DateTimeFormat(locale, {
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        timeZone: 'UTC',
      }).format(new Date(Date.UTC(y, m - 1, d)));
    }
    if (type === 'datetime-local' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) {
      const [date, time] = value.split('T');
      return `${localValue('date', date, lang)} ${time.slice(0, 5)}`;
    }
  } catch {
    /* an unknown locale or an impossible date: the value as written */
  }
  return value;
}

function optionsOf(el: StyledElement): StyledElement[] {
  const out: StyledElement[] = [];
  for (const c of el.children) {
    if (c.kind !== 'element' || c.style.display === 'none') continue;
    if (c.tag === 'option') out.push(c);
    else if (c.tag === 'optgroup') out.push(...optionsOf(c));
  }
  return out;
}

function optionText(o: StyledElement): string {
  const label = o.attrs.get('label');
  if (label !== undefined && label.trim() !== '') return label.trim();
  return o.children
    .map((c) => (c.kind === 'text' ? c.text : ''))
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The style of a field's placeholder text: its ::placeholder style (font, colour, spacing...),
 * with the pseudo-element's opacity folded into the text colour (one run of text, no overlap).
 */
function placeholderStyle(el: StyledElement): ComputedStyle {
  const p = el.placeholderStyle;
  if (!p) return derived(el.style, 'grey placeholder', () => ({ ...el.style, color: GREY_TEXT }));
  if (p.opacity >= 1) return p;
  return derived(p, 'opaque placeholder', () => ({
    ...p,
    color: { ...p.color, a: p.color.a * p.opacity },
    opacity: 1,
  }));
}

/**
 * The element a control becomes in the box tree (its own style, children made from its state),
 * or null for an element that is no control.
 */
export function controlElement(el: StyledElement, names: FormNames): ControlElement | null {
  const kind = controlKind(el);
  if (kind === null) return null;
  const s = el.style;
  const drawn = s.appearance !== 'none';
  const name = names.nameOf(el);
  const checked = el.attrs.has('checked');
  const base = { name, checked };
  const make = (
    style: ComputedStyle,
    children: readonly StyledNode[],
    info: Partial<ControlInfo> = {},
  ): ControlElement => ({
    ...el,
    style: FITS_CONTENT.has(kind) ? fitted(style) : style,
    children,
    control: { kind, ...base, ...info },
  });
  const type = inputType(el);
  switch (kind) {
    case 'text': {
      const raw = el.attrs.get('value') ?? '';
      const value =
        type === 'password' ? '\u2022'.repeat([...raw].length) : localValue(type, raw, el.lang);
      const placeholder = el.attrs.get('placeholder') ?? '';
      const width =
        s.width === 'auto' && !type.startsWith('date') && type !== 'time'
          ? fieldWidth(el)
          : undefined;
      const style = derived(s, `text ${width ?? ''}`, () =>
        centred({
          ...s,
          whiteSpace: 'pre',
          overflowX: s.overflowX === 'visible' ? 'clip' : s.overflowX,
          overflowY: s.overflowY === 'visible' ? 'clip' : s.overflowY,
          ...(width !== undefined ? { width } : {}),
          ...(s.height === 'auto' ? { minHeight: normalLine(s) } : {}),
        }),
      );
      const shown = value !== '' ? value : placeholder;
      const textStyle = value !== '' ? s : placeholderStyle(el);
      return make(style, shown !== '' ? [textNode(textStyle, shown, el.nodeId)] : []);
    }
    case 'textarea': {
      const cols = Number.parseInt(el.attrs.get('cols') ?? '', 10);
      const rows = Number.parseInt(el.attrs.get('rows') ?? '', 10);
      const lines = Number.isFinite(rows) && rows > 0 ? Math.min(rows, 1000) : 2;
      const columns = Number.isFinite(cols) && cols > 0 ? Math.min(cols, 1000) : 20;
      // The whole text is printed: the box grows beyond its rows instead of hiding text.
      const style = derived(s, `textarea ${columns} ${lines}`, () => ({
        ...s,
        ...(s.width === 'auto' ? { width: columns * s.fontSize * 0.6 } : {}),
        ...(s.height === 'auto' && s.minHeight === 'auto'
          ? { minHeight: lines * normalLine(s) }
          : {}),
        overflowWrap: 'break-word',
      }));
      const text = el.children.map((c) => (c.kind === 'text' ? c.text : '')).join('');
      // The first newline right after <textarea> is not content (HTML parsing).
      const value = text.replace(/^\r?\n/, '');
      const placeholder = el.attrs.get('placeholder') ?? '';
      if (value === '' && placeholder !== '')
        return make(style, [textNode(placeholderStyle(el), placeholder, el.nodeId)]);
      return make(style, value !== '' ? [textNode(s, value, el.nodeId)] : []);
    }
    case 'select': {
      const options = optionsOf(el);
      const chosen = options.find((o) => o.attrs.has('selected')) ?? options[0];
      const line = derived(s, 'option', () => ({
        ...anonymousStyle(s),
        minHeight: normalLine(s),
      }));
      const hidden = derived(s, 'hidden option', () => ({
        ...line,
        height: 0,
        minHeight: 0,
        visibility: 'hidden',
      }));
      // The other options are laid out hidden, with no height, so the select is as wide as its
      // widest option; the shown one comes first so its baseline is the select's. The select is
      // a flex row (label, arrow) centred vertically.
      const others = options.filter((o) => o !== chosen);
      const lineOf = (o: StyledElement, st: ComputedStyle): StyledElement => {
        const text = optionText(o);
        return part(el, st, text ? [textNode(st, text, el.nodeId)] : []);
      };
      const label = part(el, anonymousStyle(s, 'inline-block'), [
        chosen ? lineOf(chosen, line) : part(el, line, []),
        ...others.map((o) => lineOf(o, hidden)),
      ]);
      const arrow: StyledElement = {
        kind: 'element',
        nodeId: el.nodeId,
        style: derived(s, 'select arrow', () => ({
          ...anonymousStyle(s, 'inline-block'),
          marginLeft: 5,
          marginRight: 3,
          verticalAlign: 'middle',
        })),
        tag: 'img',
        namespace: 'html',
        attrs: new Map([
          ['src', SELECT_ARROW_KEY],
          ['alt', ''],
        ]),
        lang: el.lang,
        children: [],
      };
      // A flex row: the label grows, so a select wider than its options has its arrow at the end.
      const row = derived(s, 'select', () => ({
        ...s,
        display: s.display === 'inline-block' ? 'inline-flex' : 'flex',
        alignItems: 'center',
      }));
      const growing = derived(label.style, 'growing', () => ({
        ...label.style,
        flexGrow: 1,
        flexShrink: 1,
        minWidth: 0,
      }));
      const grow = { ...label, style: growing };
      return make(row, drawn ? [grow, arrow] : [grow]);
    }
    case 'listbox': {
      const options = optionsOf(el);
      const row = derived(s, 'option', () => ({
        ...anonymousStyle(s),
        minHeight: normalLine(s),
      }));
      const selected = derived(s, 'selected option', () => ({
        ...row,
        backgroundColor: { r: 0xce / 255, g: 0xce / 255, b: 0xce / 255, a: 1 },
      }));
      return make(
        preStyle(s),
        options.map((o) => {
          const text = optionText(o);
          return part(
            el,
            o.attrs.has('selected') ? selected : row,
            text ? [textNode(s, text, el.nodeId)] : [],
          );
        }),
      );
    }
    case 'button': {
      if (el.tag === 'button') return make(s, el.children, { name: name || textOf(el) });
      const label =
        el.attrs.get('value') ?? (type === 'submit' ? 'Submit' : type === 'reset' ? 'Reset' : '');
      return make(
        derived(s, 'button', () =>
          centred({
            ...s,
            whiteSpace: 'pre',
            ...(s.height === 'auto' ? { minHeight: normalLine(s) } : {}),
          }),
        ),
        label ? [textNode(s, label, el.nodeId)] : [],
        { name: name || label },
      );
    }
    case 'file':
      return make(preStyle(s), [
        part(
          el,
          derived(s, 'file button', () => fileButton(s)),
          [textNode(s, 'Choose File', el.nodeId)],
        ),
        textNode(s, 'No file chosen', el.nodeId),
      ]);
    case 'checkbox':
    case 'radio':
      // Undrawn, the box shows what the author drew with its ::before and ::after.
      return drawn ? make(s, [], { artwork: artworkKey(el) }) : make(s, el.children);
    case 'range':
      if (!drawn && el.sliderStyles?.thumb)
        return make(rangeBox(s), rangeParts(el, el.sliderStyles, rangeValues(el)));
      return make(s, [], drawn ? { artwork: artworkKey(el) } : {});
    case 'color':
      return make(s, [], drawn ? { artwork: artworkKey(el) } : {});
    case 'progress':
    case 'meter': {
      const v = meterValues(el);
      const pct = Math.round(((v.value - v.min) / Math.max(1e-9, v.max - v.min)) * 100);
      const valueText = kind === 'progress' && !el.attrs.has('value') ? 'indeterminate' : `${pct}%`;
      if (!drawn && el.sliderStyles && el.attrs.has('value'))
        return make(s, [sliderTrack(el, el.sliderStyles, (v.value - v.min) / (v.max - v.min))], {
          valueText,
        });
      return make(s, [], { ...(drawn ? { artwork: artworkKey(el) } : {}), valueText });
    }
  }
}

/** The style with white space kept as written. */
function preStyle(s: ComputedStyle): ComputedStyle {
  return derived(s, 'pre', () => ({ ...s, whiteSpace: 'pre' }));
}

/**
 * A one-line control with a fixed height shows its line in the middle, as browsers do: the
 * free space goes above the line as extra top padding (the border box keeps its size).
 */
function centred(s: ComputedStyle): ComputedStyle {
  if (typeof s.height !== 'number' || typeof s.paddingTop !== 'number') return s;
  const padBottom = typeof s.paddingBottom === 'number' ? s.paddingBottom : 0;
  const content =
    s.boxSizing === 'border-box'
      ? s.height - s.paddingTop - padBottom - s.borderTopWidth - s.borderBottomWidth
      : s.height;
  const free = (content - normalLine(s)) / 2;
  if (!(free > 0)) return s;
  return {
    ...s,
    paddingTop: s.paddingTop + free,
    height: s.boxSizing === 'border-box' ? s.height : s.height - free,
  };
}

/**
 * A progress bar styled by the author (appearance: none): its track fills the bar, and the
 * filled part covers the value's share of the track, each with its pseudo-element's style.
 */
function sliderTrack(el: StyledElement, styles: SliderStyles, share: number): StyledElement {
  const pct = Number.isFinite(share) ? Math.min(100, Math.max(0, share * 100)) : 0;
  const full = { percent: 100, px: 0 };
  const track = derived(styles.track, 'slider track', () => ({
    ...styles.track,
    display: 'block',
    width: full,
    height: full,
  }));
  const fill = derived(styles.fill, `slider fill ${pct}`, () => ({
    ...styles.fill,
    display: 'block',
    width: { percent: pct, px: 0 },
    height: full,
  }));
  return part(el, track, [part(el, fill, [])]);
}

/** Where a range input's value lies between its min and max, from 0 to 1. */
function rangeValues(el: StyledElement): number {
  const num = (n: string, d: number): number => {
    const x = Number.parseFloat(el.attrs.get(n) ?? '');
    return Number.isFinite(x) ? x : d;
  };
  const min = num('min', 0);
  const max = Math.max(min, num('max', 100));
  const value = Math.min(max, Math.max(min, num('value', (min + max) / 2)));
  return max > min ? (value - min) / (max - min) : 0;
}

/** Browsers' size of a range input's content box, and of its thumb when the author gives none. */
const RANGE_WIDTH = 129;
const RANGE_HEIGHT = 16;
const THUMB_SIZE = 16;
const ROUND = { horizontal: { percent: 50, px: 0 }, vertical: { percent: 50, px: 0 } };

/** An undrawn range input: its default size, and the containing block of its parts. */
function rangeBox(s: ComputedStyle): ComputedStyle {
  return derived(s, 'range box', () => ({
    ...s,
    ...(s.width === 'auto' ? { width: RANGE_WIDTH } : {}),
    ...(s.height === 'auto' ? { height: RANGE_HEIGHT } : {}),
    ...(s.position === 'static' ? { position: 'relative' } : {}),
  }));
}

/**
 * A range input styled by the author (appearance: none): its track across the middle of the
 * box, the track's filled part up to the value, and the thumb centred on the track at the
 * value, each with its pseudo-element's style. A thumb still drawn by the browser (its own
 * appearance not none) is the usual accent-coloured disc.
 */
function rangeParts(el: StyledElement, styles: SliderStyles, share: number): StyledNode[] {
  const t = styles.thumb!;
  const themed = t.appearance !== 'none';
  const thumbW = themed ? THUMB_SIZE : typeof t.width === 'number' ? t.width : 0;
  const thumbH = themed ? THUMB_SIZE : typeof t.height === 'number' ? t.height : 0;
  const trackH = typeof styles.track.height === 'number' ? styles.track.height : undefined;
  const middle = (h: number | undefined): Partial<ComputedStyle> =>
    h === undefined
      ? { top: 0, height: { percent: 100, px: 0 } }
      : { top: { percent: 50, px: 0 }, marginTop: -h / 2, height: h };
  const track = derived(styles.track, 'range track', () => ({
    ...styles.track,
    display: 'block',
    position: 'absolute',
    left: 0,
    right: 0,
    width: 'auto',
    ...middle(trackH),
  }));
  const pct = Math.min(100, Math.max(0, share * 100));
  const fill = derived(styles.fill, `range fill ${pct}`, () => ({
    ...styles.fill,
    display: 'block',
    width: { percent: pct, px: 0 },
    height: { percent: 100, px: 0 },
  }));
  const accent = el.style.accentColor === 'auto' ? ACCENT_BLUE : el.style.accentColor;
  const thumb = derived(t, `range thumb ${share} ${themed ? 1 : 0}`, () => ({
    ...t,
    display: 'block',
    position: 'absolute',
    // The thumb's left edge runs from 0 to the width less the thumb's own.
    left: { percent: share * 100, px: -share * thumbW },
    width: thumbW,
    ...middle(thumbH),
    ...(themed
      ? {
          backgroundColor: accent,
          borderTopLeftRadius: ROUND,
          borderTopRightRadius: ROUND,
          borderBottomRightRadius: ROUND,
          borderBottomLeftRadius: ROUND,
        }
      : {}),
  }));
  return [part(el, track, [part(el, fill, [])]), part(el, thumb, [])];
}

/** Controls as wide as their content even when block-level (HTML's button layout). */
const FITS_CONTENT: ReadonlySet<ControlKind> = new Set(['select', 'listbox', 'button', 'file']);

const BLOCK_LEVEL = new Set(['block', 'flex', 'grid', 'flow-root', 'list-item']);

/** A block-level control of auto width shrinks to fit, as browsers lay buttons and selects out. */
function fitted(s: ComputedStyle): ComputedStyle {
  if (s.width !== 'auto' || !BLOCK_LEVEL.has(s.display)) return s;
  return derived(s, 'fit content', () => ({ ...s, width: 'fit-content' }));
}

/** The button of a file field: as a <button> is drawn by default. */
function fileButton(s: ComputedStyle): ComputedStyle {
  const grey = { r: 0x76 / 255, g: 0x76 / 255, b: 0x76 / 255, a: 1 };
  return {
    ...anonymousStyle(s, 'inline-block'),
    paddingTop: 1,
    paddingBottom: 1,
    paddingLeft: 6,
    paddingRight: 6,
    marginRight: 4,
    borderTopWidth: 1,
    borderRightWidth: 1,
    borderBottomWidth: 1,
    borderLeftWidth: 1,
    borderTopStyle: 'solid',
    borderRightStyle: 'solid',
    borderBottomStyle: 'solid',
    borderLeftStyle: 'solid',
    borderTopColor: grey,
    borderRightColor: grey,
    borderBottomColor: grey,
    borderLeftColor: grey,
    backgroundColor: { r: 0xef / 255, g: 0xef / 255, b: 0xef / 255, a: 1 },
  };
}

/** What the structure tree gets for a control: a Form with PrintField, or a Figure. */
export function controlSemantic(el: ControlElement): Semantic {
  const c = el.control;
  if (c.kind === 'progress' || c.kind === 'meter') return { kind: 'node', type: 'Figure' };
  const role: NonNullable<StructAttributes['printField']>['role'] =
    c.kind === 'checkbox'
      ? 'cb'
      : c.kind === 'radio'
        ? 'rb'
        : c.kind === 'button' || c.kind === 'file'
          ? 'pb'
          : 'tv';
  return {
    kind: 'node',
    type: 'Form',
    attributes: {
      printField: {
        role,
        ...(role === 'cb' || role === 'rb' ? { checked: c.checked ? 'on' : 'off' } : {}),
        ...(c.name ? { desc: c.name } : {}),
      },
    },
  };
}

/** Alt of a progress bar or meter: its name and its value. */
export function controlAlt(el: ControlElement): string {
  const c = el.control;
  return [c.name, c.valueText].filter(Boolean).join(': ');
}

// ---------------------------------------------------------------------------------------------
// Drawings

function meterValues(el: StyledElement): { value: number; min: number; max: number } {
  const num = (n: string, d: number): number => {
    const v = Number.parseFloat(el.attrs.get(n) ?? '');
    return Number.isFinite(v) ? v : d;
  };
  const min = el.tag === 'progress' ? 0 : num('min', 0);
  const max = Math.max(min, num('max', el.tag === 'progress' ? 1 : 1));
  const value = Math.min(max, Math.max(min, num('value', min)));
  return { value, min, max };
}

const BLUE = '#0075ff';
const ACCENT_BLUE = { r: 0, g: 0x75 / 255, b: 1, a: 1 };

function hex(c: ComputedStyle['color']): string {
  const h = (v: number): string =>
    Math.round(Math.min(1, Math.max(0, v)) * 255)
      .toString(16)
      .padStart(2, '0');
  return `#${h(c.r)}${h(c.g)}${h(c.b)}`;
}

/** The SVG a replaced control draws (its intrinsic size is the browsers' default size). */
export function controlArtwork(el: StyledElement): string | null {
  const kind = controlKind(el);
  if (kind === null || el.style.appearance === 'none') return null;
  const accent = el.style.accentColor === 'auto' ? BLUE : hex(el.style.accentColor);
  const disabled = el.attrs.has('disabled');
  const line = disabled ? '#c5c5c5' : '#767676';
  const on = disabled ? '#c5c5c5' : accent;
  const svg = (w: number, h: number, body: string, stretch = false): string =>
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"${stretch ? ' preserveAspectRatio="none"' : ''}>${body}</svg>`;
  switch (kind) {
    case 'checkbox':
      return el.attrs.has('checked')
        ? svg(
            13,
            13,
            `<rect width="13" height="13" rx="2" fill="${on}"/><path d="M3.2 6.9 L5.5 9.2 L9.9 4" fill="none" stroke="#ffffff" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round"/>`,
          )
        : svg(
            13,
            13,
            `<rect x="0.5" y="0.5" width="12" height="12" rx="2" fill="#ffffff" stroke="${line}"/>`,
          );
    case 'radio':
      return el.attrs.has('checked')
        ? svg(
            13,
            13,
            `<circle cx="6.5" cy="6.5" r="6" fill="#ffffff" stroke="${on}" stroke-width="1"/><circle cx="6.5" cy="6.5" r="3.6" fill="${on}"/>`,
          )
        : svg(13, 13, `<circle cx="6.5" cy="6.5" r="6" fill="#ffffff" stroke="${line}"/>`);
    case 'progress':
    case 'meter': {
      // A track with the filled share of the range: the accent colour for progress, the
      // meter's region colour for a meter; an indeterminate progress bar is an empty track.
      const v = meterValues(el);
      const width = kind === 'progress' ? 160 : 80;
      const known = kind === 'meter' || el.attrs.has('value');
      const w = known ? (width * (v.value - v.min)) / Math.max(1e-9, v.max - v.min) : 0;
      const fill = kind === 'progress' ? on : meterColour(el, v);
      return svg(
        width,
        16,
        `<rect x="0.5" y="4.5" width="${width - 1}" height="7" rx="3.5" fill="#efefef" stroke="#b2b2b2"/>${w > 0 ? `<rect x="0" y="4" width="${w.toFixed(2)}" height="8" rx="4" fill="${fill}"/>` : ''}`,
        true,
      );
    }
    case 'range': {
      const x = 8 + (129 - 16) * rangeValues(el);
      return svg(
        129,
        16,
        `<rect x="0.5" y="6" width="128" height="4" rx="2" fill="#efefef" stroke="#b2b2b2" stroke-width="0.8"/><rect x="0" y="6" width="${x.toFixed(2)}" height="4" rx="2" fill="${on}"/><circle cx="${x.toFixed(2)}" cy="8" r="7" fill="${on}"/>`,
      );
    }
    case 'color': {
      const value = /^#[0-9a-f]{6}$/i.test(el.attrs.get('value') ?? '')
        ? el.attrs.get('value')!
        : '#000000';
      return svg(
        44,
        19,
        `<rect x="0.5" y="0.5" width="43" height="18" fill="${value}" stroke="#777777"/>`,
      );
    }
    default:
      return null;
  }
}

/** Key of the select arrow's drawing in the decoded images. */
export const SELECT_ARROW_KEY = 'form:select-arrow';

/** The arrow a select draws at its end. */
export const SELECT_ARROW =
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="6" viewBox="0 0 10 6"><path d="M1 1 L5 5 L9 1" fill="none" stroke="#000000" stroke-width="1.6" stroke-linecap="round" stroke-linejoin="round"/></svg>';

/** Meter colour by the HTML meter's regions: optimum green, suboptimal yellow, worse red. */
function meterColour(el: StyledElement, v: { value: number; min: number; max: number }): string {
  const num = (n: string, d: number): number => {
    const x = Number.parseFloat(el.attrs.get(n) ?? '');
    return Number.isFinite(x) ? Math.min(v.max, Math.max(v.min, x)) : d;
  };
  const low = num('low', v.min);
  const high = Math.max(low, num('high', v.max));
  const optimum = num('optimum', (v.min + v.max) / 2);
  const region = (x: number): number => (x < low ? 0 : x > high ? 2 : 1);
  const distance = Math.abs(region(v.value) - region(optimum));
  return distance === 0 ? '#107c10' : distance === 1 ? '#ffb900' : '#d83b01';
}
