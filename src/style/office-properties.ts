/**
 * The private properties office suites write into their HTML export. They carry the suite's own
 * round trip (list templates, theme colours, alternative borders) and mean nothing to CSS, so a
 * document saved from Word would otherwise raise a warning for each of dozens of names.
 */

/** Word's own properties that carry no mso- prefix. */
const WORD_UNPREFIXED = new Set([
  'tab-interval',
  'tab-stops',
  'layout-grid',
  'layout-grid-mode',
  'layout-flow',
  'punctuation-wrap',
  'text-autospace',
  'text-effect',
  'text-underline',
  'text-justify-trim',
]);

export interface OfficeSuite {
  readonly name: string;
  /** The names its properties go by, for the warning. */
  readonly family: string;
}

const WORD: OfficeSuite = { name: 'Microsoft Office', family: 'mso-*, tab-stops' };
const LIBREOFFICE: OfficeSuite = { name: 'LibreOffice', family: 'so-*' };

/** Which suite a property belongs to, or null for everything else. */
export function officeSuiteOf(property: string): OfficeSuite | null {
  if (property.startsWith('mso-') || WORD_UNPREFIXED.has(property)) return WORD;
  if (property.startsWith('so-')) return LIBREOFFICE;
  return null;
}
