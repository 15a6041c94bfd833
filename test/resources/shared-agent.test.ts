/**
 * Connections for http(s) resources are kept across renders: loaders (one per render) that
 * fetch under the same policy and timeout share one guarded agent, so the second document's
 * fetches reuse the first one's kept-alive connection; a different policy never shares it.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createResourceLoader, ResourceError } from '../../src/resources/index.js';
import { sharedGuardedAgent } from '../../src/resources/guarded-agent.js';

let server: Server;
let base = '';
let connections = 0;

beforeAll(async () => {
  server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/css' });
    res.end('p { color: red }');
  });
  server.on('connection', () => connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('connections across renders', () => {
  it('are reused by the next render under the same policy', async () => {
    const before = connections;
    for (let render = 0; render < 6; render++) {
      const loader = createResourceLoader({ allowPrivateNetwork: true, resourceTimeoutMs: 4321 });
      const res = await loader.load(`${base}/a.css`, 'stylesheet');
      expect(Buffer.from(res.bytes).toString()).toBe('p { color: red }');
    }
    // One agent per render opened six. (A request sent the moment the one before it ended
    // may find its connection not yet back in the pool and open a second one.)
    expect(connections - before).toBeLessThanOrEqual(2);
  });

  it('are not shared with a stricter policy, which still refuses the address', async () => {
    const strict = createResourceLoader({ allowPrivateNetwork: false, resourceTimeoutMs: 4321 });
    const err = await strict.load(`${base}/a.css`, 'stylesheet').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ResourceError);
    expect((err as ResourceError).reason).toBe('refused');
  });

  it('gives one agent per policy and timeout', async () => {
    const open = { allowPrivateNetwork: true, timeoutMs: 1000 };
    const same = await sharedGuardedAgent({ ...open });
    expect(await sharedGuardedAgent({ ...open })).toBe(same);
    expect(await sharedGuardedAgent({ ...open, timeoutMs: 2000 })).not.toBe(same);
    expect(await sharedGuardedAgent({ allowPrivateNetwork: false, timeoutMs: 1000 })).not.toBe(
      same,
    );
    expect(await sharedGuardedAgent({ ...open, allowedPrivateRanges: ['10.0.0.0/8'] })).not.toBe(
      same,
    );
  });
});
