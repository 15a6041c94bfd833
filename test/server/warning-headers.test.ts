/** Warnings and the title of a render as response headers. */
import { describe, expect, it } from 'vitest';
import {
  renderReportHeaders,
  titleHeader,
  warningsHeader,
} from '../../src/server/routes/warning-headers.js';

describe('warning headers', () => {
  it('lists each code once, in the order first seen, with the total count', () => {
    const warnings = [
      { code: 'document.missing-title', message: 'x' },
      { code: 'resource.failed', message: 'a', source: 'https://a/' },
      { code: 'resource.failed', message: 'b', source: 'https://b/' },
    ];
    expect(renderReportHeaders(warnings, 'Rechnung für Zürich')).toEqual({
      'x-warnings': 'document.missing-title, resource.failed',
      'x-warning-count': '3',
      'x-document-title': 'Rechnung%20f%C3%BCr%20Z%C3%BCrich',
    });
    expect(renderReportHeaders([])).toEqual({});
  });

  it('keeps header values short and decodable whatever the input', () => {
    const many = Array.from({ length: 1000 }, (_, i) => ({
      code: `code.number-${i}`,
      message: '',
    }));
    expect(warningsHeader(many)!.length).toBeLessThanOrEqual(2000);
    expect(warningsHeader([{ code: 'bad code\r\nX-Evil: 1', message: '' }])).toBe('badcodeX-Evil1');
    const title = titleHeader('é'.repeat(5000));
    expect(title.length).toBeLessThanOrEqual(2000);
    expect(decodeURIComponent(title)).toBe('é'.repeat(title.length / 6));
    // A lone surrogate cannot be UTF-8 encoded; it becomes U+FFFD instead of throwing.
    expect(decodeURIComponent(titleHeader('a\ud800b'))).toBe('a\ufffdb');
    expect(decodeURIComponent(titleHeader('😀'))).toBe('😀');
  });
});
