import { describe, expect, it } from 'vitest';
import { XmlElement, xmlDocument } from '../../src/pdf/xml-tree.js';

describe('XML tree of the XMP packet', () => {
  it('indents children, keeps text inline and writes an empty element as a tag of its own', () => {
    const root = new XmlElement('a:root').att('xmlns:a', 'urn:a');
    const list = root.ele('a:list');
    list.ele('a:item').txt('one');
    list.ele('a:item').txt('');
    root.ele('a:empty');
    expect(xmlDocument(['pi', 'begin="x"'], root, ['pi', 'end="w"'])).toBe(
      [
        '<?pi begin="x"?>',
        '<a:root xmlns:a="urn:a">',
        '  <a:list>',
        '    <a:item>one</a:item>',
        '    <a:item/>',
        '  </a:list>',
        '  <a:empty/>',
        '</a:root>',
        '<?pi end="w"?>',
      ].join('\n'),
    );
  });

  it('escapes text and attribute values, entity-like sequences included', () => {
    const e = new XmlElement('e').att('v', 'a&amp;b <c> "d"').txt('&lt; & <x> "q"');
    const out: string[] = [];
    e.write(0, out);
    expect(out).toEqual([
      '<e v="a&amp;amp;b &lt;c&gt; &quot;d&quot;">&amp;lt; &amp; &lt;x&gt; "q"</e>',
    ]);
  });
});
