/** A half-made or blank authentication configuration stops start-up; public is said once. */
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config.js';
import { authMode } from '../../src/server/auth.js';
import { startTestService } from './harness.js';

const JWKS = 'https://issuer.example/.well-known/jwks.json';

describe('authentication configuration', () => {
  it.each([
    [{ JWT_ISSUER: 'https://issuer.example/' }, /JWT_JWKS_URL is missing/],
    [{ JWT_JWKS_URL: JWKS }, /JWT_ISSUER is missing/],
    [
      { JWT_ISSUER: 'https://issuer.example/', JWT_JWKS_URL: '  ' },
      /JWT_JWKS_URL is set but blank/,
    ],
    [{ JWT_ISSUER: '', JWT_JWKS_URL: JWKS }, /JWT_ISSUER is set but blank/],
    [{ JWT_AUDIENCE: 'a11ypdf' }, /JWT_AUDIENCE is set but JWT_ISSUER and JWT_JWKS_URL/],
    [{ JWKS_PRIVATE_NETWORK_ALLOWLIST: '10.0.0.0/8' }, /JWKS_PRIVATE_NETWORK_ALLOWLIST is set/],
    [{ JWT_ISSUER: 'x', JWT_JWKS_URL: 'not a url' }, /JWT_JWKS_URL must be an absolute/],
    [{ JWT_ISSUER: 'x', JWT_JWKS_URL: 'file:///etc/jwks.json' }, /JWT_JWKS_URL must be an http/],
    [{ API_KEY: '' }, /API_KEY is set but blank/],
    [{ API_KEY: '   ' }, /API_KEY is set but blank/],
    [{ API_KEYS: '' }, /API_KEYS is set but blank/],
    [{ API_KEYS: 'one,,two' }, /API_KEYS has a blank entry \(number 2\)/],
    [{ API_KEYS: 'one,' }, /API_KEYS has a blank entry/],
  ])('refuses %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('is public only when nothing is set', () => {
    expect(authMode(loadConfig({}))).toBe('public');
    expect(authMode(loadConfig({ API_KEY: 'k' }))).toBe('api-key');
    expect(authMode(loadConfig({ API_KEYS: 'a, b' }))).toBe('api-key');
    const jwt = loadConfig({
      JWT_ISSUER: 'https://issuer.example/',
      JWT_JWKS_URL: JWKS,
      JWKS_PRIVATE_NETWORK_ALLOWLIST: '10.1.0.0/16',
    });
    expect(authMode(jwt)).toBe('jwt');
    expect(jwt.jwt?.jwksAllowedPrivateRanges).toEqual(['10.1.0.0/16']);
  });

  it('says once at start that a public service is public', async () => {
    let log = '';
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        log += chunk.toString();
        done();
      },
    });
    const svc = await startTestService({ LOG_LEVEL: 'info' }, {}, { logStream: stream });
    try {
      await fetch(`${svc.url}/health`);
      const lines = log.split('\n').filter((l) => l.includes('authentication is off'));
      expect(lines).toHaveLength(1);
      expect(JSON.parse(lines[0])).toMatchObject({ level: 40, authMode: 'public' });
    } finally {
      await svc.close();
    }
  });
});
