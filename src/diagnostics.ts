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
  override readonly name = 'LimitError';
  constructor(
    message: string,
    readonly limit: string,
    readonly status: number = 413,
  ) {
    super(message);
  }
}
