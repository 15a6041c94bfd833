/** Jobs settings: REDIS_URL turns them on; a half-made jobs configuration stops start-up. */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.js';

const CLI = join(import.meta.dirname, '..', '..', 'dist', 'cli.js');

describe('jobs configuration', () => {
  it('is off without REDIS_URL, and the role defaults to all', () => {
    const config = loadConfig({});
    expect(config.jobs).toBeNull();
    expect(config.role).toBe('all');
  });

  it('reads REDIS_URL and the JOBS_* settings, with defaults', () => {
    const config = loadConfig({
      REDIS_URL: 'redis://queue:6379/2',
      WORKERS: '3',
      JOBS_ATTEMPTS: '7',
      JOBS_RESULT_TTL_SECONDS: '3600',
      ROLE: 'worker',
    });
    expect(config.role).toBe('worker');
    expect(config.jobs).toMatchObject({
      redisUrl: 'redis://queue:6379/2',
      prefix: 'a11ypdf',
      concurrency: 3,
      attempts: 7,
      resultTtlSeconds: 3600,
      leaseMs: 30_000,
      callbackSecret: null,
    });
  });

  it.each([
    [{ JOBS_ATTEMPTS: '3' }, /JOBS_ATTEMPTS set but REDIS_URL is not/],
    [{ REDIS_URL: 'redis://q', JOBS_ATEMPTS: '3' }, /JOBS_ATEMPTS: not a setting/],
    [{ REDIS_URL: 'http://q:6379' }, /REDIS_URL must start with redis:\/\/ or rediss:\/\//],
    [{ REDIS_URL: 'not a url' }, /REDIS_URL must be a redis:\/\/ or rediss:\/\/ URL/],
    [{ ROLE: 'worker' }, /worker role .* set REDIS_URL/],
    [{ ROLE: 'scheduler' }, /ROLE must be one of api, worker, all/],
    [{ REDIS_URL: 'redis://q', JOBS_LEASE_MS: '10' }, /JOBS_LEASE_MS must be an integer/],
    [{ REDIS_URL: 'redis://q', JOBS_CALLBACK_SECRET: 'short' }, /at least 16 characters/],
  ])('refuses %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('refuses the worker role given on the command line without a queue', () => {
    expect(() => loadConfig({}, { role: 'worker' })).toThrow(/set REDIS_URL/);
    const run = spawnSync(process.execPath, [CLI, 'serve', '--role', 'worker'], {
      env: { PATH: process.env.PATH },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/worker role takes items from the job queue: set REDIS_URL/);
  });
});
