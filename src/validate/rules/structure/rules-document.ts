/** Document-level structure rules: MarkInfo, StructTreeRoot, DisplayDocTitle. */
import { resolvedDict } from '../../model/read.js';
import type { StructCtx } from './context.js';
import { R } from './specs.js';

const CATALOG = 'document catalog';

export function checkDocument(c: StructCtx): void {
  const { doc } = c;
  const catalog = doc.catalog;
  const markInfo = catalog ? resolvedDict(doc, catalog.entries.get('MarkInfo')) : null;
  const marked = markInfo ? doc.resolve(markInfo.entries.get('Marked')) === true : false;
  const why = markInfo ? 'MarkInfo Marked is missing or false' : 'no MarkInfo dictionary';
  c.check(R.aMarked, marked, CATALOG, marked ? undefined : why);
  c.check(R.uaMarked, marked, CATALOG, marked ? undefined : why);

  const suspects = markInfo ? doc.resolve(markInfo.entries.get('Suspects')) === true : false;
  c.check(R.suspects, !suspects, `${CATALOG} MarkInfo`);

  const hasRoot = c.tree.root !== null;
  c.check(R.aStructRoot, hasRoot, CATALOG);
  c.check(R.uaStructRoot, hasRoot, CATALOG);

  const prefs = catalog ? resolvedDict(doc, catalog.entries.get('ViewerPreferences')) : null;
  const display = prefs ? doc.resolve(prefs.entries.get('DisplayDocTitle')) === true : false;
  c.check(
    R.displayDocTitle,
    display,
    CATALOG,
    display
      ? undefined
      : prefs
        ? 'DisplayDocTitle is missing or false'
        : 'no ViewerPreferences dictionary',
  );
}
