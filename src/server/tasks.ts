/**
 * The CPU-bound jobs the service hands to worker threads, as plain serialisable data, and the
 * function that runs one. Errors cross the thread boundary as data (class identity does not
 * survive structured cloning) and are turned back into typed errors by the pool.
 */
import {
  render,
  renderImage,
  type ImageOptions,
  type RenderInput,
  type RenderOptions,
} from '../render.js';
import type * as Validator from '../validate/index.js';
import { warmUpText } from '../text/index.js';
import { serializeError, type SerializedError, type TaskOutcome } from './task-errors.js';

export type { SerializedError, TaskOutcome };
import type { Flavour, ValidationResponse } from '../validate/report-types.js';

export type Task =
  | {
      readonly kind: 'render';
      readonly input: RenderInput;
      readonly options: RenderOptions;
      readonly validate: boolean;
    }
  | { readonly kind: 'image'; readonly input: RenderInput; readonly options: ImageOptions }
  | {
      readonly kind: 'validate';
      readonly pdf: Uint8Array;
      readonly flavours: readonly Flavour[] | 'auto';
      /** Decoded stream bytes for the whole document (the library default otherwise). */
      readonly decodeBudget?: number;
    }
  | { readonly kind: 'identify'; readonly pdf: Uint8Array }
  /** Parse the bundled fonts and load the engine's tables before the first real request. */
  | { readonly kind: 'warmup' };

export interface RenderTaskValue {
  readonly pdf: Uint8Array;
  readonly documentId: string;
  readonly pages: number;
  readonly title: string;
  readonly warnings: readonly { code: string; message: string; source?: string }[];
  readonly validation: ValidationResponse | null;
}

/** How the worker bounds one task; the pool's cut-off stays the backstop. */
export interface TaskBounds {
  /** The task's deadline, milliseconds from its start: the engine ends with TimeoutError. */
  readonly timeoutMs?: number;
  /** Told each stage the task enters (the pool names it when it has to cut the task off). */
  readonly onStage?: (stage: string) => void;
}

/**
 * The validator is loaded by the first task that validates (/validate, /identify,
 * /convert-and-validate), not by every worker at start-up: plain renders never need it.
 */
let validator: Promise<typeof Validator> | null = null;
const loadValidator = () => (validator ??= import('../validate/index.js'));

export async function runTask(task: Task, bounds: TaskBounds = {}): Promise<TaskOutcome> {
  // One clock for the whole task: a render that also validates shares the deadline.
  const deadlineAt =
    bounds.timeoutMs === undefined ? undefined : performance.now() + bounds.timeoutMs;
  const onStage = bounds.onStage;
  const left = (): { timeoutMs?: number; onStage?: (stage: string) => void } => ({
    ...(deadlineAt === undefined ? {} : { timeoutMs: Math.max(0, deadlineAt - performance.now()) }),
    ...(onStage ? { onStage } : {}),
  });
  try {
    switch (task.kind) {
      case 'render': {
        const r = await render(task.input, { ...task.options, ...left() });
        if (task.validate) onStage?.('validation');
        const validation = task.validate
          ? (await loadValidator()).validate(r.pdf, {
              flavours:
                task.options.embedColorProfile === false ? ['pdfua-1'] : ['pdfa-3a', 'pdfua-1'],
              ...left(),
            })
          : null;
        const value: RenderTaskValue = {
          pdf: r.pdf,
          documentId: r.documentId,
          pages: r.pages,
          title: r.title,
          warnings: r.warnings,
          validation,
        };
        return { ok: true, value };
      }
      case 'image':
        return { ok: true, value: await renderImage(task.input, { ...task.options, ...left() }) };
      case 'validate': {
        onStage?.('validation');
        const { validate } = await loadValidator();
        return {
          ok: true,
          value: validate(task.pdf, {
            flavours: task.flavours === 'auto' ? 'auto' : [...task.flavours],
            ...(task.decodeBudget !== undefined
              ? { limits: { documentDecodeBudget: task.decodeBudget } }
              : {}),
            ...left(),
          }),
        };
      }
      case 'identify':
        onStage?.('validation');
        return { ok: true, value: (await loadValidator()).identify(task.pdf) };
      case 'warmup':
        warmUpText();
        return { ok: true, value: null };
    }
  } catch (err) {
    return { ok: false, error: serializeError(err) };
  }
}
