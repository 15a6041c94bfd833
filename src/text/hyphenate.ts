/**
 * hyphens: auto — Liang patterns from the `hyphen` package, per language, loaded on first use
 * and kept (a fixed set, so the cache cannot grow without bound). Words are cached per
 * language in a bounded LRU.
 */
import { createRequire } from 'node:module';
import { LruCache } from '../util/index.js';

type Hyphenator = (
  text: string,
  options?: { hyphenChar?: string; minWordLength?: number },
) => string;

const require = createRequire(import.meta.url);

/** BCP 47 prefixes → pattern file of the hyphen package (longest prefix wins). */
const PATTERN_FILES: ReadonlyMap<string, string> = new Map([
  ['en', 'en-us'], ['en-us', 'en-us'], ['en-gb', 'en-gb'], ['de', 'de-1996'], ['de-ch', 'de-ch-1901'],
  ['fr', 'fr'], ['es', 'es'], ['it', 'it'], ['pt', 'pt'], ['nl', 'nl'], ['sv', 'sv'], ['da', 'da'],
  ['nb', 'nb'], ['nn', 'nn'], ['no', 'nb'], ['fi', 'fi'], ['pl', 'pl'], ['cs', 'cs'], ['sk', 'sk'],
  ['sl', 'sl'], ['hr', 'hr'], ['hu', 'hu'], ['ro', 'ro'], ['tr', 'tr'], ['ru', 'ru'], ['uk', 'uk'],
  ['bg', 'bg'], ['el', 'el-monoton'], ['ca', 'ca'], ['eu', 'eu'], ['gl', 'gl'], ['et', 'et'],
  ['lt', 'lt'], ['lv', 'lv'], ['is', 'is'], ['ga', 'ga'], ['cy', 'cy'], ['af', 'af'], ['id', 'id'],
  ['la', 'la'], ['hi', 'hi'], ['sr', 'sr-cyrl'], ['mk', 'mk'], ['be', 'be'], ['ka', 'ka'], ['hy', 'hy'],
]); // prettier-ignore

const hyphenators = new Map<string, Hyphenator | null>();
const wordCache = new LruCache<string, readonly number[]>(16384);

function hyphenatorFor(lang: string): Hyphenator | null {
  const tag = lang.toLowerCase();
  const parts = tag.split('-');
  let file: string | undefined;
  for (let k = parts.length; k > 0 && !file; k--)
    file = PATTERN_FILES.get(parts.slice(0, k).join('-'));
  if (!file) return null;
  let h = hyphenators.get(file);
  if (h === undefined) {
    try {
      const createHyphenator = require('hyphen') as (patterns: unknown) => Hyphenator;
      const patterns: unknown = require(`hyphen/patterns/${file}.js`);
      h = createHyphenator(patterns);
    } catch {
      h = null;
    }
    hyphenators.set(file, h);
  }
  return h;
}

/** True when patterns exist for this language. */
export function canHyphenate(lang: string | undefined): boolean {
  return lang !== undefined && hyphenatorFor(lang) !== null;
}

/**
 * Offsets inside `word` (UTF-16) where it may be hyphenated; [] when the language has no
 * patterns or the word is short.
 */
export function hyphenationPoints(word: string, lang: string): readonly number[] {
  if (word.length < 5) return [];
  const h = hyphenatorFor(lang);
  if (!h) return [];
  const key = `${lang}|${word}`;
  const hit = wordCache.get(key);
  if (hit) return hit;
  const marked = h(word, { hyphenChar: '\u00ad', minWordLength: 5 });
  const points: number[] = [];
  let j = 0;
  for (let i = 0; i < marked.length; i++) {
    if (marked[i] === '\u00ad') points.push(j);
    else j++;
  }
  wordCache.set(key, points);
  return points;
}
