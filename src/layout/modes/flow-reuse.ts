/**
 * Layout of the page flow taken from the previous layout pass of the same document. A document
 * whose page numbers feed back into its content (a table of contents with target-counter()) is
 * laid out again with the numbers of the pass before; most of it is the same elements laid out
 * at the same place, which give the same fragments. A block-level box of the flow is taken from
 * the previous pass, not laid out again, when:
 * - its element is the same object (cross-references leave an unchanged subtree as it was),
 * - its boxes were built from the same numbering and context (BuildContext.buildKeys), so the
 *   fragments carry this pass's slots and ids,
 * - it starts at the same place in a containing block of the same width, with no float beside
 *   it, and
 * - its layout touched nothing outside its fragments but the structure tree (no float left for
 *   its siblings, no fixed or absolutely positioned box handed to an ancestor, no warning) and
 *   was not stopped inside by a cut (LayoutContext.flowCut); what it did to the structure tree
 *   (slots drawn into, nodes kept) is done again.
 * The way WeasyPrint and Prince re-make only the pages whose content changed: once the flow
 * after a changed table of contents starts where it started before, the rest is the same.
 */
import type { StyledElement } from '../../style/index.js';
import type { Box } from '../box-tree/boxes.js';
import type { StructureBuilder } from '../box-tree/structure.js';
import type { Fragment } from '../paginate/fragments.js';

/** A block-level box laid out in a block container: what its siblings need of it. */
export interface FlowResult {
  readonly frag: Fragment;
  readonly height: number;
  readonly width: number;
  readonly marginBottom: { readonly pos: number; readonly neg: number };
  readonly marginLeft: number;
  readonly top: number;
}

/** Where a box is laid out: its containing block's left edge and width, its border-box top. */
export interface FlowPlace {
  readonly x: number;
  readonly top: number;
  readonly width: number;
  readonly cbHeight: number | undefined;
}

interface Entry {
  readonly box: Pick<Box, 'kind' | 'id'>;
  readonly buildKey: string;
  readonly place: FlowPlace;
  readonly result: FlowResult;
  /** Its part of the pass's structure journal. */
  readonly journal: readonly [number, number];
}

/** What one pass of layout offers the next, and how much of it came from the pass before. */
export class FlowPass {
  /** Filled by the box tree's builder (BuildContext.buildKeys). */
  readonly buildKeys = new Map<StyledElement, string>();
  private readonly entries = new Map<StyledElement, Entry[]>();
  /** Block-level boxes of the flow laid out in this pass, and taken from the one before. */
  laidOut = 0;
  reused = 0;

  constructor(readonly sb: StructureBuilder) {}

  add(el: StyledElement, entry: Entry): void {
    const list = this.entries.get(el);
    if (list) list.push(entry);
    else this.entries.set(el, [entry]);
  }

  find(el: StyledElement, box: Box, buildKey: string, place: FlowPlace): Entry | undefined {
    const list = this.entries.get(el);
    if (!list) return undefined;
    for (const e of list)
      if (
        e.buildKey === buildKey &&
        e.box.kind === box.kind &&
        e.box.id === box.id &&
        samePlace(e.place, place)
      )
        return e;
    return undefined;
  }
}

/** Exact comparison: a layout reused at a place a rounding away would not be byte-identical. */
function samePlace(a: FlowPlace, b: FlowPlace): boolean {
  return a.x === b.x && a.top === b.top && a.width === b.width && a.cbHeight === b.cbHeight;
}

/** The flow's memory across passes: this pass records, the previous one answers. */
export class FlowReuse {
  constructor(
    readonly current: FlowPass,
    private readonly previous: FlowPass | undefined,
  ) {}

  /**
   * `box` laid out at `place`: taken from the previous pass when it fits (see the module
   * comment), otherwise by `layout`, and recorded for the next pass when `effects` (a count of
   * what layout may do outside the fragments: floats, fixed and positioned boxes, warnings)
   * did not move.
   */
  layOut(box: Box, place: FlowPlace, effects: () => number, layout: () => FlowResult): FlowResult {
    const el = box.el;
    const buildKey = el ? this.current.buildKeys.get(el) : undefined;
    if (!el || buildKey === undefined) {
      this.current.laidOut++;
      return layout();
    }
    const sb = this.current.sb;
    const earlier = this.previous?.find(el, box, buildKey, place);
    if (earlier) {
      const start = sb.journalLength;
      sb.replay(this.previous!.sb, earlier.journal[0], earlier.journal[1]);
      this.current.reused++;
      this.current.add(el, { ...earlier, journal: [start, sb.journalLength] });
      return earlier.result;
    }
    const start = sb.journalLength;
    const before = effects();
    this.current.laidOut++;
    const result = layout();
    if (effects() === before)
      this.current.add(el, {
        box: { kind: box.kind, id: box.id },
        buildKey,
        place,
        result,
        journal: [start, sb.journalLength],
      });
    return result;
  }
}
