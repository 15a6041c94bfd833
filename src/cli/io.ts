/** Where the command line reads and writes: the process's streams, or a test's. */
import type { Stream } from './report.js';

export interface Output extends Stream {
  write(data: string | Uint8Array): unknown;
}

export interface Io {
  /** Documents, reports and JSON lines. */
  readonly stdout: Output;
  /** Messages: progress, warnings, summaries, errors. */
  readonly stderr: Output;
  /** All of standard input. */
  readStdin(): Promise<Buffer>;
}

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

export function processIo(): Io {
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    readStdin: () => readAll(process.stdin),
  };
}

/** Writes `data` and resolves once the stream has taken it (a pipe may be slow to drain). */
export function writeFully(out: Output, data: string | Uint8Array): Promise<void> {
  return new Promise((resolve, reject) => {
    const w = out as Output & {
      write(data: string | Uint8Array, cb: (err?: Error | null) => void): boolean;
    };
    if (w.write.length >= 2) w.write(data, (err) => (err ? reject(err) : resolve()));
    else {
      out.write(data);
      resolve();
    }
  });
}
