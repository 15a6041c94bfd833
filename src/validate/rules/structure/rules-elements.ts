/**
 * Per-element rules: role mapping, parent entry, parent/child types (tables, lists, TOC),
 * headings, alternative descriptions, notes, forms and the language of Alt/ActualText/E.
 */
import { attribute } from './attributes.js';
import {
  decodeTextString,
  isDict,
  nameAt,
  resolvedDict,
  stringAt,
  textAt,
} from '../../model/read.js';
import type { StructCtx } from './context.js';
import { elementLocation } from './location.js';
import { R } from './specs.js';
import { kidTypeCounter, kidsStandardTypes, parentStandardType, type StructNode } from './tree.js';
import { chainFinder } from './chain.js';
import { headingLevel, isStandardType } from './types.js';
import type { RuleSpec } from '../../model/checks.js';

const count = (kids: readonly string[], t: string) => kids.filter((k) => k === t).length;
const onlyOf = (kids: readonly string[], allowed: readonly string[]) =>
  kids.every((k) => allowed.includes(k));
/** Caption anywhere but first. */
const captionNotFirst = (kids: readonly string[]) => kids.slice(1).includes('Caption');

/** Types whose parent or kids the 7.2 rules constrain. */
const CONTAINERS: ReadonlySet<string> = new Set([
  'Table',
  'TR',
  'THead',
  'TBody',
  'TFoot',
  'TH',
  'TD',
  'L',
  'LI',
  'LBody',
  'TOC',
  'TOCI',
]);

export function checkElements(c: StructCtx): void {
  const { doc, tree } = c;
  let lastHeadingLevel = 0;
  let seenH = false;
  let seenHn = false;
  const noteIds = new Set<string>();
  const countH = kidTypeCounter('H');
  // Language found on an element's /P ancestors. An element whose /P is itself has no Lang of
  // its own when this is asked, so the climb through it finds none, as it should.
  const chainHasLang = chainFinder(doc, (d) => stringAt(doc, d, 'Lang') !== null);
  const parentHasLang = (n: StructNode) => chainHasLang(resolvedDict(doc, n.dict.entries.get('P')));

  for (const node of tree.nodes) {
    const loc = elementLocation(doc, node);
    const st = node.standardType;
    const typeIsStandard = node.type !== null && isStandardType(node.type);
    const role = node.role;

    // Role map (ISO 32000-1, 14.8.4).
    const mappedTo = node.type !== null ? tree.roleMap.get(node.type) : undefined;
    // PDF/A-2 6.7.3.4 forbids mapping a standard type to a non-standard one, even when the chain
    // later reaches a standard type again.
    const aRemapped = typeIsStandard && mappedTo !== undefined && !isStandardType(mappedTo);
    if (st === null) {
      const notMapped = !role.remappedStandard && !role.circular;
      const detail = node.type === null ? 'the element has no S entry' : `type /${node.type}`;
      c.check(R.aNotMapped, !notMapped, loc, notMapped ? detail : undefined);
      c.check(R.uaNotMapped, !notMapped, loc, notMapped ? detail : undefined);
      c.check(R.aCircular, !role.circular, loc, role.circular ? `type /${node.type}` : undefined);
    }
    if (st === null || aRemapped) {
      c.check(
        R.aRemapped,
        !aRemapped,
        loc,
        aRemapped ? `/${node.type} is mapped to /${mappedTo}` : undefined,
      );
    }
    c.check(R.uaCircular, !role.circular, loc, role.circular ? `type /${node.type}` : undefined);
    // A remapped standard type always has a role map entry (resolveRole).
    const remapped = typeIsStandard && role.remappedStandard;
    c.check(
      R.uaRemapped,
      !remapped,
      loc,
      remapped ? `/${node.type} is mapped to /${mappedTo}` : undefined,
    );
    const p = node.dict.entries.get('P');
    c.check(R.hasParent, p !== undefined && doc.resolve(p) !== null, loc);

    // Language of alternative texts.
    const ownLang = stringAt(doc, node.dict, 'Lang') !== null;
    const langKnown = () => ownLang || c.catalogHasLang || parentHasLang(node);
    const langRule = (rule: RuleSpec, key: string) => {
      if (!c.has(rule)) return;
      const present = stringAt(doc, node.dict, key) !== null;
      c.check(rule, !present || langKnown(), loc);
    };
    langRule(R.actualTextLang, 'ActualText');
    langRule(R.altLang, 'Alt');
    langRule(R.eLang, 'E');

    const hCount = countH(node);
    c.check(R.oneH, hCount <= 1, loc, hCount > 1 ? `${hCount} H kids` : undefined);

    if (st === null) continue;
    if (CONTAINERS.has(st)) checkContainment(c, node, st, kidsStandardTypes(node), loc);

    const level = headingLevel(st);
    if (level !== null) {
      const ok = level <= lastHeadingLevel + 1;
      c.check(
        R.headingOrder,
        ok,
        loc,
        ok
          ? undefined
          : lastHeadingLevel === 0
            ? `first heading is H${level}`
            : `H${level} follows H${lastHeadingLevel}`,
      );
      lastHeadingLevel = level;
      seenHn = true;
      c.check(R.hnAfterH, !seenH, loc);
    } else if (st === 'H') {
      seenH = true;
      c.check(R.hAfterHn, !seenHn, loc);
    }

    if (st === 'Figure' || st === 'Formula') {
      const alt = textAt(doc, node.dict, 'Alt');
      const ok = (alt !== null && alt !== '') || stringAt(doc, node.dict, 'ActualText') !== null;
      c.check(st === 'Figure' ? R.figureAlt : R.formulaAlt, ok, loc);
    }

    if (st === 'Note') {
      const idStr = stringAt(doc, node.dict, 'ID');
      const id = idStr ? decodeTextString(idStr.bytes) : '';
      c.check(R.noteId, id !== '', loc);
      // Only non-empty IDs are kept, so an empty one is never a duplicate.
      const dup = noteIds.has(id);
      if (id) noteIds.add(id);
      c.check(R.noteIdUnique, !dup, loc, dup ? `ID "${id}"` : undefined);
    }

    if (st === 'Form' && c.has(R.formRole)) {
      const role = attribute(doc, node.dict, tree.classMap, 'PrintField', 'Role');
      c.check(R.formRole, (role !== undefined && role !== null) || hasOneWidgetChild(c, node), loc);
    }
  }
}

function checkContainment(
  c: StructCtx,
  node: StructNode,
  st: string,
  kids: readonly string[],
  loc: string,
): void {
  const parentOf = () => parentStandardType(c.doc, c.tree, node) ?? 'none';
  const needParent = (rule: RuleSpec, ok: (p: string) => boolean) => {
    if (!c.has(rule)) return;
    const parent = parentOf();
    c.check(rule, ok(parent), loc, ok(parent) ? undefined : `parent is ${parent}`);
  };
  const needKids = (rule: RuleSpec, ok: boolean) =>
    c.check(rule, ok, loc, ok ? undefined : `kids: ${kids.join(', ')}`);

  switch (st) {
    case 'Table': {
      needKids(R.tableKids, onlyOf(kids, ['TR', 'THead', 'TBody', 'TFoot', 'Caption']));
      needKids(R.oneTHead, count(kids, 'THead') <= 1);
      needKids(R.oneTFoot, count(kids, 'TFoot') <= 1);
      needKids(R.tfootNeedsTBody, count(kids, 'TFoot') === 0 || count(kids, 'TBody') > 0);
      needKids(R.theadNeedsTBody, count(kids, 'THead') === 0 || count(kids, 'TBody') > 0);
      needKids(R.captionPlace, !kids.join('&').includes('&Caption&'));
      needKids(R.oneCaption, count(kids, 'Caption') < 2);
      break;
    }
    case 'TR':
      needParent(R.trParent, (p) => ['Table', 'THead', 'TBody', 'TFoot'].includes(p));
      needKids(R.trKids, onlyOf(kids, ['TH', 'TD']));
      break;
    case 'THead':
      needParent(R.theadParent, (p) => p === 'Table');
      needKids(R.theadKids, onlyOf(kids, ['TR']));
      break;
    case 'TBody':
      needParent(R.tbodyParent, (p) => p === 'Table');
      needKids(R.tbodyKids, onlyOf(kids, ['TR']));
      break;
    case 'TFoot':
      needParent(R.tfootParent, (p) => p === 'Table');
      needKids(R.tfootKids, onlyOf(kids, ['TR']));
      break;
    case 'TH':
      needParent(R.thParent, (p) => p === 'TR');
      break;
    case 'TD':
      needParent(R.tdParent, (p) => p === 'TR');
      break;
    case 'L':
      needKids(R.lKids, onlyOf(kids, ['L', 'LI', 'Caption']));
      needKids(R.lCaption, !captionNotFirst(kids));
      break;
    case 'LI':
      needParent(R.liParent, (p) => p === 'L');
      needKids(R.liKids, onlyOf(kids, ['Lbl', 'LBody']));
      break;
    case 'LBody':
      needParent(R.lbodyParent, (p) => p === 'LI');
      break;
    case 'TOC':
      needKids(R.tocKids, onlyOf(kids, ['TOC', 'TOCI', 'Caption']));
      needKids(R.tocCaption, !captionNotFirst(kids));
      break;
    case 'TOCI':
      needParent(R.tociParent, (p) => p === 'TOC');
      break;
  }
}

/** A Form element's only kid is an object reference to a widget annotation (ISO 32000-1, Table 340). */
function hasOneWidgetChild(c: StructCtx, node: StructNode): boolean {
  if (node.kids.length !== 0 || node.mcids.length !== 0 || node.objrs.length !== 1) return false;
  const obj = c.doc.resolve(node.objrs[0].obj);
  return isDict(obj) && nameAt(c.doc, obj, 'Subtype') === 'Widget';
}
