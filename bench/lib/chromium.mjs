// Chromium helpers for the peers: finding the binary and driving one long-lived headless
// process through the DevTools protocol over a pipe (--remote-debugging-pipe: requests on fd 3,
// replies on fd 4, each message JSON ended by a NUL byte), so no npm package is needed.
import { spawn, execFileSync } from 'node:child_process';
import { which } from './proc.mjs';
import { peerFontEnv } from './peer-fonts.mjs';

const NAMES = ['chromium', 'chromium-browser', 'google-chrome'];

/** @returns {{ bin: string, version: string } | null} */
export function findChromium() {
  for (const n of NAMES) {
    const bin = which(n);
    if (!bin) continue;
    let version = 'unknown';
    try {
      const out = execFileSync(bin, ['--version'], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      });
      version = /(\d+\.[\d.]+)/.exec(out)?.[1] ?? version;
    } catch {
      /* keep unknown */
    }
    return { bin, version };
  }
  return null;
}

/** Flags shared by cold and warm runs (containers have no GPU and often no sandbox). */
export const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--no-first-run',
  '--no-default-browser-check',
  '--disable-extensions',
  '--mute-audio',
];

/** One headless Chromium driven over the DevTools pipe. */
export class CdpBrowser {
  /** @param {string} bin */
  constructor(bin) {
    this.proc = spawn(bin, [...FLAGS, '--remote-debugging-pipe', 'about:blank'], {
      stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'],
      env: peerFontEnv(),
    });
    this.nextId = 1;
    /** @type {Map<number, { resolve: (v: any) => void, reject: (e: Error) => void }>} */
    this.pending = new Map();
    /** @type {Set<(msg: any) => void>} */
    this.listeners = new Set();
    let buffered = Buffer.alloc(0);
    const out = /** @type {import('node:stream').Readable} */ (this.proc.stdio[4]);
    out.on('data', (chunk) => {
      buffered = Buffer.concat([buffered, chunk]);
      let end;
      while ((end = buffered.indexOf(0)) >= 0) {
        const msg = JSON.parse(buffered.subarray(0, end).toString('utf8'));
        buffered = buffered.subarray(end + 1);
        this.dispatch(msg);
      }
    });
    this.proc.on('exit', () => {
      for (const p of this.pending.values()) p.reject(new Error('chromium exited'));
      this.pending.clear();
    });
  }

  dispatch(msg) {
    if (msg.id !== undefined) {
      const p = this.pending.get(msg.id);
      this.pending.delete(msg.id);
      if (msg.error) p?.reject(new Error(`${msg.error.message}`));
      else p?.resolve(msg.result);
    } else for (const l of this.listeners) l(msg);
  }

  /** @returns {Promise<any>} */
  send(method, params = {}, sessionId) {
    const id = this.nextId++;
    const input = /** @type {import('node:stream').Writable} */ (this.proc.stdio[3]);
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      input.write(
        JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) }) + '\0',
      );
    });
  }

  /** Resolves on the first event of that name in that session. */
  once(method, sessionId) {
    return new Promise((resolve) => {
      const l = (msg) => {
        if (msg.method === method && msg.sessionId === sessionId) {
          this.listeners.delete(l);
          resolve(msg.params);
        }
      };
      this.listeners.add(l);
    });
  }

  /** A page (tab) with Page events on, reused for many documents. */
  async newPage() {
    const { targetId } = await this.send('Target.createTarget', { url: 'about:blank' });
    const { sessionId } = await this.send('Target.attachToTarget', { targetId, flatten: true });
    await this.send('Page.enable', {}, sessionId);
    return { targetId, sessionId };
  }

  /** Loads url in the page and prints it; tagged output as Chromium offers it. */
  async print(page, url) {
    const loaded = this.once('Page.loadEventFired', page.sessionId);
    await this.send('Page.navigate', { url }, page.sessionId);
    await loaded;
    const r = await this.send(
      'Page.printToPDF',
      { preferCSSPageSize: true, printBackground: true, generateTaggedPDF: true },
      page.sessionId,
    );
    return Buffer.from(r.data, 'base64');
  }

  async close() {
    try {
      await Promise.race([this.send('Browser.close'), new Promise((r) => setTimeout(r, 2000))]);
    } catch {
      /* already gone */
    }
    if (this.proc.exitCode === null) this.proc.kill();
  }
}
