/**
 * The little XML an XMP packet needs: elements with attributes, text or child elements (never
 * both), processing instructions around the root, written with two-space indentation. Names
 * are written as given, so every namespace is declared with an `xmlns:` attribute by the caller.
 * (A general XML builder with its DOM was about 15% of the command line's bundled code.)
 */

/** Text content: `&`, `<` and `>` escaped, everything else as is. */
export function escapeText(s: string): string {
  return s.replace(/[&<>]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : '&gt;'));
}

/** An attribute value in double quotes: the text escapes and `"`. */
function escapeAttribute(s: string): string {
  return escapeText(s).replace(/"/g, '&quot;');
}

export class XmlElement {
  private readonly attributes: (readonly [string, string])[] = [];
  private readonly children: XmlElement[] = [];
  private text = '';

  constructor(readonly name: string) {}

  /** Appends a child element and returns it. */
  ele(name: string): XmlElement {
    const child = new XmlElement(name);
    this.children.push(child);
    return child;
  }

  att(name: string, value: string): this {
    this.attributes.push([name, value]);
    return this;
  }

  /** Appends text; an element with no text and no children is written as `<name/>`. */
  txt(value: string): this {
    this.text += value;
    return this;
  }

  /** Lines of this element at `depth` levels of indentation. */
  write(depth: number, out: string[]): void {
    const indent = '  '.repeat(depth);
    let open = `${indent}<${this.name}`;
    for (const [name, value] of this.attributes) open += ` ${name}="${escapeAttribute(value)}"`;
    if (this.children.length > 0) {
      out.push(`${open}>`);
      for (const child of this.children) child.write(depth + 1, out);
      out.push(`${indent}</${this.name}>`);
    } else if (this.text !== '') out.push(`${open}>${escapeText(this.text)}</${this.name}>`);
    else out.push(`${open}/>`);
  }
}

/** `<?target content?>`, the root element, `<?target content?>`, one per line. */
export function xmlDocument(
  before: readonly [string, string],
  root: XmlElement,
  after: readonly [string, string],
): string {
  const out = [`<?${before[0]} ${before[1]}?>`];
  root.write(0, out);
  out.push(`<?${after[0]} ${after[1]}?>`);
  return out.join('\n');
}
