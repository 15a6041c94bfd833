/**
 * What a fuzz worker can run, and how each ending is classified. Runs inside the worker thread
 * (loaded from source by ts-hooks.mjs), so `instanceof` sees the engine's own error classes.
 */
import { InputError, LimitError, type Warning } from '../../../src/diagnostics.js';
import {
  render,
  renderImage,
  type ImageOptions,
  type RenderInput,
  type RenderOptions,
} from '../../../src/render.js';
import { ResourceError } from '../../../src/resources/types.js';
import { identify, NotPdfError, validate } from '../../../src/validate/index.js';
import type { Flavour } from '../../../src/validate/contract.js';

export type CaseInput =
  | {
      readonly target: 'render';
      readonly input: RenderInput;
      readonly options?: RenderOptions;
      /** Send the PDF back (seed documents for the PDF fuzzers). */
      readonly returnPdf?: boolean;
    }
  | { readonly target: 'image'; readonly input: RenderInput; readonly options?: ImageOptions }
  | {
      readonly target: 'validate';
      readonly pdf: Uint8Array;
      readonly flavours?: readonly Flavour[] | 'auto';
    }
  | { readonly target: 'identify'; readonly pdf: Uint8Array };

/** How one case ended. `typed` and `ok` are the two acceptable endings. */
export type Outcome =
  | {
      readonly status: 'ok';
      readonly summary: string;
      /** Warning codes and messages (render and image), for cases that expect a placeholder. */
      readonly warnings?: readonly string[];
      readonly pdf?: Uint8Array;
    }
  | {
      readonly status: 'typed';
      readonly name: string;
      readonly message: string;
      readonly detail?: string;
    }
  | {
      readonly status: 'untyped';
      readonly name: string;
      readonly message: string;
      readonly stack: string;
    };

/** The error types the public API promises (src/diagnostics.ts, resources/types.ts, validate). */
export function classify(err: unknown): Outcome {
  if (err instanceof InputError) {
    const problems = err.problems.slice(0, 3).map((p) => `${p.pointer}: ${p.message}`);
    return {
      status: 'typed',
      name: err.name,
      message: err.message,
      detail: [err.code, ...problems].join('; ').slice(0, 500),
    };
  }
  if (err instanceof LimitError)
    return { status: 'typed', name: err.name, message: err.message, detail: err.limit };
  if (err instanceof ResourceError)
    return { status: 'typed', name: err.name, message: err.message, detail: err.reason };
  if (err instanceof NotPdfError) return { status: 'typed', name: err.name, message: err.message };
  const e = err instanceof Error ? err : new Error(String(err));
  return {
    status: 'untyped',
    name: e.name || e.constructor?.name || 'Error',
    message: e.message.slice(0, 500),
    stack: (e.stack ?? '').split('\n').slice(0, 14).join('\n'),
  };
}

/** Keep every case to data: URIs and refuse the network, whatever the generated markup says. */
const OFFLINE: RenderOptions = {
  allowPrivateNetwork: false,
  resourcePolicy: { resourceTimeoutMs: 2000, maxRedirects: 0 },
};

function warningList(ws: readonly Warning[]): string[] {
  return ws.slice(0, 50).map((w) => `${w.code}: ${w.message}`.slice(0, 300));
}

export async function runCase(c: CaseInput): Promise<Outcome> {
  try {
    switch (c.target) {
      case 'render': {
        const r = await render(c.input, { deterministic: true, ...OFFLINE, ...c.options });
        return {
          status: 'ok',
          summary: `${r.pages} page(s), ${r.pdf.length} bytes, ${r.warnings.length} warning(s)`,
          warnings: warningList(r.warnings),
          ...(c.returnPdf ? { pdf: r.pdf } : {}),
        };
      }
      case 'image': {
        const r = await renderImage(c.input, { ...OFFLINE, ...c.options });
        return {
          status: 'ok',
          summary: `${r.width}x${r.height} ${r.contentType}`,
          warnings: warningList(r.warnings),
        };
      }
      case 'validate': {
        const r = validate(c.pdf, { flavours: c.flavours ?? ['pdfa-3a', 'pdfua-1'] });
        return {
          status: 'ok',
          summary: `compliant=${r.isCompliant} failures=${r.failures?.length ?? 0}`,
        };
      }
      case 'identify': {
        const r = identify(c.pdf);
        return { status: 'ok', summary: `pages=${r.pages}` };
      }
    }
  } catch (err) {
    return classify(err);
  }
}
