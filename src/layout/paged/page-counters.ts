/**
 * Counters of the page context: `page` (incremented on every page unless the @page rules
 * change it themselves), `pages`, and any counter the @page rules reset, set or increment.
 * Applied page after page in WeasyPrint's order: reset, set, increment.
 */
import type { PageStyle } from '../../style/index.js';

/** Counter values on one page: name → values, outermost first (counters() joins them). */
export type PageCounters = ReadonlyMap<string, readonly number[]>;

export function pageCounters(styles: readonly PageStyle[]): PageCounters[] {
  const values = new Map<string, number[]>();
  const out: PageCounters[] = [];
  for (const style of styles) {
    const s = style.context;
    for (const c of s.counterReset) values.set(c.name, [c.value]);
    for (const c of s.counterSet) setLast(values, c.name, () => c.value);
    const touchesPage = [...s.counterReset, ...s.counterSet, ...s.counterIncrement].some(
      (c) => c.name === 'page',
    );
    if (!touchesPage) setLast(values, 'page', (v) => v + 1);
    for (const c of s.counterIncrement) setLast(values, c.name, (v) => v + c.value);
    out.push(new Map([...values].map(([k, v]) => [k, [...v]])));
  }
  const total = styles.length;
  for (const m of out) (m as Map<string, readonly number[]>).set('pages', [total]);
  return out;
}

function setLast(values: Map<string, number[]>, name: string, f: (v: number) => number): void {
  const list = values.get(name);
  if (!list || list.length === 0) values.set(name, [f(0)]);
  else list[list.length - 1] = f(list[list.length - 1]);
}

/** The value counter(name) shows on a page (0 for a counter the page context does not know). */
export function counterValue(counters: PageCounters, name: string): number {
  const v = counters.get(name);
  return v && v.length > 0 ? v[v.length - 1] : 0;
}
