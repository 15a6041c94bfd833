export interface DirectoryServer {
  /** http://127.0.0.1:<port> */
  readonly origin: string;
  /** Absolute URL of a path relative to the served root ('gallery/cv/index.html'). */
  urlFor(path: string): string;
  close(): Promise<void>;
}

/** Serves the files under `root` (nothing outside it) read-only on 127.0.0.1, on a free port. */
export function serveDirectory(root: string): Promise<DirectoryServer>;
