/** Which variant a PDF route answers with, for the Accept headers real clients send. */
import { describe, expect, it } from 'vitest';
import { parseAccept, prefersJson } from '../../src/server/routes/accept.js';

describe('Accept negotiation', () => {
  it.each([
    // Defaults of common HTTP clients.
    ['curl', '*/*', false],
    ['fetch (Node, browsers)', '*/*', false],
    ['python requests', '*/*', false],
    ['axios', 'application/json, text/plain, */*', true],
    ['Angular HttpClient', 'application/json, text/plain, */*', true],
    ['jQuery getJSON', 'application/json, text/javascript, */*; q=0.01', true],
    ['Spring RestTemplate', 'application/json, application/*+json', true],
    [
      'Chrome navigation',
      'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,image/apng,*/*;q=0.8,application/signed-exchange;v=b3;q=0.7',
      false,
    ],
    [
      'Firefox navigation',
      'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
      false,
    ],
    ['no header', undefined, false],
    ['empty header', '', false],
  ])('%s: %s', (_client, header, json) => {
    expect(prefersJson(header)).toBe(json);
  });

  it.each([
    ['application/json', true],
    ['APPLICATION/JSON; charset=utf-8', true],
    ['application/pdf', false],
    // Equal quality: JSON, since it is listed explicitly with a quality at least the PDF's.
    ['application/pdf, application/json', true],
    ['application/json;q=0.9, application/pdf', false],
    ['application/json, application/pdf;q=0.5', true],
    ['application/json;q=0.5, */*;q=0.9', false],
    ['application/json;q=0.5, application/*;q=0.6', false],
    ['application/json;q=0.5, application/*;q=0.5, */*;q=0.1', true],
    ['application/json;q=0', false],
    ['application/json;q=0, */*', false],
    // Ranges that only look like JSON do not count.
    ['application/problem+json', false],
    ['application/*', false],
    ['text/html', false],
    // Sloppy headers never fail: a bad q counts as 1, garbage entries are skipped.
    ['application/json;q=abc', true],
    ['garbage, application/json', true],
    [';;;,,,', false],
  ])('%s -> json: %s', (header, json) => {
    expect(prefersJson(header)).toBe(json);
  });

  it('parses media ranges with their qualities', () => {
    expect(parseAccept('Application/JSON; charset=utf-8; q=0.4, */*;q=2, text, text/x')).toEqual([
      { type: 'application/json', quality: 0.4 },
      { type: '*/*', quality: 1 },
      { type: 'text/x', quality: 1 },
    ]);
  });
});
