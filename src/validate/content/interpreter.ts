/**
 * Content stream interpreter (ISO 32000-1, 8–9, 14.6) for the validator.
 *
 * Usage:
 *   interpretContent(doc, bytes, { own: resources, inherited: null }, 'page 1', (ev, scope) => { ... });
 *   walkPage(doc, page, visitor) / walkDocument(doc, visitor)   (see walk.ts)
 *
 * The visitor receives typed events in stream order:
 *  - 'operator' for every operator (with operands, whether ISO 32000-1 defines it, q depth);
 *  - 'gsave' (q, with nesting depth inside the current stream, as veraPDF counts it);
 *  - 'colour' when a colour space is selected (cs/CS, or implicitly by g/rg/k/G/RG/K);
 *  - 'paint' for every painted item: paths (fill/stroke), text, images (XObject and inline),
 *    shadings; it carries the graphics state (colour spaces in effect, overprint) and the
 *    marked-content chain (see marked.ts: insideArtifact / enclosingMcid / isTaggedOrArtifact);
 *  - 'text' for every text-showing operator, with the font in use, the shown strings and the
 *    rendering mode (codes are split by the font area, which knows the encoding);
 *  - 'xobject' (Do), 'inline-image' (with filter names), 'shading' (sh), 'extgstate' (gs),
 *    'pattern' (scn/SCN selecting a pattern), 'font' (Tf);
 *  - 'marked-begin' / 'marked-end' / 'marked-point' for BMC/BDC/EMC/MP/DP;
 *  - 'resource' when a named resource is missing or was found only in inherited resources;
 *  - 'enter' / 'leave' around every nested stream (form XObject, tiling pattern, Type 3 glyph,
 *    annotation appearance), and 'error' for problems (unbalanced operators, limits).
 *
 * Nested streams are interpreted in place (a form inherits the graphics state and marked
 * content of its Do), bounded by depth, cycle detection and an operator budget per walk.
 */
import type { CosDict, CosObject, CosRef, CosStream, CosString } from '../model/cos.js';
import type { PdfDocumentModel } from '../model/document.js';
import {
  DEVICE_GRAY,
  type ColourSpace,
  type ResourceLookup,
  deviceOrDefault,
  lookupResource,
  resolveColourSpaceOperand,
} from './colour.js';
import {
  asArray,
  asDict,
  asRef,
  asStream,
  asString,
  indirectKeyOf,
  integerValue,
  nameValue,
  numberValue,
} from '../model/read.js';
import { INLINE_IMAGE_UNTERMINATED, lexContent } from './lexer.js';
import { type MarkedContent, enclosingMcid, insideArtifact, pushMarkedContent } from './marked.js';
import { KNOWN_OPERATORS, PATH_PAINT, TEXT_SHOW, renderingModePaints } from './operators.js';

export type ScopeKind = 'page' | 'form' | 'pattern' | 'type3-glyph' | 'annotation';

/** The stream being interpreted. */
export interface ContentScope {
  readonly kind: ScopeKind;
  /** Readable path, e.g. 'page 2 / form Fm1'. */
  readonly location: string;
  readonly resources: ResourceLookup;
  /** 0-based page index, when the stream belongs to a page. */
  readonly pageIndex: number | null;
  /** The stream object, when the content is a stream of its own (forms, patterns, glyphs, appearances). */
  readonly stream: CosStream | null;
  /** Nesting depth of streams (0 for a page's content). */
  readonly depth: number;
  /**
   * Whether the content is document content in the sense of tagging (page content and forms it
   * draws); false for tiling-pattern cells, Type 3 glyph procedures and annotation appearances,
   * which are marked by whatever uses them.
   */
  readonly realContent: boolean;
}

export interface FontUse {
  /** Resource name, e.g. 'F1'. */
  readonly name: string;
  readonly dict: CosDict;
  readonly ref: CosRef | null;
  /** Identity for aggregation across streams: the indirect object, or location + name. */
  readonly key: string;
}

export interface PatternUse {
  readonly name: string;
  readonly pattern: CosObject;
  readonly key: string;
}

/** The parts of the graphics state the rules need (a snapshot; never mutated). */
export interface GraphicsState {
  readonly fillCS: ColourSpace;
  readonly strokeCS: ColourSpace;
  readonly fillPattern: PatternUse | null;
  readonly strokePattern: PatternUse | null;
  /** Text rendering mode (Tr), 0–7. */
  readonly renderingMode: number;
  readonly font: FontUse | null;
  readonly fontSize: number;
  readonly overprintFill: boolean;
  readonly overprintStroke: boolean;
  readonly overprintMode: number;
  /** False after d1 in a Type 3 glyph (uncoloured glyph): colour operators are then ignored. */
  readonly colourOperators: boolean;
  /** Transparency parameters from ExtGState: SMask (dictionary), BM other than Normal, CA, ca. */
  readonly softMask: boolean;
  readonly blendMode: CosObject;
  readonly strokeAlpha: number;
  readonly fillAlpha: number;
}

export type PaintKind = 'path' | 'text' | 'image' | 'inline-image' | 'shading';

export type ContentEvent =
  | {
      readonly type: 'operator';
      readonly op: string;
      readonly operands: readonly CosObject[];
      readonly known: boolean;
      readonly offset: number;
      /** q nesting depth in this stream after the operator. */
      readonly depth: number;
      readonly mc: MarkedContent | null;
    }
  | { readonly type: 'gsave'; readonly depth: number; readonly offset: number }
  | {
      readonly type: 'colour';
      readonly target: 'fill' | 'stroke';
      readonly op: string;
      readonly space: ColourSpace | null;
      /** The cs/CS operand, when the space was named. */
      readonly operand: CosObject;
    }
  | {
      readonly type: 'paint';
      readonly kind: PaintKind;
      readonly op: string;
      readonly fill: boolean;
      readonly stroke: boolean;
      readonly gs: GraphicsState;
      readonly mc: MarkedContent | null;
      readonly offset: number;
    }
  | {
      readonly type: 'text';
      readonly op: string;
      readonly strings: readonly CosString[];
      readonly font: FontUse | null;
      readonly gs: GraphicsState;
      readonly mc: MarkedContent | null;
      readonly offset: number;
    }
  | {
      readonly type: 'font';
      readonly name: string;
      readonly font: FontUse | null;
      readonly size: number;
    }
  | {
      readonly type: 'xobject';
      readonly name: string;
      readonly xobject: CosStream | null;
      readonly subtype: string | null;
      readonly key: string;
      readonly gs: GraphicsState;
      readonly mc: MarkedContent | null;
    }
  | {
      readonly type: 'inline-image';
      readonly dict: CosDict;
      readonly data: Uint8Array;
      /** Filter names as written (abbreviations kept, e.g. 'AHx', 'Fl'). */
      readonly filters: readonly string[];
      readonly colourSpace: ColourSpace | null;
      readonly gs: GraphicsState;
      readonly mc: MarkedContent | null;
    }
  | {
      readonly type: 'shading';
      readonly name: string;
      readonly shading: CosDict | null;
      readonly key: string;
      readonly colourSpace: ColourSpace | null;
      readonly mc: MarkedContent | null;
    }
  | {
      readonly type: 'extgstate';
      readonly name: string;
      readonly dict: CosDict | null;
      readonly key: string;
    }
  | {
      readonly type: 'pattern';
      readonly target: 'fill' | 'stroke';
      readonly pattern: PatternUse;
      /** The pattern's own dictionary (stream dictionary for tiling patterns). */
      readonly dict: CosDict | null;
    }
  | {
      readonly type: 'marked-begin';
      readonly op: 'BMC' | 'BDC';
      readonly mc: MarkedContent;
      /** True when a BDC named a /Properties resource that does not exist. */
      readonly missingProperties: boolean;
    }
  | { readonly type: 'marked-end'; readonly closed: MarkedContent | null }
  | {
      readonly type: 'marked-point';
      readonly op: 'MP' | 'DP';
      readonly tag: string;
      readonly properties: CosDict | null;
    }
  | {
      readonly type: 'resource';
      readonly category: string;
      readonly name: string;
      readonly status: 'missing' | 'inherited';
    }
  | { readonly type: 'enter'; readonly scope: ContentScope }
  | {
      readonly type: 'leave';
      readonly scope: ContentScope;
      /** Marked-content sequences opened in this stream and not closed. */
      readonly unclosedMarkedContent: number;
      /** q without a matching Q at the end of the stream. */
      readonly unclosedSaves: number;
    }
  | { readonly type: 'error'; readonly message: string };

export type ContentVisitor = (event: ContentEvent, scope: ContentScope) => void;

export interface InterpretOptions {
  /** Interpret form XObjects, tiling patterns and Type 3 glyphs in place (default true). */
  readonly descend?: boolean;
  /** Operator budget for one walk (default 5,000,000). */
  readonly maxOperators?: number;
  /** Maximum nesting of streams (default 24). */
  readonly maxDepth?: number;
}

/** State shared by all streams of one walk (budget, cycle detection, memoisation). */
export class WalkState {
  operators = 0;
  budgetReported = false;
  readonly active = new Set<string>();
  /** Nested streams already interpreted with an equivalent context. */
  readonly done = new Set<string>();
  readonly maxOperators: number;
  readonly maxDepth: number;
  readonly descend: boolean;
  constructor(options: InterpretOptions = {}) {
    this.maxOperators = options.maxOperators ?? 5_000_000;
    this.maxDepth = options.maxDepth ?? 24;
    this.descend = options.descend ?? true;
  }
}

export function initialGraphicsState(doc: PdfDocumentModel, res: ResourceLookup): GraphicsState {
  const gray = deviceOrDefault(doc, res, 'DeviceGray');
  return {
    fillCS: gray,
    strokeCS: gray,
    fillPattern: null,
    strokePattern: null,
    renderingMode: 0,
    font: null,
    fontSize: 0,
    overprintFill: false,
    overprintStroke: false,
    overprintMode: 0,
    colourOperators: true,
    softMask: false,
    blendMode: null,
    strokeAlpha: 1,
    fillAlpha: 1,
  };
}

/** Interprets one content stream; nested streams it draws are interpreted too (see options). */
export function interpretContent(
  doc: PdfDocumentModel,
  content: Uint8Array,
  resources: ResourceLookup | CosDict | null,
  location: string,
  visitor: ContentVisitor,
  options: InterpretOptions = {},
): void {
  const lookup: ResourceLookup =
    resources && 'kind' in resources
      ? { own: resources, inherited: null }
      : (resources ?? { own: null, inherited: null });
  const scope: ContentScope = {
    kind: 'page',
    location,
    resources: lookup,
    pageIndex: null,
    stream: null,
    depth: 0,
    realContent: true,
  };
  runStream(
    doc,
    content,
    scope,
    visitor,
    new WalkState(options),
    initialGraphicsState(doc, lookup),
    null,
  );
}

/** Interprets `content` in `scope` with a starting graphics state and marked-content chain. */
export function runStream(
  doc: PdfDocumentModel,
  content: Uint8Array,
  scope: ContentScope,
  visitor: ContentVisitor,
  walk: WalkState,
  startGs: GraphicsState,
  startMc: MarkedContent | null,
): void {
  new StreamInterpreter(doc, scope, visitor, walk, startGs, startMc).run(content);
}

type MutableGs = { -readonly [K in keyof GraphicsState]: GraphicsState[K] };

class StreamInterpreter {
  private gs: MutableGs;
  private readonly gsStack: GraphicsState[] = [];
  private mc: MarkedContent | null;
  private openedMc = 0;

  constructor(
    private readonly doc: PdfDocumentModel,
    private readonly scope: ContentScope,
    private readonly visit: ContentVisitor,
    private readonly walk: WalkState,
    startGs: GraphicsState,
    startMc: MarkedContent | null,
  ) {
    this.gs = { ...startGs };
    this.mc = startMc;
  }

  private emit(ev: ContentEvent): void {
    this.visit(ev, this.scope);
  }

  run(content: Uint8Array): void {
    this.emit({ type: 'enter', scope: this.scope });
    const error = lexContent(content, (lexed) => {
      if (++this.walk.operators > this.walk.maxOperators) {
        if (!this.walk.budgetReported) {
          this.walk.budgetReported = true;
          const message = `operator budget of ${this.walk.maxOperators} exhausted; content not fully checked`;
          this.doc.noteUnread(`${this.scope.location} and later content`, message);
          this.emit({ type: 'error', message });
        }
        return false;
      }
      this.operator(lexed.op, lexed.operands, lexed.offset, lexed.inlineImage);
      return true;
    });
    if (error) {
      // An inline image without EI swallows the rest of the stream, which is then unread.
      if (error === INLINE_IMAGE_UNTERMINATED)
        this.doc.noteUnread(this.scope.location, `${error}; the content after it was not read`);
      this.emit({ type: 'error', message: error });
    }
    this.emit({
      type: 'leave',
      scope: this.scope,
      unclosedMarkedContent: this.openedMc,
      unclosedSaves: this.gsStack.length,
    });
  }

  /** The current state as an immutable value; reused until the next change, so paints do not copy it. */
  private frozen: GraphicsState | null = null;
  private mut(): MutableGs {
    this.frozen = null;
    return this.gs;
  }

  private snapshot(): GraphicsState {
    if (!this.frozen) this.frozen = { ...this.gs };
    return this.frozen;
  }

  private lookup(
    category: string,
    name: string | null,
  ): { raw: CosObject; value: CosObject } | null {
    if (name === null) return null;
    const found = lookupResource(this.doc, this.scope.resources, category, name);
    if (!found) {
      this.emit({ type: 'resource', category, name, status: 'missing' });
      return null;
    }
    if (found.inherited) this.emit({ type: 'resource', category, name, status: 'inherited' });
    return found;
  }

  private key(raw: CosObject, category: string, name: string): string {
    return indirectKeyOf(raw) ?? `${this.scope.location}/${category}/${name}`;
  }

  private operator(
    op: string,
    operands: CosObject[],
    offset: number,
    inline?: { readonly dict: CosDict; readonly data: Uint8Array },
  ): void {
    const gs = this.gs;
    switch (op) {
      case 'q':
        this.gsStack.push(this.snapshot());
        this.emit({ type: 'gsave', depth: this.gsStack.length, offset });
        break;
      case 'Q': {
        const prev = this.gsStack.pop();
        if (prev) {
          this.gs = { ...prev };
          this.frozen = prev;
        } else this.emit({ type: 'error', message: 'Q without a matching q' });
        break;
      }
      case 'gs':
        this.extGState(operands);
        break;
      case 'Tr': {
        const v = integerValue(operands[0]);
        this.mut().renderingMode = v !== null && v >= 0 && v <= 7 ? v : 0;
        break;
      }
      case 'Tf':
        this.setFont(nameValue(operands[0]), numberValue(operands[1]) ?? 0);
        break;
      case 'd1':
        this.mut().colourOperators = false;
        break;
      case 'g':
      case 'rg':
      case 'k':
      case 'G':
      case 'RG':
      case 'K':
        if (gs.colourOperators) this.deviceColour(op);
        break;
      case 'cs':
      case 'CS':
        if (gs.colourOperators) this.setColourSpace(op, operands[operands.length - 1] ?? null);
        break;
      case 'scn':
      case 'SCN':
        if (gs.colourOperators) this.setColourWithPattern(op, operands);
        break;
      case 'BMC':
      case 'BDC':
        this.beginMarked(op, operands);
        break;
      case 'EMC':
        if (this.mc && this.openedMc > 0) {
          const closed = this.mc;
          this.mc = this.mc.parent;
          this.openedMc--;
          this.emit({ type: 'marked-end', closed });
        } else {
          this.emit({ type: 'marked-end', closed: null });
          this.emit({ type: 'error', message: 'EMC without a matching BMC or BDC' });
        }
        break;
      case 'MP':
      case 'DP': {
        const tag = nameValue(operands[0]) ?? '';
        const properties = op === 'DP' ? this.properties(operands[1] ?? null).dict : null;
        this.emit({ type: 'marked-point', op, tag, properties });
        break;
      }
      case 'Do':
        this.drawXObject(nameValue(operands[operands.length - 1]), offset);
        break;
      case 'sh':
        if (gs.colourOperators) this.shading(nameValue(operands[operands.length - 1]), offset);
        break;
      case 'BI':
        if (inline) this.inlineImage(inline.dict, inline.data, offset);
        break;
      default:
        break;
    }
    const paint = PATH_PAINT.get(op);
    if (paint) {
      this.emit({
        type: 'paint',
        kind: 'path',
        op,
        fill: paint.fill,
        stroke: paint.stroke,
        gs: this.snapshot(),
        mc: this.mc,
        offset,
      });
    } else if (TEXT_SHOW.has(op)) {
      this.showText(op, operands, offset);
    }
    this.emit({
      type: 'operator',
      op,
      operands,
      known: KNOWN_OPERATORS.has(op),
      offset,
      depth: this.gsStack.length,
      mc: this.mc,
    });
  }

  private deviceColour(op: string): void {
    const family =
      op === 'g' || op === 'G'
        ? 'DeviceGray'
        : op === 'rg' || op === 'RG'
          ? 'DeviceRGB'
          : 'DeviceCMYK';
    const space = deviceOrDefault(this.doc, this.scope.resources, family);
    const target = op === op.toLowerCase() ? 'fill' : 'stroke';
    if (target === 'fill') {
      this.mut().fillCS = space;
      this.mut().fillPattern = null;
    } else {
      this.mut().strokeCS = space;
      this.mut().strokePattern = null;
    }
    this.emit({ type: 'colour', target, op, space, operand: null });
  }

  private setColourSpace(op: string, operand: CosObject): void {
    const name = nameValue(operand);
    let space: ColourSpace | null = null;
    if (name !== null && !['DeviceGray', 'DeviceRGB', 'DeviceCMYK', 'Pattern'].includes(name)) {
      const found = this.lookup('ColorSpace', name);
      if (found) space = resolveColourSpaceOperand(this.doc, operand, this.scope.resources);
    } else if (operand !== null) {
      space = resolveColourSpaceOperand(this.doc, operand, this.scope.resources);
    }
    const target = op === 'cs' ? 'fill' : 'stroke';
    const effective = space ?? DEVICE_GRAY;
    if (target === 'fill') {
      this.mut().fillCS = effective;
      this.mut().fillPattern = null;
    } else {
      this.mut().strokeCS = effective;
      this.mut().strokePattern = null;
    }
    this.emit({ type: 'colour', target, op, space, operand });
  }

  private setColourWithPattern(op: string, operands: CosObject[]): void {
    const target = op === 'scn' ? 'fill' : 'stroke';
    const cs = target === 'fill' ? this.gs.fillCS : this.gs.strokeCS;
    const name = nameValue(operands[operands.length - 1]);
    if (cs.family !== 'Pattern' || name === null) return;
    const found = this.lookup('Pattern', name);
    if (!found) return;
    const pattern: PatternUse = {
      name,
      pattern: found.value,
      key: this.key(found.raw, 'Pattern', name),
    };
    if (target === 'fill') this.mut().fillPattern = pattern;
    else this.mut().strokePattern = pattern;
    const dict = asDict(found.value);
    this.emit({ type: 'pattern', target, pattern, dict });
    const stream = asStream(found.value);
    if (stream && integerValue(this.doc.get(stream.dict, 'PatternType')) === 1) {
      const res = this.doc.get(stream.dict, 'Resources');
      this.nested(
        stream,
        'pattern',
        `${this.scope.location} / pattern ${name}`,
        asDict(res),
        initialGraphicsState(this.doc, { own: asDict(res), inherited: this.inheritedBase() }),
        null,
        `pattern|${pattern.key}`,
      );
    }
  }

  /** Resources a nested stream falls back to when it has none: the page's. */
  private inheritedBase(): CosDict | null {
    return this.scope.resources.inherited ?? this.scope.resources.own;
  }

  private extGState(operands: CosObject[]): void {
    const name = nameValue(operands[operands.length - 1]);
    const found = this.lookup('ExtGState', name);
    const dict = found ? asDict(found.value) : null;
    this.emit({
      type: 'extgstate',
      name: name ?? '',
      dict,
      key: found && name ? this.key(found.raw, 'ExtGState', name) : '',
    });
    if (!dict) return;
    const op = dict.entries.get('OP');
    const opFill = dict.entries.get('op');
    if (typeof op === 'boolean') {
      this.mut().overprintStroke = op;
      // OP also sets the non-stroking flag unless op is given (8.6.7).
      if (typeof opFill !== 'boolean') this.mut().overprintFill = op;
    }
    if (typeof opFill === 'boolean') this.mut().overprintFill = opFill;
    const opm = integerValue(this.doc.resolve(dict.entries.get('OPM')));
    if (opm !== null) this.mut().overprintMode = opm;
    if (dict.entries.has('SMask'))
      this.mut().softMask = asDict(this.doc.resolve(dict.entries.get('SMask'))) !== null;
    if (dict.entries.has('BM')) this.mut().blendMode = this.doc.resolve(dict.entries.get('BM'));
    const ca = numberValue(this.doc.resolve(dict.entries.get('CA')));
    if (ca !== null) this.mut().strokeAlpha = ca;
    const caFill = numberValue(this.doc.resolve(dict.entries.get('ca')));
    if (caFill !== null) this.mut().fillAlpha = caFill;
    const font = asArray(this.doc.resolve(dict.entries.get('Font')));
    if (font && font.items.length >= 1) {
      const raw = font.items[0];
      const fdict = asDict(this.doc.resolve(raw));
      if (fdict) {
        const ref = asRef(raw);
        this.mut().font = {
          name: `${name}/Font`,
          dict: fdict,
          ref,
          key: indirectKeyOf(raw) ?? `${this.scope.location}/ExtGState/${name}/Font`,
        };
        this.mut().fontSize = numberValue(this.doc.resolve(font.items[1])) ?? this.gs.fontSize;
      }
    }
  }

  private setFont(name: string | null, size: number): void {
    this.mut().fontSize = size;
    if (name === null) {
      this.mut().font = null;
      this.emit({ type: 'font', name: '', font: null, size });
      return;
    }
    const found = this.lookup('Font', name);
    const dict = found ? asDict(found.value) : null;
    const font: FontUse | null =
      found && dict
        ? { name, dict, ref: asRef(found.raw), key: this.key(found.raw, 'Font', name) }
        : null;
    this.mut().font = font;
    this.emit({ type: 'font', name, font, size });
  }

  private showText(op: string, operands: CosObject[], offset: number): void {
    const strings: CosString[] = [];
    if (op === 'TJ') {
      const arr = asArray(operands[operands.length - 1]);
      if (arr)
        for (const it of arr.items) {
          const s = asString(it);
          if (s) strings.push(s);
        }
    } else {
      const s = asString(operands[operands.length - 1]);
      if (s) strings.push(s);
    }
    const gs = this.snapshot();
    const modes = renderingModePaints(gs.renderingMode);
    this.emit({ type: 'text', op, strings, font: gs.font, gs, mc: this.mc, offset });
    this.emit({
      type: 'paint',
      kind: 'text',
      op,
      fill: modes.fill,
      stroke: modes.stroke,
      gs,
      mc: this.mc,
      offset,
    });
    const font = gs.font;
    if (font && this.walk.descend && nameValue(this.doc.get(font.dict, 'Subtype')) === 'Type3')
      this.type3Glyphs(font);
  }

  /** Interprets every glyph procedure of a Type 3 font once per walk. */
  private type3Glyphs(font: FontUse): void {
    const memo = `type3|${font.key}|${this.scope.pageIndex ?? ''}`;
    if (this.walk.done.has(memo)) return;
    this.walk.done.add(memo);
    const procs = asDict(this.doc.get(font.dict, 'CharProcs'));
    if (!procs) return;
    const res = asDict(this.doc.get(font.dict, 'Resources'));
    for (const [glyph, raw] of procs.entries) {
      const stream = asStream(this.doc.resolve(raw));
      if (!stream) continue;
      const lookup: ResourceLookup = { own: res, inherited: this.inheritedBase() };
      const start: GraphicsState = { ...this.gs, renderingMode: 0, colourOperators: true };
      this.nested(
        stream,
        'type3-glyph',
        `${this.scope.location} / font ${font.name} / glyph ${glyph}`,
        res,
        start,
        null,
        `${memo}|${glyph}`,
        lookup,
      );
    }
  }

  private beginMarked(op: 'BMC' | 'BDC', operands: CosObject[]): void {
    const tag = nameValue(operands[0]) ?? '';
    let properties: CosDict | null = null;
    let missing = false;
    if (op === 'BDC') {
      const p = this.properties(operands[1] ?? null);
      properties = p.dict;
      missing = p.missing;
    }
    this.mc = pushMarkedContent(this.mc, tag, properties);
    this.openedMc++;
    this.emit({ type: 'marked-begin', op, mc: this.mc, missingProperties: missing });
  }

  private properties(operand: CosObject): { dict: CosDict | null; missing: boolean } {
    const inline = asDict(operand);
    if (inline) return { dict: inline, missing: false };
    const name = nameValue(operand);
    if (name === null) return { dict: null, missing: false };
    const found = this.lookup('Properties', name);
    return { dict: found ? asDict(found.value) : null, missing: !found };
  }

  private drawXObject(name: string | null, offset: number): void {
    const found = this.lookup('XObject', name);
    const stream = found ? asStream(found.value) : null;
    const subtype = stream ? nameValue(this.doc.get(stream.dict, 'Subtype')) : null;
    const key = found && name ? this.key(found.raw, 'XObject', name) : '';
    const gs = this.snapshot();
    this.emit({
      type: 'xobject',
      name: name ?? '',
      xobject: stream,
      subtype,
      key,
      gs,
      mc: this.mc,
    });
    if (!stream) return;
    if (subtype === 'Image') {
      const isMask = this.doc.get(stream.dict, 'ImageMask') === true;
      this.emit({
        type: 'paint',
        kind: 'image',
        op: 'Do',
        fill: isMask,
        stroke: false,
        gs,
        mc: this.mc,
        offset,
      });
    } else if (subtype === 'Form') {
      const res = asDict(this.doc.get(stream.dict, 'Resources'));
      const ctx = insideArtifact(this.mc) ? 'A' : enclosingMcid(this.mc) !== null ? 'T' : 'N';
      const memo = `form|${key}|${ctx}|${gs.fillCS.key}|${gs.strokeCS.key}|${gs.overprintFill}|${gs.overprintStroke}|${gs.overprintMode}|${gs.renderingMode}`;
      this.nested(stream, 'form', `${this.scope.location} / form ${name}`, res, gs, this.mc, memo, {
        own: res,
        inherited: this.inheritedBase(),
      });
    }
  }

  private nested(
    stream: CosStream,
    kind: ScopeKind,
    location: string,
    own: CosDict | null,
    gs: GraphicsState,
    mc: MarkedContent | null,
    memo: string,
    lookup?: ResourceLookup,
  ): void {
    if (!this.walk.descend) return;
    const id = indirectKeyOf(stream) ?? memo;
    if (this.walk.active.has(id)) {
      this.emit({
        type: 'error',
        message: `${location} draws itself (recursive content); not followed`,
      });
      return;
    }
    if (this.scope.depth + 1 > this.walk.maxDepth) {
      const message = `nesting deeper than ${this.walk.maxDepth}; not followed`;
      this.doc.noteUnread(location, `content ${message}`);
      this.emit({ type: 'error', message: `${location}: ${message}` });
      return;
    }
    const doneKey = `${memo}|${this.scope.pageIndex ?? ''}`;
    if (this.walk.done.has(doneKey)) return;
    this.walk.done.add(doneKey);
    const decoded = this.doc.decodeStream(stream);
    if (decoded.error) this.emit({ type: 'error', message: `${location}: ${decoded.error}` });
    const scope: ContentScope = {
      kind,
      location,
      resources: lookup ?? { own, inherited: this.inheritedBase() },
      pageIndex: this.scope.pageIndex,
      stream,
      depth: this.scope.depth + 1,
      realContent: kind === 'form' ? this.scope.realContent : false,
    };
    this.walk.active.add(id);
    try {
      runStream(this.doc, decoded.data, scope, this.visit, this.walk, gs, mc);
    } finally {
      this.walk.active.delete(id);
    }
  }

  private shading(name: string | null, offset: number): void {
    const found = this.lookup('Shading', name);
    const dict = found ? asDict(found.value) : null;
    const csRaw = dict ? dict.entries.get('ColorSpace') : undefined;
    const colourSpace =
      csRaw !== undefined ? resolveColourSpaceOperand(this.doc, csRaw, this.scope.resources) : null;
    const key = found && name ? this.key(found.raw, 'Shading', name) : '';
    this.emit({ type: 'shading', name: name ?? '', shading: dict, key, colourSpace, mc: this.mc });
    this.emit({
      type: 'paint',
      kind: 'shading',
      op: 'sh',
      fill: true,
      stroke: false,
      gs: this.snapshot(),
      mc: this.mc,
      offset,
    });
  }

  private inlineImage(dict: CosDict, data: Uint8Array, offset: number): void {
    const filterObj = dict.entries.get('F') ?? dict.entries.get('Filter') ?? null;
    const filters: string[] = [];
    const single = nameValue(filterObj);
    if (single !== null) filters.push(single);
    const arr = asArray(filterObj);
    if (arr)
      for (const f of arr.items) {
        const n = nameValue(f);
        if (n !== null) filters.push(n);
      }
    const isMask = (dict.entries.get('IM') ?? dict.entries.get('ImageMask')) === true;
    const csObj = dict.entries.get('CS') ?? dict.entries.get('ColorSpace');
    const colourSpace =
      csObj !== undefined ? resolveColourSpaceOperand(this.doc, csObj, this.scope.resources) : null;
    const gs = this.snapshot();
    if (!gs.colourOperators && !isMask) return;
    this.emit({ type: 'inline-image', dict, data, filters, colourSpace, gs, mc: this.mc });
    this.emit({
      type: 'paint',
      kind: 'inline-image',
      op: 'BI',
      fill: isMask,
      stroke: false,
      gs,
      mc: this.mc,
      offset,
    });
  }
}

/** For consumers: the marked-content chain a stream started with (forms inherit it). */
export type { MarkedContent } from './marked.js';
