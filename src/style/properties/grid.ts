/**
 * CSS Grid: the explicit grid (grid-template-columns/rows/areas and their shorthands), the
 * implicit grid (grid-auto-*), item placement (grid-row/column-start/end, grid-row,
 * grid-column, grid-area) and the justify-/place- alignment properties grid adds to flex's.
 */
import type { CssNode } from 'css-tree';
import * as kit from './kit.js';
import { longhands as flexLonghands } from './flex.js';
import * as cssValues from '../values.js';
import type {
  GridArea,
  GridAutoFlow,
  GridLine,
  GridTemplate,
  GridTemplateAreas,
  GridTrackEntry,
  JustifyItems,
  JustifySelf,
  TrackBreadth,
  TrackSize,
} from '../types.js';

export const longhands: kit.Longhand[] = [];
export const shorthands: kit.Shorthand[] = [];

// ---------------------------------------------------------------------------------------------
// Specified values (lengths still to compute)

type BreadthSpec =
  | cssValues.LenSpec
  | { readonly fr: number }
  | { readonly kw: 'auto' | 'min-content' | 'max-content' };

interface TrackSizeSpec {
  readonly min: BreadthSpec;
  readonly max: BreadthSpec;
  readonly fitContent?: cssValues.LenSpec;
}

type EntrySpec =
  | { readonly kind: 'track'; readonly size: TrackSizeSpec }
  | {
      readonly kind: 'repeat';
      readonly count: number | 'auto-fill' | 'auto-fit';
      readonly tracks: readonly TrackSizeSpec[];
      readonly lines: readonly (readonly string[])[];
    };

interface TemplateSpec {
  readonly entries: readonly EntrySpec[];
  readonly lines: readonly (readonly string[])[];
}

/** Repetitions of repeat(<integer>, …) beyond this make the value invalid (Chromium's bound). */
const MAX_REPEAT = 10_000;

const args = (fn: CssNode): CssNode[] =>
  fn.type === 'Function' || fn.type === 'Brackets'
    ? fn.children.toArray().filter((n) => n.type !== 'WhiteSpace')
    : [];

const RESERVED_NAMES = new Set(['span', 'auto', 'inherit', 'initial', 'unset', 'default']);

function customIdent(n: CssNode | undefined): string | null {
  if (!n || n.type !== 'Identifier') return null;
  return RESERVED_NAMES.has(n.name.toLowerCase()) ? null : n.name;
}

/** `[a b]`: the names, or null when something else is inside. */
function lineNames(n: CssNode): string[] | null {
  if (n.type !== 'Brackets') return null;
  const out: string[] = [];
  for (const c of args(n)) {
    const name = customIdent(c);
    if (name === null) return null;
    out.push(name);
  }
  return out;
}

function parseBreadth(n: CssNode, allowFr: boolean): BreadthSpec | null {
  if (n.type === 'Dimension' && n.unit.toLowerCase() === 'fr') {
    const v = parseFloat(n.value);
    return allowFr && Number.isFinite(v) && v >= 0 ? { fr: v } : null;
  }
  const id = cssValues.ident(n);
  if (id === 'auto' || id === 'min-content' || id === 'max-content') return { kw: id };
  if (id !== null) return null;
  return cssValues.parseLength(n, { pct: true, nonNegative: true });
}

const isFr = (b: BreadthSpec): boolean => 'fr' in b;
const isFixedBreadth = (b: BreadthSpec): boolean => !('fr' in b) && !('kw' in b);

function parseTrackSize(n: CssNode): TrackSizeSpec | null {
  if (n.type === 'Function') {
    const name = n.name.toLowerCase();
    const a = args(n);
    if (name === 'minmax') {
      if (a.length !== 3 || !cssValues.isComma(a[1])) return null;
      const min = parseBreadth(a[0], false);
      const max = parseBreadth(a[2], true);
      return min && max ? { min, max } : null;
    }
    if (name === 'fit-content') {
      if (a.length !== 1) return null;
      const limit = cssValues.parseLength(a[0], { pct: true, nonNegative: true });
      return limit ? { min: { kw: 'auto' }, max: { kw: 'max-content' }, fitContent: limit } : null;
    }
    // A length function (calc, min, max, clamp).
  }
  const b = parseBreadth(n, true);
  if (!b) return null;
  return isFr(b) ? { min: { kw: 'auto' }, max: b } : { min: b, max: b };
}

/** A fixed size: at least one of its ends is a length (what auto-repeat requires). */
const isFixedSize = (t: TrackSizeSpec): boolean =>
  t.fitContent === undefined && (isFixedBreadth(t.min) || isFixedBreadth(t.max));

/** Alternating `[names]? track` list of a repeat() body or a whole template. */
function parseTrackSequence(
  nodes: readonly CssNode[],
  allowRepeat: boolean,
): { entries: EntrySpec[]; lines: string[][] } | null {
  const entries: EntrySpec[] = [];
  const lines: string[][] = [[]];
  for (const n of nodes) {
    if (n.type === 'Brackets') {
      const names = lineNames(n);
      if (!names) return null;
      lines[lines.length - 1].push(...names);
      continue;
    }
    if (n.type === 'Function' && n.name.toLowerCase() === 'repeat') {
      if (!allowRepeat) return null;
      const r = parseRepeat(n);
      if (!r) return null;
      entries.push(r);
      lines.push([]);
      continue;
    }
    const size = parseTrackSize(n);
    if (!size) return null;
    entries.push({ kind: 'track', size });
    lines.push([]);
  }
  return { entries, lines };
}

function parseRepeat(fn: CssNode): EntrySpec | null {
  const a = args(fn);
  if (a.length < 3 || !cssValues.isComma(a[1])) return null;
  const id = cssValues.ident(a[0]);
  let count: number | 'auto-fill' | 'auto-fit';
  if (id === 'auto-fill' || id === 'auto-fit') count = id;
  else {
    const c = cssValues.parseInteger(a[0]);
    if (c === null || c < 1) return null;
    count = Math.min(c, MAX_REPEAT);
  }
  const body = parseTrackSequence(a.slice(2), false);
  if (!body || body.entries.length === 0) return null;
  const tracks = body.entries.map((e) => (e.kind === 'track' ? e.size : null));
  if (tracks.some((t) => t === null)) return null;
  const sizes = tracks as TrackSizeSpec[];
  if (typeof count !== 'number' && !sizes.every(isFixedSize)) return null;
  return { kind: 'repeat', count, tracks: sizes, lines: body.lines };
}

/** `none` | a track list (with at most one auto-fill/auto-fit repeat). */
function parseTemplate(nodes: readonly CssNode[], ctx: kit.ParseCtx): TemplateSpec | 'none' | null {
  if (nodes.length === 1) {
    const id = cssValues.ident(nodes[0]);
    if (id === 'none') return 'none';
    if (id === 'subgrid') {
      ctx.warn('subgrid is not supported; the nested grid uses its own tracks');
      return 'none';
    }
  }
  const seq = parseTrackSequence(nodes, true);
  if (!seq || seq.entries.length === 0) return null;
  const autos = seq.entries.filter((e) => e.kind === 'repeat' && typeof e.count !== 'number');
  if (autos.length > 1) return null;
  // Beside an auto repetition every track must have a fixed size (CSS Grid §7.2.3).
  if (
    autos.length === 1 &&
    !seq.entries.every((e) =>
      e.kind === 'repeat' ? e.tracks.every(isFixedSize) : isFixedSize(e.size),
    )
  )
    return null;
  return seq;
}

// ---------------------------------------------------------------------------------------------
// Computing

function computeBreadth(b: BreadthSpec, env: cssValues.LengthEnv): TrackBreadth {
  if ('fr' in b) return { fr: b.fr };
  if ('kw' in b) return b.kw;
  return cssValues.computeLength(b, env, true);
}

function computeTrack(t: TrackSizeSpec, env: cssValues.LengthEnv): TrackSize {
  return {
    min: computeBreadth(t.min, env),
    max: computeBreadth(t.max, env),
    ...(t.fitContent ? { fitContent: cssValues.computeLength(t.fitContent, env, true) } : {}),
  };
}

function computeTemplate(
  s: TemplateSpec | 'none',
  env: cssValues.LengthEnv,
): GridTemplate | 'none' {
  if (s === 'none') return 'none';
  const entries: GridTrackEntry[] = s.entries.map((e) =>
    e.kind === 'track'
      ? { kind: 'track', size: computeTrack(e.size, env) }
      : {
          kind: 'repeat',
          count: e.count,
          tracks: e.tracks.map((t) => computeTrack(t, env)),
          lines: e.lines,
        },
  );
  return { entries, lines: s.lines };
}

// ---------------------------------------------------------------------------------------------
// grid-template-areas

/** Rows of cell tokens: a name, or null for a `.` cell. Null when a string holds anything else. */
function areaRow(text: string): (string | null)[] | null {
  const out: (string | null)[] = [];
  const re = /\s*(?:(\.+)|([-\w\u0080-\uffff]+)|(\S))/gy;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text)) !== null) {
    if (m[3] !== undefined) return null;
    if (m[1] !== undefined) out.push(null);
    else if (m[2] !== undefined) out.push(m[2]);
    if (re.lastIndex >= text.length) break;
  }
  return out;
}

/** Every named area must be one filled rectangle (CSS Grid §7.3). */
export function areasFromRows(
  rows: readonly (readonly (string | null)[])[],
): GridTemplateAreas | null {
  const columns = rows[0]?.length ?? 0;
  if (columns === 0 || rows.some((r) => r.length !== columns)) return null;
  const found = new Map<string, { r0: number; r1: number; c0: number; c1: number }>();
  rows.forEach((row, r) =>
    row.forEach((name, c) => {
      if (name === null) return;
      const a = found.get(name);
      if (!a) found.set(name, { r0: r, r1: r, c0: c, c1: c });
      else {
        a.r0 = Math.min(a.r0, r);
        a.r1 = Math.max(a.r1, r);
        a.c0 = Math.min(a.c0, c);
        a.c1 = Math.max(a.c1, c);
      }
    }),
  );
  const areas = new Map<string, GridArea>();
  for (const [name, a] of found) {
    for (let r = a.r0; r <= a.r1; r++)
      for (let c = a.c0; c <= a.c1; c++) if (rows[r][c] !== name) return null;
    areas.set(name, { rowStart: a.r0, rowEnd: a.r1 + 1, columnStart: a.c0, columnEnd: a.c1 + 1 });
  }
  return { rows: rows.length, columns, areas };
}

function parseAreas(nodes: readonly CssNode[]): GridTemplateAreas | 'none' | null {
  if (nodes.length === 1 && cssValues.ident(nodes[0]) === 'none') return 'none';
  const rows: (string | null)[][] = [];
  for (const n of nodes) {
    const text = cssValues.stringValue(n);
    if (text === null) return null;
    const row = areaRow(text);
    if (!row) return null;
    rows.push(row);
  }
  return areasFromRows(rows);
}

// ---------------------------------------------------------------------------------------------
// Placement

const AUTO_LINE: GridLine = { kind: 'auto' };

/** `auto` | name | [<integer> && name?] | [span && [<integer> || name]] */
function parseGridLine(nodes: readonly CssNode[]): GridLine | null {
  if (nodes.length === 0 || nodes.length > 3) return null;
  if (nodes.length === 1 && cssValues.ident(nodes[0]) === 'auto') return AUTO_LINE;
  let span = false;
  let int: number | null = null;
  let name: string | null = null;
  for (const n of nodes) {
    const id = cssValues.ident(n);
    if (id === 'span' && !span) span = true;
    else if (n.type === 'Number' && int === null) {
      int = cssValues.parseInteger(n);
      if (int === null) return null;
    } else if (name === null && customIdent(n) !== null) name = customIdent(n);
    else return null;
  }
  // `span` must come first or last, never between the integer and the name.
  if (span && nodes.length === 3 && cssValues.ident(nodes[1]) === 'span') return null;
  if (span) {
    if (int !== null && int < 1) return null;
    if (int === null && name === null) return null;
    return { kind: 'span', count: Math.min(int ?? 1, MAX_REPEAT), ...(name ? { name } : {}) };
  }
  if (int !== null) {
    if (int === 0) return null;
    const index = Math.max(-MAX_REPEAT, Math.min(MAX_REPEAT, int));
    return { kind: 'line', index, ...(name ? { name } : {}) };
  }
  return name !== null ? { kind: 'ident', name } : null;
}

/** Splits value nodes on top-level slashes. */
function splitSlashes(nodes: readonly CssNode[]): CssNode[][] {
  const out: CssNode[][] = [[]];
  for (const n of nodes) {
    if (cssValues.isSlash(n)) out.push([]);
    else out[out.length - 1].push(n);
  }
  return out;
}

/** The value an omitted end of grid-row / grid-column / grid-area takes. */
const mirrorLine = (l: GridLine): GridLine => (l.kind === 'ident' ? l : AUTO_LINE);

// ---------------------------------------------------------------------------------------------
// Alignment (justify-items, justify-self)

const JUSTIFY_ALIASES: Readonly<Record<string, JustifyItems>> = {
  'self-start': 'start',
  'flex-start': 'start',
  'self-end': 'end',
  'flex-end': 'end',
};

function parseJustify(nodes: readonly CssNode[], allowed: readonly string[]): string | null {
  const ids = nodes.map(cssValues.ident);
  if (ids.some((i) => i === null)) return null;
  // Overflow positions and `first` are accepted and ignored; `last baseline` aligns as end.
  const rest = (ids as string[]).filter((i) => i !== 'safe' && i !== 'unsafe' && i !== 'first');
  if (rest.length === 2 && rest[0] === 'last' && rest[1] === 'baseline') return 'end';
  if (rest.length === 2 && rest.includes('legacy')) {
    const other = rest.find((i) => i !== 'legacy')!;
    return ['left', 'right', 'center'].includes(other) ? other : null;
  }
  if (rest.length !== 1) return null;
  const v = JUSTIFY_ALIASES[rest[0]] ?? rest[0];
  return allowed.includes(v) ? v : null;
}

const JUSTIFY_ITEMS: readonly JustifyItems[] = [
  'legacy',
  'normal',
  'stretch',
  'start',
  'end',
  'center',
  'left',
  'right',
  'baseline',
];
const JUSTIFY_SELF: readonly JustifySelf[] = [
  'auto',
  ...(JUSTIFY_ITEMS.filter((k) => k !== 'legacy') as JustifySelf[]),
];

// ---------------------------------------------------------------------------------------------
// Longhands

const trackListLonghand = (name: string, key: string): kit.Longhand =>
  kit.longhand<TemplateSpec | 'none'>({
    name,
    key,
    inherited: false,
    initial: 'none',
    parse: parseTemplate,
    compute: (s, c) => computeTemplate(s, c.env),
  });

/** `<track-size>+` (grid-auto-rows/columns). */
function parseAutoTracks(nodes: readonly CssNode[]): TrackSizeSpec[] | null {
  if (nodes.length === 0) return null;
  const out = nodes.map(parseTrackSize);
  return out.some((t) => t === null) ? null : (out as TrackSizeSpec[]);
}

const AUTO_TRACK: TrackSize = { min: 'auto', max: 'auto' };

const autoTracksLonghand = (name: string, key: string): kit.Longhand =>
  kit.longhand<TrackSizeSpec[]>({
    name,
    key,
    inherited: false,
    initial: [AUTO_TRACK],
    parse: parseAutoTracks,
    compute: (s, c) => s.map((t) => computeTrack(t, c.env)),
  });

function parseAutoFlow(nodes: readonly CssNode[]): GridAutoFlow | null {
  let axis: 'row' | 'column' | undefined;
  let dense = false;
  for (const n of nodes) {
    const id = cssValues.ident(n);
    if ((id === 'row' || id === 'column') && axis === undefined) axis = id;
    else if (id === 'dense' && !dense) dense = true;
    else return null;
  }
  return nodes.length > 0 ? { axis: axis ?? 'row', dense } : null;
}

const lineLonghand = (name: string, key: string): kit.Longhand =>
  kit.longhand<GridLine>({ name, key, inherited: false, initial: AUTO_LINE, parse: parseGridLine });

longhands.push(
  trackListLonghand('grid-template-columns', 'gridTemplateColumns'),
  trackListLonghand('grid-template-rows', 'gridTemplateRows'),
  kit.longhand<GridTemplateAreas | 'none'>({
    name: 'grid-template-areas',
    key: 'gridTemplateAreas',
    inherited: false,
    initial: 'none',
    parse: parseAreas,
  }),
  autoTracksLonghand('grid-auto-columns', 'gridAutoColumns'),
  autoTracksLonghand('grid-auto-rows', 'gridAutoRows'),
  kit.longhand<GridAutoFlow>({
    name: 'grid-auto-flow',
    key: 'gridAutoFlow',
    inherited: false,
    initial: { axis: 'row', dense: false },
    parse: parseAutoFlow,
  }),
  lineLonghand('grid-row-start', 'gridRowStart'),
  lineLonghand('grid-row-end', 'gridRowEnd'),
  lineLonghand('grid-column-start', 'gridColumnStart'),
  lineLonghand('grid-column-end', 'gridColumnEnd'),
  kit.longhand<string>({
    name: 'justify-items',
    key: 'justifyItems',
    inherited: false,
    initial: 'legacy',
    parse: (nodes) => parseJustify(nodes, JUSTIFY_ITEMS),
  }),
  kit.longhand<string>({
    name: 'justify-self',
    key: 'justifySelf',
    inherited: false,
    initial: 'auto',
    parse: (nodes) => parseJustify(nodes, JUSTIFY_SELF),
  }),
);

// ---------------------------------------------------------------------------------------------
// Shorthands

function lineShorthand(name: string, start: string, end: string): kit.Shorthand {
  return {
    name,
    longhands: [start, end],
    expand(nodes) {
      const parts = splitSlashes(nodes);
      if (parts.length > 2) return null;
      const a = parseGridLine(parts[0]);
      const b = parts.length === 2 ? parseGridLine(parts[1]) : a && mirrorLine(a);
      return a && b
        ? new Map<string, unknown>([
            [start, a],
            [end, b],
          ])
        : null;
    },
  };
}

const TEMPLATE_LONGHANDS = ['grid-template-rows', 'grid-template-columns', 'grid-template-areas'];

/**
 * grid-template: `none` | `<rows> / <columns>` | `[names]? "row" <size>? [names]? … / <columns>`.
 */
function expandTemplate(nodes: readonly CssNode[], ctx: kit.ParseCtx): Map<string, unknown> | null {
  if (nodes.length === 1 && cssValues.ident(nodes[0]) === 'none')
    return new Map(TEMPLATE_LONGHANDS.map((l) => [l, 'none']));
  const parts = splitSlashes(nodes);
  if (parts.length > 2) return null;
  const hasStrings = parts[0].some((n) => n.type === 'String');
  if (!hasStrings) {
    if (parts.length !== 2) return null;
    const rows = parseTemplate(parts[0], ctx);
    const cols = parseTemplate(parts[1], ctx);
    if (!rows || !cols) return null;
    return new Map<string, unknown>([
      ['grid-template-rows', rows],
      ['grid-template-columns', cols],
      ['grid-template-areas', 'none'],
    ]);
  }
  // The areas form: each string is a row, optionally with names around and a size after;
  // names after one row and before the next name the same line.
  const entries: EntrySpec[] = [];
  const lines: string[][] = [[]];
  const cells: (string | null)[][] = [];
  let afterString = false;
  for (const n of parts[0]) {
    if (n.type === 'Brackets') {
      const names = lineNames(n);
      if (!names) return null;
      lines[lines.length - 1].push(...names);
      afterString = false;
      continue;
    }
    if (n.type === 'String') {
      const row = areaRow(n.value);
      if (!row) return null;
      cells.push(row);
      entries.push({ kind: 'track', size: { min: { kw: 'auto' }, max: { kw: 'auto' } } });
      lines.push([]);
      afterString = true;
      continue;
    }
    if (!afterString) return null;
    const size = parseTrackSize(n);
    if (!size) return null;
    entries[entries.length - 1] = { kind: 'track', size };
    afterString = false;
  }
  const areas = areasFromRows(cells);
  if (!areas) return null;
  let cols: TemplateSpec | 'none' = 'none';
  if (parts.length === 2) {
    const c = parseTrackSequence(parts[1], false);
    if (!c || c.entries.length === 0) return null;
    cols = c;
  }
  return new Map<string, unknown>([
    ['grid-template-rows', { entries, lines }],
    ['grid-template-columns', cols],
    ['grid-template-areas', areas],
  ]);
}

shorthands.push(
  lineShorthand('grid-row', 'grid-row-start', 'grid-row-end'),
  lineShorthand('grid-column', 'grid-column-start', 'grid-column-end'),
  {
    name: 'grid-area',
    longhands: ['grid-row-start', 'grid-column-start', 'grid-row-end', 'grid-column-end'],
    expand(nodes) {
      const parts = splitSlashes(nodes);
      if (parts.length > 4) return null;
      const v = parts.map(parseGridLine);
      if (v.some((x) => x === null)) return null;
      const [rs, cs0, re0, ce0] = v as (GridLine | undefined)[];
      const cs = cs0 ?? mirrorLine(rs!);
      const re = re0 ?? mirrorLine(rs!);
      const ce = ce0 ?? mirrorLine(cs);
      return new Map<string, unknown>([
        ['grid-row-start', rs],
        ['grid-column-start', cs],
        ['grid-row-end', re],
        ['grid-column-end', ce],
      ]);
    },
  },
  { name: 'grid-template', longhands: TEMPLATE_LONGHANDS, expand: expandTemplate },
  {
    name: 'grid',
    longhands: [...TEMPLATE_LONGHANDS, 'grid-auto-flow', 'grid-auto-rows', 'grid-auto-columns'],
    expand(nodes, ctx) {
      const parts = splitSlashes(nodes);
      const autoFlowAt = parts.findIndex((p) => p.some((n) => cssValues.ident(n) === 'auto-flow'));
      if (autoFlowAt < 0) {
        const t = expandTemplate(nodes, ctx);
        if (!t) return null;
        t.set('grid-auto-flow', kit.INITIAL);
        t.set('grid-auto-rows', kit.INITIAL);
        t.set('grid-auto-columns', kit.INITIAL);
        return t;
      }
      if (parts.length !== 2) return null;
      // `[auto-flow && dense?] <auto-size>?` on one side, an explicit track list on the other.
      const flowPart = parts[autoFlowAt];
      const dense = flowPart.some((n) => cssValues.ident(n) === 'dense');
      const sizes = flowPart.filter(
        (n) => !['auto-flow', 'dense'].includes(cssValues.ident(n) ?? ''),
      );
      if (flowPart.length - sizes.length !== (dense ? 2 : 1)) return null;
      const auto = sizes.length > 0 ? parseAutoTracks(sizes) : kit.INITIAL;
      const other = parseTemplate(parts[1 - autoFlowAt], ctx);
      if (!auto || !other) return null;
      const rowsFlow = autoFlowAt === 0;
      return new Map<string, unknown>([
        ['grid-template-rows', rowsFlow ? 'none' : other],
        ['grid-template-columns', rowsFlow ? other : 'none'],
        ['grid-template-areas', 'none'],
        ['grid-auto-flow', { axis: rowsFlow ? 'row' : 'column', dense }],
        ['grid-auto-rows', rowsFlow ? auto : kit.INITIAL],
        ['grid-auto-columns', rowsFlow ? kit.INITIAL : auto],
      ]);
    },
  },
);

/** `place-*: <align> <justify>?`, the align half parsed by flex's longhand. */
function placeShorthand(
  name: string,
  alignName: string,
  justifyName: string,
  parseJustifyHalf: (nodes: readonly CssNode[], ctx: kit.ParseCtx) => unknown,
): kit.Shorthand {
  const align = flexLonghands.find((l) => l.name === alignName)!;
  return {
    name,
    longhands: [alignName, justifyName],
    expand(nodes, ctx) {
      if (nodes.length === 0) return null;
      // Try every split: values like `first baseline` take two nodes.
      for (let cut = nodes.length; cut >= 1; cut--) {
        const a = align.parse(nodes.slice(0, cut), ctx);
        if (a === null) continue;
        const rest = nodes.slice(cut);
        const j = parseJustifyHalf(rest.length > 0 ? rest : nodes.slice(0, cut), ctx);
        if (j === null) continue;
        return new Map<string, unknown>([
          [alignName, a],
          [justifyName, j],
        ]);
      }
      return null;
    },
  };
}

const justifyContentLonghand = flexLonghands.find((l) => l.name === 'justify-content')!;
shorthands.push(
  placeShorthand('place-items', 'align-items', 'justify-items', (n) =>
    parseJustify(n, JUSTIFY_ITEMS),
  ),
  placeShorthand('place-self', 'align-self', 'justify-self', (n) => parseJustify(n, JUSTIFY_SELF)),
  placeShorthand('place-content', 'align-content', 'justify-content', (n, ctx) =>
    justifyContentLonghand.parse(n, ctx),
  ),
);
