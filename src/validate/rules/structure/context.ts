/** What every structure rule group receives: the document, its tree and a flavour-aware sink. */
import type { RuleAreaContext, RuleSpec } from '../../model/checks.js';
import type { PdfDocumentModel } from '../../model/document.js';
import { stringAt } from '../../model/read.js';
import { structTreeOf, type StructTree } from './tree.js';

export interface StructCtx {
  readonly doc: PdfDocumentModel;
  readonly tree: StructTree;
  /** Whether the flavour being validated has this rule. */
  has(rule: RuleSpec): boolean;
  /** Records a check when the flavour has the rule; otherwise does nothing. */
  check(rule: RuleSpec, passed: boolean, location: string, details?: string): void;
  /** The catalog has a Lang string (even empty): every text then has a determined language. */
  readonly catalogHasLang: boolean;
}

export function makeCtx(ctx: RuleAreaContext): StructCtx {
  const { doc, sink, flavour } = ctx;
  const has = (rule: RuleSpec) => rule.flavours.includes(flavour.flavour);
  return {
    doc,
    tree: structTreeOf(doc),
    has,
    check(rule, passed, location, details) {
      if (has(rule)) sink.check(rule, passed, location, details);
    },
    catalogHasLang: stringAt(doc, doc.catalog, 'Lang') !== null,
  };
}
