/**
 * Runs rule areas for each requested flavour and builds the ValidationResponse. An area that
 * throws does not crash the validation: its failure is reported as a finding, so the file is
 * never called compliant on the strength of checks that did not run.
 */
import type { EmbeddedPdfCheck, RuleArea, RuleCategory, RuleSpec } from '../model/checks.js';
import type { PdfDocumentModel } from '../model/document.js';
import type {
  CategoryResult,
  Flavour,
  HumanReviewItem,
  ProfileResult,
  ValidationFailure,
  ValidationResponse,
} from '../contract.js';
import { conditionsForRule } from '../matterhorn/conditions.js';
import { humanReview } from '../matterhorn/review.js';
import { documentInfo, metadata } from './document-info.js';
import { flavourInfo, profileName, specification } from './profiles.js';
import { CollectingSink, MAX_LOCATIONS_PER_RULE, type RuleOutcome } from './sink.js';
import type { XmpFacts } from './xmp.js';

/** Compares clauses numerically part by part ('6.1.10' after '6.1.9'). */
export function compareClauses(a: string, b: string): number {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const x = pa[i] ?? -1;
    const y = pb[i] ?? -1;
    if (x !== y) return x - y;
  }
  return 0;
}

const INTERNAL_CATEGORY: RuleCategory = 'File structure';
const UNREAD_MESSAGE =
  'The validator could not read this part of the file whole, so the checks that need it did not run and the file cannot be called compliant.';

export interface ProfileRun {
  readonly flavour: Flavour;
  readonly outcomes: readonly RuleOutcome[];
  /** Areas that failed with an exception, with the message. */
  readonly areaErrors: readonly { area: string; message: string }[];
}

/** Runs every area for one flavour. */
export function runProfile(
  doc: PdfDocumentModel,
  flavour: Flavour,
  areas: readonly RuleArea[],
  embeddedPdf?: EmbeddedPdfCheck,
): ProfileRun {
  const sink = new CollectingSink(flavour);
  const info = flavourInfo(flavour);
  const areaErrors: { area: string; message: string }[] = [];
  for (const area of areas) {
    if (!area.rules.some((r) => r.flavours.includes(flavour))) continue;
    try {
      area.run({ doc, flavour: info, sink, embeddedPdf });
    } catch (e) {
      areaErrors.push({ area: area.name, message: e instanceof Error ? e.message : String(e) });
    }
  }
  const outcomes = [...sink.outcomes.values()].sort(
    (x, y) => compareClauses(x.rule.clause, y.rule.clause) || x.rule.testNumber - y.rule.testNumber,
  );
  return { flavour, outcomes, areaErrors };
}

function failuresOf(profile: string, o: RuleOutcome, ua: boolean): ValidationFailure[] {
  const more =
    o.failed > o.locations.length
      ? `failed on ${o.failed} objects; the first ${Math.min(o.locations.length, MAX_LOCATIONS_PER_RULE)} are listed`
      : null;
  return o.locations.map((l) => ({
    profile,
    clause: o.rule.clause,
    testNumber: o.rule.testNumber,
    category: o.rule.category,
    message: o.rule.message,
    location: l.location,
    errorDetails: [l.details, more].filter((s): s is string => !!s).join('; ') || null,
    ...(ua ? { matterhorn: [...conditionsForRule(o.rule.clause, o.rule.testNumber)] } : {}),
  }));
}

export function buildResponse(
  doc: PdfDocumentModel,
  runs: readonly ProfileRun[],
  xmp: XmpFacts | null,
): ValidationResponse {
  const profiles: ProfileResult[] = [];
  const failures: ValidationFailure[] = [];
  const categories = new Map<string, CategoryResult>();
  const bump = (category: string, passed: number, failed: number): void => {
    const c = categories.get(category) ?? { category, passedChecks: 0, failedChecks: 0 };
    c.passedChecks += passed;
    c.failedChecks += failed;
    categories.set(category, c);
  };
  // Read once all profiles ran: a part any of them could not read is unread for all.
  const unread = doc.unreadParts();
  for (const run of runs) {
    const profile = profileName(run.flavour);
    let passed = 0;
    let failed = 0;
    for (const o of run.outcomes) {
      passed += o.passed;
      failed += o.failed;
      bump(o.rule.category, o.passed, o.failed);
      if (o.failed) failures.push(...failuresOf(profile, o, run.flavour === 'pdfua-1'));
    }
    for (const e of run.areaErrors) {
      failed++;
      bump(INTERNAL_CATEGORY, 0, 1);
      failures.push({
        profile,
        clause: 'internal',
        testNumber: 0,
        category: INTERNAL_CATEGORY,
        message: `The validator could not finish the checks of the ${e.area} area, so the result is incomplete.`,
        location: null,
        errorDetails: e.message,
      });
    }
    for (const part of unread) {
      failed++;
      bump(INTERNAL_CATEGORY, 0, 1);
      failures.push({
        profile,
        clause: 'internal',
        testNumber: 1,
        category: INTERNAL_CATEGORY,
        message: UNREAD_MESSAGE,
        location: part.location,
        errorDetails: part.reason,
      });
    }
    profiles.push({
      profile,
      specification: specification(run.flavour),
      isCompliant: failed === 0,
      totalChecks: passed + failed,
      passedChecks: passed,
      failedChecks: failed,
    });
  }
  const totalPassed = profiles.reduce((n, p) => n + p.passedChecks, 0);
  const totalFailed = profiles.reduce((n, p) => n + p.failedChecks, 0);
  return {
    isCompliant: profiles.every((p) => p.isCompliant),
    profiles,
    summary: {
      totalChecks: totalPassed + totalFailed,
      passedChecks: totalPassed,
      failedChecks: totalFailed,
      categories: [...categories.values()].sort((a, b) => a.category.localeCompare(b.category)),
    },
    documentInfo: documentInfo(doc),
    failures,
    metadata: metadata(doc, xmp),
    ...(runs.some((r) => r.flavour === 'pdfua-1')
      ? { humanReview: reviewOrNone(doc, xmp?.title ?? null) }
      : {}),
  };
}

/** The human review list; advisory, so a file too damaged to list it gets an empty one. */
function reviewOrNone(doc: PdfDocumentModel, title: string | null): HumanReviewItem[] {
  try {
    return humanReview(doc, title);
  } catch {
    return [];
  }
}

/** Every rule (deduplicated by clause and test number) the areas declare for a flavour. */
export function rulesFor(flavour: Flavour, areas: readonly RuleArea[]): RuleSpec[] {
  const out = new Map<string, RuleSpec>();
  for (const a of areas)
    for (const r of a.rules)
      if (r.flavours.includes(flavour)) out.set(`${r.clause}#${r.testNumber}`, r);
  return [...out.values()];
}
