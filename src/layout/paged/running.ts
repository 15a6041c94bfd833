/**
 * Running content per page (CSS GCPM 1 §1-2): which value of a named string or running element
 * string() / element() read on each page, from the page marks the paginator recorded.
 *
 * - first: the first assignment on the page, else the value the page starts with (the last
 *   assignment on an earlier page; '' / nothing before any);
 * - start: the value the page starts with, unless an assignment comes with the page's first
 *   content;
 * - last: the last assignment on the page, else the value the page starts with;
 * - first-except: nothing on a page with an assignment, else the value the page starts with.
 */
import type { RunningWhich, StyledElement } from '../../style/index.js';
import type { PlacedMark } from '../paginate/paginator.js';

export interface RunningElement {
  readonly element: StyledElement;
  readonly lang: string;
}

/** What string() and element() read on one page. */
export interface PageRunning {
  string(name: string, which: RunningWhich): string;
  element(name: string, which: RunningWhich): RunningElement | undefined;
}

interface Assignment<T> {
  readonly value: T;
  readonly atStart: boolean;
}

/** The values on one page of one name. */
class Track<T> {
  constructor(
    readonly entry: T | undefined,
    readonly here: readonly Assignment<T>[],
  ) {}

  read(which: RunningWhich): T | undefined {
    const first = this.here[0];
    switch (which) {
      case 'first':
        return first ? first.value : this.entry;
      case 'start':
        return first?.atStart ? first.value : this.entry;
      case 'last':
        return this.here.length > 0 ? this.here[this.here.length - 1].value : this.entry;
      case 'first-except':
        return first ? undefined : this.entry;
    }
  }
}

/** Running values of every page, from each page's marks in document order. */
export function runningValues(
  pages: readonly { readonly marks: readonly PlacedMark[] }[],
): PageRunning[] {
  const strings = new Map<string, string>();
  const elements = new Map<string, RunningElement>();
  const out: PageRunning[] = [];
  for (const page of pages) {
    const entryStrings = new Map(strings);
    const entryElements = new Map(elements);
    const stringsHere = new Map<string, Assignment<string>[]>();
    const elementsHere = new Map<string, Assignment<RunningElement>[]>();
    for (const { mark, atStart } of page.marks) {
      if (mark.kind === 'string') {
        add(stringsHere, mark.name, { value: mark.value, atStart });
        strings.set(mark.name, mark.value);
      } else if (mark.kind === 'running') {
        const value = { element: mark.element, lang: mark.lang };
        add(elementsHere, mark.name, { value, atStart });
        elements.set(mark.name, value);
      }
    }
    out.push(new PageValues(entryStrings, stringsHere, entryElements, elementsHere));
  }
  return out;
}

/**
 * The running values of one page. A class rather than closures made for every page: functions
 * made anew on every call lose their optimized code at each major garbage collection (Node 20).
 */
class PageValues implements PageRunning {
  constructor(
    private readonly entryStrings: ReadonlyMap<string, string>,
    private readonly stringsHere: ReadonlyMap<string, Assignment<string>[]>,
    private readonly entryElements: ReadonlyMap<string, RunningElement>,
    private readonly elementsHere: ReadonlyMap<string, Assignment<RunningElement>[]>,
  ) {}

  string(name: string, which: RunningWhich): string {
    return (
      new Track(this.entryStrings.get(name), this.stringsHere.get(name) ?? []).read(which) ?? ''
    );
  }

  element(name: string, which: RunningWhich): RunningElement | undefined {
    return new Track(this.entryElements.get(name), this.elementsHere.get(name) ?? []).read(which);
  }
}

function add<T>(m: Map<string, Assignment<T>[]>, name: string, a: Assignment<T>): void {
  const list = m.get(name);
  if (list) list.push(a);
  else m.set(name, [a]);
}
