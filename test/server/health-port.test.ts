/**
 * The health port is served by its own thread: it answers while the HTTP thread is blocked, and
 * liveness fails only when the HTTP thread has stopped ticking for the stall limit.
 */
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.js';
import { startTestService, type RunningService } from './harness.js';

/**
 * GETs a URL from another process after `delayMs`, while this thread (the service's HTTP
 * thread, as tests run the service in-process) is blocked in spawnSync.
 */
function getWhileBlocked(url: string, delayMs = 0, timeoutMs = 3000): string {
  const script = `setTimeout(() => {
    const r = require('node:http').get(${JSON.stringify(url)}, { timeout: ${timeoutMs} }, (res) => {
      let b = ''; res.on('data', (c) => (b += c)); res.on('end', () => console.log(res.statusCode, b));
    });
    r.on('timeout', () => { console.log('timeout'); process.exit(0); });
    r.on('error', (e) => console.log('error', e.code));
  }, ${delayMs});`;
  return spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' }).stdout.trim();
}

describe('the health port', () => {
  let svc: RunningService;
  let health: string;
  beforeAll(async () => {
    svc = await startTestService({ HEALTH_PORT: '0' }, { livenessStallMs: 4000 });
    health = `http://127.0.0.1:${svc.service.health?.port}`;
    for (let i = 0; i < 100 && (await fetch(`${health}/health/ready`)).status !== 200; i++)
      await new Promise((r) => setTimeout(r, 50));
  });
  afterAll(() => svc.close());

  it('answers liveness and readiness, and nothing else', async () => {
    const live = await fetch(`${health}/health/live`);
    expect(live.status).toBe(200);
    expect(await live.json()).toMatchObject({ status: 'ok' });
    expect((await fetch(`${health}/health/ready`)).status).toBe(200);
    expect((await fetch(`${health}/render/html`, { method: 'POST' })).status).toBe(404);
  });

  it('answers while the HTTP thread is busy, which the main port cannot', () => {
    expect(getWhileBlocked(`${health}/health/live`)).toMatch(/^200 .*"status":"ok"/);
    expect(getWhileBlocked(`${svc.url}/health/live`, 0, 500)).toBe('timeout');
  });

  it('fails liveness once the HTTP thread has not ticked for the stall limit', () => {
    expect(getWhileBlocked(`${health}/health/live`, 5000)).toMatch(/^503 .*"unavailable"/);
  });

  it('is configured by HEALTH_PORT (8081 unless turned off) and LIVENESS_STALL_MS', () => {
    expect(loadConfig({}).healthPort).toBe(8081);
    expect(loadConfig({ HEALTH_PORT: '9000' }).healthPort).toBe(9000);
    expect(loadConfig({ HEALTH_PORT: 'off' }).healthPort).toBeNull();
    expect(() => loadConfig({ HEALTH_PORT: '70000' })).toThrow(/HEALTH_PORT/);
    expect(loadConfig({}).livenessStallMs).toBe(15_000);
  });
});
