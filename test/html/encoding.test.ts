/** Decoding HTML bytes by their declared or evident encoding, as browsers do. */
import { describe, expect, it } from 'vitest';
import { decodeHtml } from '../../src/html/index.js';

const latin1 = (s: string): Buffer => Buffer.from(s, 'latin1');

describe('decodeHtml', () => {
  it('honours <meta charset> and the http-equiv Content-Type form', () => {
    const a = decodeHtml(latin1('<meta charset="iso-8859-1"><p>M\xfcller Stra\xdfe'));
    expect(a).toMatchObject({ encoding: 'windows-1252', source: 'meta' });
    expect(a.html).toContain('Müller Straße');
    const b = decodeHtml(
      Buffer.concat([
        latin1(
          '<head><meta http-equiv=Content-Type content="text/html; charset=windows-1252"></head>',
        ),
        Buffer.from([0x93, 0x71, 0x94, 0x20, 0x80]),
      ]),
    );
    expect(b.html).toContain('\u201cq\u201d \u20ac');
  });

  it('ignores charset words outside a charset or http-equiv meta, and inside comments', () => {
    const d = decodeHtml(
      latin1(
        '<!-- <meta charset=koi8-r> --><meta name=description content="charset=koi8-r"><p>caf\xe9',
      ),
    );
    // Not valid UTF-8 and no real declaration: the web's legacy default.
    expect(d).toMatchObject({ encoding: 'windows-1252', source: 'default' });
    expect(d.html).toContain('café');
  });

  it('reads undeclared UTF-8 as UTF-8, and a byte order mark beats every declaration', () => {
    expect(decodeHtml(Buffer.from('<p>Grüße €', 'utf8'))).toMatchObject({
      html: '<p>Grüße €',
      source: 'utf-8 bytes',
    });
    const bom = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from('<meta charset=iso-8859-1><p>Grüße', 'utf8'),
    ]);
    expect(decodeHtml(bom)).toMatchObject({ encoding: 'utf-8', source: 'bom' });
    expect(decodeHtml(bom).html).toContain('Grüße');
  });

  it('takes the transport charset first, and treats a declared UTF-16 as UTF-8', () => {
    expect(decodeHtml(latin1('<p>\xe9'), 'ISO-8859-1').html).toBe('<p>é');
    expect(decodeHtml(Buffer.from('<meta charset=utf-16><p>é', 'utf8'))).toMatchObject({
      encoding: 'utf-8',
      html: '<meta charset=utf-16><p>é',
    });
    // An unknown label is skipped, not fatal.
    expect(decodeHtml(Buffer.from('<meta charset=bogus><p>é', 'utf8')).encoding).toBe('utf-8');
  });
});
