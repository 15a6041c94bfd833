// Document names used on the command line and in results -> content (or a template request).
import { readFile } from 'node:fs/promises';
import { DOCS, report } from '../docs/content.mjs';

/** The suite's documents, in table order. */
export const SUITE = ['invoice', 'invoice-template', 'report-10', 'report-100', 'statement-500'];

/**
 * Reports for the growth check: sections -> roughly 1, 10, 100 and 1,000 pages.
 * @type {Record<string, number>}
 */
export const SCALING = { 'scale-1': 1, 'scale-10': 12, 'scale-100': 118, 'scale-1000': 1180 };

const json = async (f) =>
  JSON.parse(await readFile(new URL(`../docs/${f}`, import.meta.url), 'utf8'));

/** @returns {Promise<import('../docs/content.mjs').Doc & { template?: unknown, data?: unknown }>} */
export async function loadDoc(name) {
  if (name === 'invoice-template') {
    return {
      name,
      title: 'Invoice INV-2026-0147 (template)',
      lang: 'en',
      blocks: [],
      template: await json('invoice.template.json'),
      data: await json('invoice.data.json'),
    };
  }
  // Text only (no tables or image), so every page costs about the same.
  if (name in SCALING) return report(SCALING[name], name, { figures: false });
  const make = DOCS[name];
  if (!make) throw new Error(`unknown document ${name}`);
  return make();
}
