/**
 * XMP value types: whether a node has the form and value a type name asks for (XMP
 * Specification 2005, Part 2, 1.2 "Value types"; ISO 19005-2, 6.6.2.3.1). Type names are
 * as written in schema tables or in pdfaProperty:valueType ("Bag ProperName", "Lang Alt",
 * "Closed Choice of Integer", a custom structure type...).
 */
import type { XmpNode } from './model.js';
import { PREDEFINED_STRUCT_TYPES } from './schemas.js';
import type { StructTypeDef } from './schemas.js';
import { isXmpDate } from './date.js';

/** Simple types checked by pattern (PDF/A-2/3 readings of the XMP 2005 definitions). */
const SIMPLE_PATTERNS: ReadonlyMap<string, RegExp | null> = new Map<string, RegExp | null>([
  ['boolean', /^(True|False)$/],
  ['integer', /^[+-]?[0-9]+$/],
  ['real', /^(?:[+-]?[0-9]+\.?[0-9]*|[+-]?[0-9]*\.?[0-9]+)$/],
  ['mimetype', /^[-A-Za-z0-9_+.]+\/[-A-Za-z0-9_+.]+$/],
  ['gpscoordinate', /^[0-9]{1,3},[0-9]{1,2}(,[0-9]{1,2}|\.[0-9]+)[NSEW]$/],
  // Free-form text types: any simple value.
  ['text', null],
  ['propername', null],
  ['agentname', null],
  ['rational', null],
  ['renditionclass', null],
  // Locale is accepted as any text: the conformance suite has a language given as a URI
  // that must pass.
  ['locale', null],
  // URI, URL and XPath are checked as text: the reference validator and the PDF/A TWG
  // agreed not to parse them.
  ['uri', null],
  ['url', null],
  ['xpath', null],
]);

const ARRAY_PREFIXES = ['bag', 'seq', 'alt'] as const;

/**
 * Normal form of a type name: lower case, choice wording removed, a bare array kind
 * meaning an array of Text.
 */
export function simplifyType(type: string): string {
  let t = type
    .toLowerCase()
    .replace(/(open |closed )?(choice |choice$)(of )?/g, '')
    .trim();
  if (t === '') return 'text';
  if (t.endsWith('lang alt')) return t;
  for (const p of ARRAY_PREFIXES) {
    if (t.endsWith(p)) {
      t += ' text';
      break;
    }
  }
  return t;
}

/** A set of value types: the predefined ones plus structures an extension schema defines. */
export class TypeRegistry {
  private readonly structs: Map<string, StructTypeDef>;

  constructor(extra?: ReadonlyMap<string, StructTypeDef>, base?: TypeRegistry) {
    this.structs = new Map(base ? base.structs : Object.entries(PREDEFINED_STRUCT_TYPES));
    if (extra) for (const [k, v] of extra) this.structs.set(simplifyType(k), v);
  }

  /** Whether the type name (after array prefixes) names a type this registry can check. */
  isKnown(type: string): boolean {
    let t = simplifyType(type);
    for (;;) {
      const p = ARRAY_PREFIXES.find((a) => t.startsWith(`${a} `));
      if (!p) break;
      t = t.slice(p.length + 1);
    }
    return this.isKnownBase(t);
  }

  private isKnownBase(t: string): boolean {
    return SIMPLE_PATTERNS.has(t) || t === 'date' || t === 'lang alt' || this.structs.has(t);
  }

  /** Whether the node conforms to the type; unknown types never conform. */
  conforms(node: XmpNode, type: string, depth = 0): boolean {
    if (depth > 32) return false;
    const t = simplifyType(type);
    if (t === 'any') return true;
    for (const p of ARRAY_PREFIXES) {
      if (t.startsWith(`${p} `)) {
        if (node.kind !== 'array') return false;
        const kindOk =
          p === 'alt'
            ? node.arrayKind === 'alt'
            : p === 'seq'
              ? node.arrayKind === 'seq'
              : node.arrayKind === 'bag';
        if (!kindOk) return false;
        const itemType = t.slice(p.length + 1);
        return node.children.every((c) => this.conforms(c, itemType, depth + 1));
      }
    }
    if (t === 'lang alt') {
      return (
        node.kind === 'array' &&
        node.arrayKind === 'alt' &&
        (node.children.length === 0 || node.children.some((c) => c.lang !== undefined))
      );
    }
    if (t === 'date') return node.kind === 'simple' && isXmpDate(node.value);
    if (SIMPLE_PATTERNS.has(t)) {
      if (node.kind !== 'simple') return false;
      const re = SIMPLE_PATTERNS.get(t);
      return !re || re.test(node.value);
    }
    const struct = this.structs.get(t);
    if (struct) {
      if (node.kind !== 'struct') return false;
      return node.children.every(
        (c) =>
          c.ns === struct.ns &&
          Object.hasOwn(struct.fields, c.name) &&
          this.conforms(c, struct.fields[c.name], depth + 1),
      );
    }
    return false;
  }
}

/** The registry of predefined types only (shared; it is never mutated). */
export const PREDEFINED_TYPES = new TypeRegistry();
