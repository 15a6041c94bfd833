/**
 * Page numbers of templates: "N / M" by default, or "Page N of M" in the document's language,
 * as CSS content for an @page margin box.
 */
import { InputError } from '../diagnostics.js';
import { cssString } from './markup.js';

/** POSIX (de_DE, en_US.UTF-8) or BCP 47 input to a canonical BCP 47 tag. */
export function normalizeLocale(raw: string): string {
  const cleaned = raw.split('.')[0].split('@')[0].replace(/_/g, '-');
  try {
    const [canonical] = Intl.getCanonicalLocales(cleaned);
    if (canonical) return canonical;
  } catch {
    // fall through to the error below
  }
  throw new InputError(`'${raw}' is not a valid locale`, [
    {
      pointer: '/template/config/page/locale',
      message: 'must be a BCP 47 tag such as de-DE (or POSIX de_DE)',
    },
  ]);
}

/** "Page X of Y" in the document's language; English when the language is not known. */
const PAGE_LABELS: Record<string, [string, string]> = {
  en: ['Page ', ' of '],
  de: ['Seite ', ' von '],
  fr: ['Page ', ' sur '],
  es: ['Página ', ' de '],
  it: ['Pagina ', ' di '],
  pt: ['Página ', ' de '],
  nl: ['Pagina ', ' van '],
  sv: ['Sida ', ' av '],
  da: ['Side ', ' af '],
  nb: ['Side ', ' av '],
  no: ['Side ', ' av '],
  fi: ['Sivu ', ' / '],
  pl: ['Strona ', ' z '],
  cs: ['Strana ', ' z '],
  sk: ['Strana ', ' z '],
  hu: ['', '. oldal / '],
  ro: ['Pagina ', ' din '],
  tr: ['Sayfa ', ' / '],
  el: ['Σελίδα ', ' από '],
  ru: ['Страница ', ' из '],
  uk: ['Сторінка ', ' з '],
  ar: ['صفحة ', ' من '],
  he: ['עמוד ', ' מתוך '],
  ja: ['', ' / '],
  zh: ['第 ', ' 页，共 '],
};

export function pageLabelContent(locale: string): string {
  const lang = locale.split('-')[0].toLowerCase();
  const [before, between] = PAGE_LABELS[lang] ?? PAGE_LABELS.en;
  const after = lang === 'zh' ? ' 页' : lang === 'hu' ? '' : '';
  return `${cssString(before)} counter(page) ${cssString(between)} counter(pages)${after ? ' ' + cssString(after) : ''}`;
}

/** The content of the page-number margin box: "2 / 5", or the long label of the language. */
export function pageNumberContent(format: 'short' | 'long' | undefined, locale: string): string {
  return format === 'long'
    ? pageLabelContent(locale)
    : `counter(page) ${cssString(' / ')} counter(pages)`;
}
