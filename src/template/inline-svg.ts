/**
 * Inline SVG markup as an image block's src ("<svg ...>...</svg>"): checked to be well-formed
 * SVG, given the SVG namespace when it was written the HTML way (without xmlns), and handed to
 * the engine as a data: URI, so it is drawn (as vectors when simple) like any SVG image.
 */
import { createRequire } from 'node:module';

/**
 * xmldom, loaded with the first inline SVG (as the image stage loads it with the first SVG):
 * most templates have none. A require of our own, which the bundler leaves to run when called.
 */
const load = createRequire(import.meta.url);
const xmldom = () => load('@xmldom/xmldom') as typeof import('@xmldom/xmldom');

const SVG_NS = 'http://www.w3.org/2000/svg';
const XLINK_NS = 'http://www.w3.org/1999/xlink';

/** Optional XML declaration and comments, then an <svg> start tag. */
const LOOKS_INLINE = /^\s*(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*)*<svg[\s>/]/i;

export const isInlineSvg = (src: string): boolean => LOOKS_INLINE.test(src);

/** Adds the namespace declarations HTML lets authors leave out. */
function withNamespaces(markup: string): string {
  return markup.replace(/<svg\b([^>]*)>/i, (tag: string, attrs: string) => {
    let extra = '';
    if (!/\sxmlns\s*=/.test(attrs)) extra += ` xmlns="${SVG_NS}"`;
    if (/\sxlink:/.test(markup) && !/\sxmlns:xlink\s*=/.test(attrs))
      extra += ` xmlns:xlink="${XLINK_NS}"`;
    return extra ? `<svg${extra}${attrs}>` : tag;
  });
}

/** Why the markup cannot be drawn, or undefined when it is well-formed SVG. */
export function inlineSvgProblem(src: string): string | undefined {
  // A DOCTYPE may declare entities (and expand them without bound); SVG never needs one.
  if (/<!DOCTYPE|<!ENTITY/i.test(src)) return 'inline SVG must not declare a DOCTYPE or entities';
  let error: string | undefined;
  let doc;
  try {
    doc = new (xmldom().DOMParser)({
      onError: (level, message) => {
        if (level !== 'warning') error ??= String(message);
      },
    }).parseFromString(withNamespaces(src.trim()), 'image/svg+xml');
  } catch (e) {
    // xmldom throws on fatal errors after reporting them.
    error ??= String((e as Error)?.message ?? e);
  }
  if (error !== undefined || !doc)
    return `is not well-formed SVG: ${(error ?? 'unreadable').split('\n')[0].replace(/^\[xmldom \w+\]\s*/, '')}`;
  const root = doc.documentElement;
  if (!root || root.localName !== 'svg' || root.namespaceURI !== SVG_NS)
    return 'must have <svg> as its root element';
  return undefined;
}

export interface InlineSvgSource {
  /** The markup as a data: URI. */
  readonly src: string;
  /** The root <svg> gives its own width (else it takes the width of its block). */
  readonly sized: boolean;
}

/** The markup as a data: URI when src is inline SVG, undefined otherwise (a URL). */
export function inlineSvgSource(src: string): InlineSvgSource | undefined {
  if (!isInlineSvg(src)) return undefined;
  const markup = withNamespaces(src.trim());
  const rootTag = /<svg\b[^>]*>/i.exec(markup)?.[0] ?? '';
  return {
    src: `data:image/svg+xml;base64,${Buffer.from(markup).toString('base64')}`,
    sized: /\swidth\s*=\s*["']?\s*[\d.]/.test(rootTag),
  };
}
