/**
 * Role map resolution (ISO 32000-1, 14.7.3 and 14.8.4): a structure type maps, possibly through
 * other non-standard types, to a standard type. Every walk is bounded by the role map's size and
 * remembers what it visited, so a cyclic map ends.
 */
export type RoleMap = ReadonlyMap<string, string>;

export interface RoleInfo {
  /** The standard type the element behaves as, or null when none is reached. */
  readonly standardType: string | null;
  /** The mapping chain starting at the type revisits a type. */
  readonly circular: boolean;
  /** A standard type is mapped to something that does not resolve back to itself. */
  readonly remappedStandard: boolean;
}

export function resolveRole(
  type: string,
  roleMap: RoleMap,
  isStandard: (t: string) => boolean,
): RoleInfo {
  const visited = new Set<string>([type]);
  const first = roleMap.get(type);
  const typeIsStandard = isStandard(type);
  let standardType: string | null = null;
  if (typeIsStandard && (first === undefined || first === type)) {
    // A standard type with no mapping (or one mapping to itself) stands for itself.
    standardType = type;
  } else {
    let cur = first;
    while (cur !== undefined && !visited.has(cur)) {
      if (isStandard(cur)) {
        standardType = cur;
        break;
      }
      visited.add(cur);
      cur = roleMap.get(cur);
    }
  }
  return {
    standardType,
    circular: hasCycle(type, roleMap),
    remappedStandard: typeIsStandard && standardType !== type,
  };
}

function hasCycle(type: string, roleMap: RoleMap): boolean {
  const visited = new Set<string>([type]);
  let cur = roleMap.get(type);
  while (cur !== undefined) {
    if (visited.has(cur)) return true;
    visited.add(cur);
    cur = roleMap.get(cur);
  }
  return false;
}
