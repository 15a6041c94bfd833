/**
 * Colour space resolution (ISO 32000-1, 8.6): turns a colour space operand or definition into
 * a typed description with its nested spaces (Indexed base, Separation/DeviceN alternate,
 * ICCBased alternate, Pattern underlying space), so rules can walk every space that is in use.
 */
import type { CosArray, CosDict, CosObject, CosStream } from '../model/cos.js';
import type { PdfDocumentModel } from '../model/document.js';
import { asDict, asStream, indirectKeyOf, nameValue, numberValue } from '../model/read.js';

export type ColourFamily =
  | 'DeviceGray'
  | 'DeviceRGB'
  | 'DeviceCMYK'
  | 'CalGray'
  | 'CalRGB'
  | 'Lab'
  | 'ICCBased'
  | 'Indexed'
  | 'Pattern'
  | 'Separation'
  | 'DeviceN'
  | 'Unknown';

export interface ColourSpace {
  readonly family: ColourFamily;
  /** Identity for de-duplicating checks: the indirect object when there is one, else a path. */
  readonly key: string;
  /** The definition (name or array) after references are followed. */
  readonly definition: CosObject;
  /** Set when a device space was replaced by DefaultGray/DefaultRGB/DefaultCMYK from the resources. */
  readonly defaultFor?: 'DeviceGray' | 'DeviceRGB' | 'DeviceCMYK';
  /** Indexed base, or the underlying space of an uncoloured Pattern space. */
  readonly base?: ColourSpace;
  /** Alternate of Separation, DeviceN or ICCBased. */
  readonly alternate?: ColourSpace;
  /** The tint transform of Separation/DeviceN. */
  readonly tintTransform?: CosObject;
  /** ICCBased profile stream. */
  readonly iccProfile?: CosStream;
  /** Number of colour components (ICC N, DeviceN colourant count, ...); 0 when unknown. */
  readonly components: number;
  /** Separation colourant name, or DeviceN colourant names. */
  readonly colorants?: readonly string[];
  /** DeviceN attributes dictionary. */
  readonly attributes?: CosDict;
}

/** Where colour spaces named in a content stream are looked up. */
export interface ResourceLookup {
  /** The resources of the stream itself. */
  readonly own: CosDict | null;
  /** Resources used when the stream has none of its own (page resources); lookups there are 'inherited'. */
  readonly inherited: CosDict | null;
}

const MAX_DEPTH = 8;

export const DEVICE_GRAY: ColourSpace = device('DeviceGray');
export const DEVICE_RGB: ColourSpace = device('DeviceRGB');
export const DEVICE_CMYK: ColourSpace = device('DeviceCMYK');

function device(family: 'DeviceGray' | 'DeviceRGB' | 'DeviceCMYK'): ColourSpace {
  const components = family === 'DeviceGray' ? 1 : family === 'DeviceRGB' ? 3 : 4;
  return {
    family,
    key: family,
    definition: { kind: 'name', value: family, bytes: new TextEncoder().encode(family) },
    components,
  };
}

const DEVICE_ALIASES: Record<string, ColourSpace> = {
  DeviceGray: DEVICE_GRAY,
  G: DEVICE_GRAY,
  DeviceRGB: DEVICE_RGB,
  RGB: DEVICE_RGB,
  DeviceCMYK: DEVICE_CMYK,
  CMYK: DEVICE_CMYK,
};

const DEFAULT_NAMES = {
  DeviceGray: 'DefaultGray',
  DeviceRGB: 'DefaultRGB',
  DeviceCMYK: 'DefaultCMYK',
} as const;

/** A resource entry by category and name, noting whether it came from the inherited resources. */
export function lookupResource(
  doc: PdfDocumentModel,
  res: ResourceLookup,
  category: string,
  name: string,
): { readonly raw: CosObject; readonly value: CosObject; readonly inherited: boolean } | null {
  for (const [dict, inherited] of [
    [res.own, false],
    [res.inherited, true],
  ] as const) {
    if (!dict) continue;
    const cat = asDict(doc.get(dict, category));
    if (!cat || !cat.entries.has(name)) continue;
    const raw = cat.entries.get(name) ?? null;
    return { raw, value: doc.resolve(raw), inherited };
    // A category present in the own resources still falls through when the name is missing,
    // matching how readers resolve names for streams without complete resources.
  }
  return null;
}

/**
 * A device space after Default colour space substitution (8.6.5.6): when the current resource
 * dictionary defines DefaultRGB (etc.), the device space used in content is that space instead.
 * The current resource dictionary is the stream's own (a form's, a pattern's, an appearance's,
 * a soft mask group's) when it has one: a default set on the page does not reach into a
 * stream with resources of its own.
 */
export function deviceOrDefault(
  doc: PdfDocumentModel,
  res: ResourceLookup,
  family: keyof typeof DEFAULT_NAMES,
): ColourSpace {
  const current: ResourceLookup = { own: res.own ?? res.inherited, inherited: null };
  const found = lookupResource(doc, current, 'ColorSpace', DEFAULT_NAMES[family]);
  if (found) {
    const cs = resolveColourSpace(
      doc,
      found.raw,
      res,
      1,
      `ColorSpace/${DEFAULT_NAMES[family]}`,
      false,
    );
    if (cs && cs.family !== 'Unknown') return { ...cs, defaultFor: family };
  }
  return DEVICE_ALIASES[family];
}

/** Resolves a cs/CS operand or an image /ColorSpace value. */
export function resolveColourSpaceOperand(
  doc: PdfDocumentModel,
  operand: CosObject,
  res: ResourceLookup,
): ColourSpace | null {
  const name = nameValue(operand);
  if (name !== null) {
    if (name === 'DeviceGray' || name === 'DeviceRGB' || name === 'DeviceCMYK')
      return deviceOrDefault(doc, res, name);
    if (name === 'G' || name === 'RGB' || name === 'CMYK') {
      return deviceOrDefault(
        doc,
        res,
        name === 'G' ? 'DeviceGray' : name === 'RGB' ? 'DeviceRGB' : 'DeviceCMYK',
      );
    }
    if (name === 'Pattern')
      return { family: 'Pattern', key: 'Pattern', definition: operand, components: 0 };
    const found = lookupResource(doc, res, 'ColorSpace', name);
    if (!found) return null;
    return resolveColourSpace(doc, found.raw, res, 0, `ColorSpace/${name}`);
  }
  return resolveColourSpace(doc, operand, res, 0, 'inline');
}

/** Resolves a colour space definition (name or array, possibly indirect). */
export function resolveColourSpace(
  doc: PdfDocumentModel,
  raw: CosObject,
  res: ResourceLookup,
  depth = 0,
  path = 'colour space',
  allowDefault = true,
): ColourSpace | null {
  if (depth > MAX_DEPTH) return null;
  const key = indirectKeyOf(raw) ?? path;
  const value = doc.resolve(raw);
  const name = nameValue(value);
  if (name !== null) {
    const dev = DEVICE_ALIASES[name];
    // Default colour spaces replace device spaces wherever they are selected, nested ones included.
    if (dev)
      return allowDefault
        ? deviceOrDefault(doc, res, dev.family as keyof typeof DEFAULT_NAMES)
        : dev;
    if (name === 'Pattern')
      return { family: 'Pattern', key: 'Pattern', definition: value, components: 0 };
    // A name that is neither a family nor a device space may name another resource (inline images).
    if (depth === 0) {
      const found = lookupResource(doc, res, 'ColorSpace', name);
      if (found && found.raw !== raw)
        return resolveColourSpace(doc, found.raw, res, depth + 1, `ColorSpace/${name}`);
    }
    return { family: 'Unknown', key, definition: value, components: 0 };
  }
  if (value === null || typeof value !== 'object' || value.kind !== 'array') {
    return value === null ? null : { family: 'Unknown', key, definition: value, components: 0 };
  }
  return resolveArray(doc, value, res, depth, key, allowDefault);
}

function resolveArray(
  doc: PdfDocumentModel,
  arr: CosArray,
  res: ResourceLookup,
  depth: number,
  key: string,
  allowDefault: boolean,
): ColourSpace {
  const family = nameValue(doc.resolve(arr.items[0] ?? null));
  const item = (i: number): CosObject => arr.items[i] ?? null;
  switch (family) {
    case 'DeviceGray':
    case 'DeviceRGB':
    case 'DeviceCMYK':
    case 'G':
    case 'RGB':
    case 'CMYK':
      return allowDefault
        ? deviceOrDefault(doc, res, DEVICE_ALIASES[family].family as keyof typeof DEFAULT_NAMES)
        : DEVICE_ALIASES[family];
    case 'CalGray':
      return { family: 'CalGray', key, definition: arr, components: 1 };
    case 'CalRGB':
      return { family: 'CalRGB', key, definition: arr, components: 3 };
    case 'Lab':
      return { family: 'Lab', key, definition: arr, components: 3 };
    case 'ICCBased': {
      const stream = asStream(doc.resolve(item(1)));
      const n = stream ? numberValue(doc.get(stream.dict, 'N')) : null;
      const altRaw = stream ? stream.dict.entries.get('Alternate') : undefined;
      const alternate =
        altRaw !== undefined
          ? resolveColourSpace(doc, altRaw, res, depth + 1, `${key}/Alternate`)
          : null;
      const iccKey = indirectKeyOf(item(1)) ?? key;
      return {
        family: 'ICCBased',
        key: iccKey,
        definition: arr,
        iccProfile: stream ?? undefined,
        components: n ?? 0,
        alternate: alternate ?? undefined,
      };
    }
    case 'Indexed':
    case 'I': {
      const base = resolveColourSpace(doc, item(1), res, depth + 1, `${key}/base`);
      return { family: 'Indexed', key, definition: arr, base: base ?? undefined, components: 1 };
    }
    case 'Pattern': {
      const base =
        arr.items.length > 1
          ? resolveColourSpace(doc, item(1), res, depth + 1, `${key}/base`)
          : null;
      return { family: 'Pattern', key, definition: arr, base: base ?? undefined, components: 0 };
    }
    case 'Separation': {
      const colorant = nameValue(doc.resolve(item(1)));
      const alternate = resolveColourSpace(doc, item(2), res, depth + 1, `${key}/alternate`);
      return {
        family: 'Separation',
        key,
        definition: arr,
        colorants: colorant !== null ? [colorant] : [],
        alternate: alternate ?? undefined,
        tintTransform: item(3),
        components: 1,
      };
    }
    case 'DeviceN': {
      const namesObj = doc.resolve(item(1));
      const names: string[] = [];
      if (namesObj && typeof namesObj === 'object' && namesObj.kind === 'array') {
        for (const n of namesObj.items) {
          const s = nameValue(doc.resolve(n));
          if (s !== null) names.push(s);
        }
      }
      const alternate = resolveColourSpace(doc, item(2), res, depth + 1, `${key}/alternate`);
      const attributes = asDict(doc.resolve(item(4))) ?? undefined;
      return {
        family: 'DeviceN',
        key,
        definition: arr,
        colorants: names,
        alternate: alternate ?? undefined,
        tintTransform: item(3),
        attributes,
        components: names.length,
      };
    }
    default:
      return { family: 'Unknown', key, definition: arr, components: 0 };
  }
}

/** Every space reachable from `cs` (itself first), for rules that check nested spaces too. */
export function* nestedColourSpaces(cs: ColourSpace): Generator<ColourSpace> {
  const stack: ColourSpace[] = [cs];
  let guard = 0;
  while (stack.length > 0 && guard++ < 64) {
    const c = stack.pop() as ColourSpace;
    yield c;
    // An ICCBased alternate is never used for rendering when the profile is valid.
    if (c.alternate && c.family !== 'ICCBased') stack.push(c.alternate);
    if (c.base) stack.push(c.base);
  }
}
