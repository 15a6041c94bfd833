/**
 * Typed warnings and errors shared by every stage. A stage never throws a bare Error for bad
 * input: it throws InputError (caller's fault, with a JSON pointer to the field) or returns
 * warnings that the API reports.
 */

/** Something the caller should know about but that did not stop the render. */
export interface Warning {
  /** Stable machine-readable code, e.g. 'css.unsupported-property', 'resource.failed'. */
  readonly code: string;
  readonly message: string;
  /** Where it came from: a CSS selector, an element path, a URL, a JSON pointer. */
  readonly source?: string;
}

/**
 * The warnings with repeats folded into their first occurrence: thirty unlabelled icons give
 * one warning that says how many there were, not thirty lines.
 */
export function foldRepeatedWarnings(warnings: readonly Warning[]): Warning[] {
  const counts = new Map<string, number>();
  const keyOf = (w: Warning): string => `${w.code}\u0000${w.message}\u0000${w.source ?? ''}`;
  for (const w of warnings) counts.set(keyOf(w), (counts.get(keyOf(w)) ?? 0) + 1);
  if (counts.size === warnings.length) return [...warnings];
  const out: Warning[] = [];
  for (const w of warnings) {
    const key = keyOf(w);
    const n = counts.get(key);
    if (n === undefined) continue;
    counts.delete(key);
    out.push(n > 1 ? { ...w, message: `${w.message} (${n} times)` } : w);
  }
  return out;
}

export interface FieldProblem {
  /** JSON pointer (RFC 6901) into the request, e.g. '/template/rows/0/blocks/1/level'. */
  readonly pointer: string;
  readonly message: string;
}

/** The input cannot be processed as given; maps to HTTP 400 (or `status` when set). */
export class InputError extends Error {
  override readonly name = 'InputError';
  constructor(
    message: string,
    readonly problems: readonly FieldProblem[] = [],
    readonly status: number = 400,
    readonly code: string = 'invalid-input',
  ) {
    super(message);
  }
}

/** A resource or stage limit was exceeded (pages, pixels, bytes, depth, time). */
export class LimitError extends Error {
  override readonly name: string = 'LimitError';
  constructor(
    message: string,
    readonly limit: string,
    readonly status: number = 413,
  ) {
    super(message);
  }
}

/**
 * Default largest output of one render (PDF or image), bytes. Far above real documents (the
 * 100-page report is well under 1 MB); it stops a runaway document before it fills the heap.
 */
export const DEFAULT_MAX_OUTPUT_BYTES = 100 * 1024 * 1024;

/**
 * The caller's deadline passed (`timeoutMs`) or its AbortSignal fired before the work was done.
 * A LimitError on 'time' (HTTP 504); `stage` says where the work stopped.
 */
export class TimeoutError extends LimitError {
  override readonly name: string = 'TimeoutError';
  constructor(
    message: string,
    /** The stage that was running: 'style', 'layout', 'pagination', 'pdf', 'raster', 'validation'... */
    readonly stage: string,
    /** The caller's abort reason, when the deadline came from an AbortSignal. */
    override readonly cause?: unknown,
  ) {
    super(message, 'time', 504);
  }
}

/** How a caller bounds the time of one render or validation. */
export interface DeadlineOptions {
  /** Cancels the work; checked between stages and inside their long loops. */
  readonly signal?: AbortSignal;
  /** Milliseconds from the call; measured on the clock, so synchronous loops notice it too. */
  readonly timeoutMs?: number;
  /** Told the name of each stage as the work enters it (a supervisor can name where it was). */
  readonly onStage?: (stage: string) => void;
}

/**
 * One call's deadline. A timer cannot fire while synchronous layout or validation runs, so
 * `check()` reads the clock itself; the timer only ends the asynchronous waits (fetches,
 * image decoding) through `signal`. `check()` is cheap enough for inner loops.
 */
export class Deadline {
  /** Aborted with the TimeoutError once the deadline is found to have passed. */
  readonly signal: AbortSignal;
  readonly #controller = new AbortController();
  readonly #at: number;
  readonly #timeoutMs: number | undefined;
  readonly #caller: AbortSignal | undefined;
  readonly #onStage: ((stage: string) => void) | undefined;
  readonly #onAbort = (): void => this.#fail();
  #timer: NodeJS.Timeout | undefined;
  #stage = 'start';

  constructor(options: DeadlineOptions = {}) {
    this.signal = this.#controller.signal;
    const ms = options.timeoutMs;
    if (ms !== undefined && !(Number.isFinite(ms) && ms >= 0)) {
      throw new InputError(`timeoutMs must be a non-negative number of milliseconds, got ${ms}`, [
        { pointer: '/timeoutMs', message: 'must be a non-negative number' },
      ]);
    }
    this.#timeoutMs = ms;
    this.#at = ms === undefined ? Infinity : performance.now() + ms;
    this.#caller = options.signal;
    this.#onStage = options.onStage;
    // An already aborted signal is found by the first check(), which knows the stage.
    if (!options.signal?.aborted)
      options.signal?.addEventListener('abort', this.#onAbort, { once: true });
    if (ms !== undefined && !options.signal?.aborted) {
      this.#timer = setTimeout(this.#onAbort, ms);
      this.#timer.unref?.();
    }
  }

  /** Throws the TimeoutError when the deadline has passed; records `stage` for the message. */
  check(stage: string): void {
    if (stage !== this.#stage) {
      this.#stage = stage;
      this.#onStage?.(stage);
    }
    if (!this.signal.aborted && (this.#caller?.aborted || performance.now() > this.#at))
      this.#fail();
    if (this.signal.aborted) throw this.signal.reason as TimeoutError;
  }

  /** Stops the timer and the listener on the caller's signal; call when the work is done. */
  dispose(): void {
    clearTimeout(this.#timer);
    this.#caller?.removeEventListener('abort', this.#onAbort);
  }

  #fail(): void {
    if (this.signal.aborted) return;
    const stage = this.#stage;
    const callerReason = this.#caller?.aborted ? this.#caller.reason : undefined;
    const err = this.#caller?.aborted
      ? new TimeoutError(
          `the work was aborted by its signal (during ${stage})${
            callerReason instanceof Error ? `: ${callerReason.message}` : ''
          }`,
          stage,
          callerReason,
        )
      : new TimeoutError(
          `the work did not finish within ${Math.round(this.#timeoutMs ?? 0)} ms (stopped during ${stage})`,
          stage,
        );
    this.dispose();
    this.#controller.abort(err);
  }
}
