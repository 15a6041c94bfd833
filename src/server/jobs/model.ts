/**
 * The plain data of batch jobs: what a caller submits per item, what the queue carries, and
 * what is recorded when an item ends. Shared by the API, the worker and the store.
 */
import type { ValidationResponse } from '../../index.js';
import type { Problem } from '../problem.js';

/** The synchronous route whose body an item carries. */
export type ItemRoute =
  '/render/html' | '/render/url' | '/render/template' | '/render' | '/validate';

export const ITEM_ROUTES: readonly ItemRoute[] = [
  '/render/html',
  '/render/url',
  '/render/template',
  '/render',
  '/validate',
];

/** Routes whose output is a document that must go somewhere. */
export const RENDER_ROUTES: readonly ItemRoute[] = [
  '/render/html',
  '/render/url',
  '/render/template',
  '/render',
];

export interface JobItem {
  readonly route: ItemRoute;
  /** The body the route takes (for /validate: the PDF as base64 `pdf`, or its `url`). */
  readonly body: Record<string, unknown>;
  /** Presigned URL the output is PUT to (for /validate: the full report, optional). */
  readonly uploadUrl?: string;
  /** PDF routes: validate the document and report the summary. */
  readonly validate?: boolean;
  /** Same input, same bytes: fixed clock, ids from a content hash. */
  readonly deterministic?: boolean;
  /** The caller's own name for the item, returned with its result. */
  readonly reference?: string;
}

export interface JobSubmission {
  readonly items: readonly JobItem[];
  /** Receives the job's final status by POST, under the same network policy as uploads. */
  readonly callbackUrl?: string;
}

/** What the queue carries for one item. */
export interface ItemData {
  readonly jobId: string;
  readonly index: number;
  readonly item: JobItem;
}

/** What the callback queue carries. */
export interface CallbackData {
  readonly jobId: string;
}

export type ItemOutcome = 'succeeded' | 'failed' | 'cancelled';

export interface ValidationSummary {
  readonly isCompliant: boolean;
  readonly failedChecks: number;
  readonly profiles: readonly {
    readonly profile: string;
    readonly isCompliant: boolean;
    readonly failedChecks: number;
  }[];
}

/** What a finished item left: its output, its problem, or nothing when cancelled. */
export interface ItemRecord {
  readonly outcome: ItemOutcome;
  /** Times a worker started the item (retries and restarts after a worker died count). */
  readonly attempts: number;
  readonly finishedAt: string;
  readonly documentId?: string;
  readonly contentType?: string;
  readonly bytes?: number;
  readonly pages?: number;
  /** The upload target's answer. */
  readonly targetStatus?: number;
  readonly validation?: ValidationSummary;
  readonly warnings?: number;
  readonly problem?: Problem;
}

export function summarize(report: ValidationResponse): ValidationSummary {
  return {
    isCompliant: report.isCompliant,
    failedChecks: report.summary.failedChecks,
    profiles: report.profiles.map((p) => ({
      profile: p.profile,
      isCompliant: p.isCompliant,
      failedChecks: p.failedChecks,
    })),
  };
}

/** The queue's id of an item: unique per job and index, so queuing it twice queues it once. */
export function itemJobId(jobId: string, index: number): string {
  return `${jobId}.${index}`;
}
