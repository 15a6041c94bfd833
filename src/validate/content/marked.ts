/**
 * Marked content (ISO 32000-1, 14.6) as an immutable chain: each BMC/BDC pushes a node whose
 * parent is the enclosing sequence. Events carry the innermost node, so a consumer can ask
 * whether a painted item is inside an Artifact or a tagged (MCID) sequence without replaying
 * the stream. A form XObject starts with the chain of the Do that draws it.
 */
import type { CosDict, CosString } from '../model/cos.js';
import { asString, integerValue, nameValue } from '../model/read.js';

export interface MarkedContent {
  /** The tag operand (e.g. 'Span', 'Artifact', 'P'). */
  readonly tag: string;
  /** The property list: inline dictionary or the named /Properties resource; null for BMC. */
  readonly properties: CosDict | null;
  /** The MCID of this sequence itself, when its property list has one. */
  readonly mcid: number | null;
  readonly parent: MarkedContent | null;
  /** 1 for an outermost sequence. */
  readonly depth: number;
}

export function pushMarkedContent(
  parent: MarkedContent | null,
  tag: string,
  properties: CosDict | null,
): MarkedContent {
  const mcid = properties ? integerValue(properties.entries.get('MCID')) : null;
  return { tag, properties, mcid, parent, depth: (parent?.depth ?? 0) + 1 };
}

/** The MCID of the nearest enclosing tagged sequence, or null. */
export function enclosingMcid(mc: MarkedContent | null): number | null {
  for (let m = mc; m; m = m.parent) if (m.mcid !== null) return m.mcid;
  return null;
}

/** Whether any enclosing sequence is an Artifact (BMC /Artifact or BDC /Artifact <<...>>). */
export function insideArtifact(mc: MarkedContent | null): boolean {
  for (let m = mc; m; m = m.parent) if (m.tag === 'Artifact') return true;
  return false;
}

/** Whether the item is tagged (inside an MCID sequence) or an artifact. */
export function isTaggedOrArtifact(mc: MarkedContent | null): boolean {
  for (let m = mc; m; m = m.parent) if (m.mcid !== null || m.tag === 'Artifact') return true;
  return false;
}

/** A property (ActualText, Alt, E, Lang) from the nearest enclosing sequence that has it. */
export function inheritedProperty(
  mc: MarkedContent | null,
  key: 'ActualText' | 'Alt' | 'E' | 'Lang',
): CosString | null {
  for (let m = mc; m; m = m.parent) {
    const v = m.properties?.entries.get(key);
    const s = asString(v);
    if (s) return s;
  }
  return null;
}

/** The tags from outermost to innermost, e.g. ['P', 'Span']. */
export function tagPath(mc: MarkedContent | null): string[] {
  const out: string[] = [];
  for (let m = mc; m; m = m.parent) out.push(m.tag);
  return out.reverse();
}

export function artifactType(mc: MarkedContent | null): string | null {
  for (let m = mc; m; m = m.parent) {
    if (m.tag === 'Artifact') return nameValue(m.properties?.entries.get('Type')) ?? null;
  }
  return null;
}
