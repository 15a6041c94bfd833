/** Flavour names, profile labels and the ISO specification each profile checks. */
import type { FlavourInfo } from '../model/checks.js';
import type { Flavour } from '../contract.js';

export function flavourInfo(flavour: Flavour): FlavourInfo {
  if (flavour === 'pdfua-1') return { flavour, pdfaPart: null, pdfaLevel: null };
  const part = flavour[5] === '2' ? 2 : 3;
  const level = flavour[6] as 'a' | 'b' | 'u';
  return { flavour, pdfaPart: part, pdfaLevel: level };
}

/** "PDF/A-3A", "PDF/UA-1". */
export function profileName(flavour: Flavour): string {
  if (flavour === 'pdfua-1') return 'PDF/UA-1';
  return `PDF/A-${flavour[5]}${flavour[6].toUpperCase()}`;
}

export function specification(flavour: Flavour): string {
  if (flavour === 'pdfua-1') return 'ISO 14289-1:2014';
  return flavour[5] === '2' ? 'ISO 19005-2:2011' : 'ISO 19005-3:2012';
}

/** The flavour a PDF/A identification (part, conformance) claims; null for parts we do not validate. */
export function flavourForClaim(part: number, conformance: string): Flavour | null {
  const level = conformance.trim().toLowerCase();
  if ((part !== 2 && part !== 3) || !['a', 'b', 'u'].includes(level)) return null;
  return `pdfa-${part}${level}` as Flavour;
}
