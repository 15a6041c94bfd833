/**
 * PDF/A extension schemas (ISO 19005-2, 6.6.2.3.2 and 6.6.2.3.3): reading the
 * pdfaExtension:schemas container into property definitions and custom value types, and
 * the parts of it that the container rules look at.
 */
import { NS, findProperty } from './model.js';
import type { XmpNode, XmpPacket } from './model.js';
import type { StructTypeDef } from './schemas.js';
import { PREDEFINED_TYPES, TypeRegistry } from './value-types.js';

export interface ExtensionSchema {
  /** Property name → declared value type. */
  readonly properties: ReadonlyMap<string, string>;
  /** The value types this schema can use: predefined plus its own pdfaSchema:valueType entries. */
  readonly types: TypeRegistry;
}

export interface ExtensionDefinitions {
  /** Extension schemas by namespace URI (a later schema for the same namespace replaces an earlier one). */
  readonly schemas: ReadonlyMap<string, ExtensionSchema>;
  /** Predefined types plus every value type defined anywhere in the container. */
  readonly allTypes: TypeRegistry;
  /** Every namespace URI a schema of the container declares, with or without properties. */
  readonly declaredNamespaces: ReadonlySet<string>;
}

/** The first child of a node with this namespace and name. */
export function child(node: XmpNode, ns: string, name: string): XmpNode | undefined {
  return node.children.find((c) => c.ns === ns && c.name === name);
}

function text(node: XmpNode | undefined): string | undefined {
  return node?.kind === 'simple' ? node.value : undefined;
}

/** The pdfaExtension:schemas property of a packet, when present. */
export function extensionContainer(packet: XmpPacket): XmpNode | undefined {
  return findProperty(packet, NS.pdfaExtension, 'schemas');
}

/** Custom structure types declared in one pdfaSchema:valueType array. */
function readValueTypes(valueTypes: XmpNode | undefined): Map<string, StructTypeDef> {
  const out = new Map<string, StructTypeDef>();
  if (!valueTypes || valueTypes.kind !== 'array') return out;
  for (const vt of valueTypes.children) {
    const name = text(child(vt, NS.pdfaType, 'type'));
    const ns = text(child(vt, NS.pdfaType, 'namespaceURI'));
    const fieldArray = child(vt, NS.pdfaType, 'field');
    if (name === undefined || ns === undefined || !fieldArray || fieldArray.kind !== 'array')
      continue;
    const fields: Record<string, string> = {};
    let count = 0;
    for (const f of fieldArray.children) {
      const fname = text(child(f, NS.pdfaField, 'name'));
      const ftype = text(child(f, NS.pdfaField, 'valueType'));
      if (fname !== undefined && ftype !== undefined) {
        fields[fname] = ftype;
        count++;
      }
    }
    // A structure without fields describes nothing a value could be checked against.
    if (count > 0) out.set(name, { ns, fields });
  }
  return out;
}

function arrayChild(schema: XmpNode, name: string): XmpNode | undefined {
  const c = child(schema, NS.pdfaSchema, name);
  return c?.kind === 'array' ? c : undefined;
}

/** Reads the definitions an extension schema container gives to the packet holding it. */
export function readExtensionDefinitions(packet: XmpPacket): ExtensionDefinitions {
  const container = extensionContainer(packet);
  const schemas = new Map<string, ExtensionSchema>();
  const allDefined = new Map<string, StructTypeDef>();
  const declaredNamespaces = new Set<string>();
  if (!container || container.kind !== 'array') {
    return { schemas, allTypes: PREDEFINED_TYPES, declaredNamespaces };
  }
  for (const schema of container.children) {
    for (const [k, v] of readValueTypes(arrayChild(schema, 'valueType'))) allDefined.set(k, v);
  }
  for (const schema of container.children) {
    const ns = text(child(schema, NS.pdfaSchema, 'namespaceURI'));
    if (ns !== undefined) declaredNamespaces.add(ns);
    const propertyArray = arrayChild(schema, 'property');
    if (ns === undefined || !propertyArray) continue;
    const types = new TypeRegistry(
      readValueTypes(arrayChild(schema, 'valueType')),
      PREDEFINED_TYPES,
    );
    const properties = new Map<string, string>();
    for (const p of propertyArray.children) {
      const name = text(child(p, NS.pdfaProperty, 'name'));
      const type = text(child(p, NS.pdfaProperty, 'valueType'));
      // Only a property whose type can be checked counts as defined; the first wins.
      if (
        name !== undefined &&
        type !== undefined &&
        types.isKnown(type) &&
        !properties.has(name)
      ) {
        properties.set(name, type);
      }
    }
    schemas.set(ns, { properties, types });
  }
  return { schemas, allTypes: new TypeRegistry(allDefined, PREDEFINED_TYPES), declaredNamespaces };
}
