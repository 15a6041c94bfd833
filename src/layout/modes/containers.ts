/**
 * Size containers (container-type: inline-size | size): the content boxes layout measures for
 * the next styling of the document (container queries), and size containment, which makes a
 * container's intrinsic inline size (and, for `size`, its auto block size) that of an empty box.
 */
import { sizeContainerType, type ComputedStyle, type ContainerSize } from '../../style/index.js';
import { PX } from '../units.js';

type Entry = readonly [nodeId: number, size: ContainerSize];
/** What one layout recorded, kept with a layout that may be used again. */
export type ContainerEntries = readonly Entry[];

/**
 * Container content boxes by node id, the last layout of each box winning. Layouts kept and
 * used again (a flex or grid item measured at the width it ends up with) replay what they
 * recorded, so the final layout's sizes are the ones kept.
 */
export class ContainerLog {
  readonly sizes = new Map<number, ContainerSize>();
  private readonly journals: Entry[][] = [];

  record(nodeId: number, size: ContainerSize): void {
    this.sizes.set(nodeId, size);
    for (const j of this.journals) j.push([nodeId, size]);
  }

  /** Runs a layout and returns what it recorded along with its result. */
  capture<T>(run: () => T): { result: T; entries: readonly Entry[] } {
    const journal: Entry[] = [];
    this.journals.push(journal);
    try {
      return { result: run(), entries: journal };
    } finally {
      this.journals.pop();
    }
  }

  replay(entries: readonly Entry[] | undefined): void {
    if (entries) for (const [id, size] of entries) this.record(id, size);
  }

  /** Entries of another log not in this one (a layout at another page width). */
  fillFrom(other: ContainerLog): void {
    for (const [id, size] of other.sizes) if (!this.sizes.has(id)) this.sizes.set(id, size);
  }
}

/** `run`'s result with what it recorded, when anything is recorded at all. */
export function withRecords<T extends object>(
  log: ContainerLog | undefined,
  run: () => T,
): T & { readonly containers?: ContainerEntries } {
  if (!log) return run();
  const { result, entries } = log.capture(run);
  return entries.length > 0 ? { ...result, containers: entries } : result;
}

export function isSizeContainer(s: ComputedStyle): boolean {
  return s.containerType !== 'normal' && sizeContainerType(s) !== 'normal';
}

/** Size containment on the block axis: an auto height is that of an empty box. */
export function blockContained(s: ComputedStyle): boolean {
  return s.containerType === 'size' && sizeContainerType(s) === 'size';
}

/**
 * Records a container laid out with this border box (points) and these borders and padding:
 * its content box, in CSS px.
 */
export function recordContainer(
  log: ContainerLog,
  nodeId: number,
  borderBox: { readonly width: number; readonly height: number },
  edges: { readonly horizontal: number; readonly vertical: number },
): void {
  log.record(nodeId, {
    width: Math.max(0, borderBox.width - edges.horizontal) / PX,
    height: Math.max(0, borderBox.height - edges.vertical) / PX,
  });
}
