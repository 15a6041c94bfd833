/** Language identifiers (ISO 32000-1, 14.9.2; RFC 3066 shape). */
const LANG_TAG = /^[a-zA-Z]{1,8}(-[a-zA-Z0-9]{1,8})*$/;

export function isLanguageTag(value: string): boolean {
  return LANG_TAG.test(value);
}
