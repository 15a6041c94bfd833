/**
 * The CPU-bound jobs the service hands to worker threads, as plain serialisable data, and the
 * function that runs one. Errors cross the thread boundary as data (class identity does not
 * survive structured cloning) and are turned back into typed errors by the pool.
 */
import {
  identify,
  render,
  renderImage,
  validate,
  warmUp,
  type Flavour,
  type ImageOptions,
  type RenderInput,
  type RenderOptions,
  type ValidationResponse,
} from '../index.js';
import { serializeError, type SerializedError, type TaskOutcome } from './task-errors.js';

export type { SerializedError, TaskOutcome };

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
        // Judged against what the document claims, wherever the claim was decided (the
        // request's embedColorProfile or a template's config).
        if (task.validate) onStage?.('validation');
        const validation = task.validate
          ? validate(r.pdf, {
              flavours: r.pdfa ? ['pdfa-3a', 'pdfua-1'] : ['pdfua-1'],
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
        return { ok: true, value: identify(task.pdf) };
      case 'warmup':
        await warmUp();
        return { ok: true, value: null };
    }
  } catch (err) {
    return { ok: false, error: serializeError(err) };
  }
}
