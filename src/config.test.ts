import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, redactUrl } from './config.js';

describe('loadConfig', () => {
  it('has defaults that run the service on SQLite', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 8000, host: '127.0.0.1', databaseUrl: undefined, role: 'all', logLevel: 'info' });
    expect(config.auth).toMatchObject({ mode: 'dev', algorithms: ['RS256'] });
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ ROLE: 'boss' }, 'ROLE'],
    [{ AUTH_MODE: 'magic' }, 'AUTH_MODE'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ DATABASE_URL: 'not a url' }, 'DATABASE_URL'],
    [{ AUTH_MODE: 'oidc' }, 'AUTH_JWKS_URL'],
    [{ AUTH_ALGORITHMS: 'HS256' }, 'AUTH_ALGORITHMS'],
    [{ AUTH_ALGORITHMS: 'none' }, 'AUTH_ALGORITHMS'],
    [{ DATABASE_SCHEMA: 'Robert"); drop' }, 'DATABASE_SCHEMA'],
    [{ ROLE: 'api' }, 'QUIRE_SECRET_KEY'],
    [{ ROLE: 'worker' }, 'QUIRE_SECRET_KEY'],
    [{ QUIRE_SECRET_KEY: Buffer.alloc(16, 7).toString('base64') }, 'QUIRE_SECRET_KEY'],
    [{ QUIRE_SECRET_KEY: 'not base64 at all!' }, 'QUIRE_SECRET_KEY'],
  ])('refuses %j naming %s', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`^${name} `));
  });

  it('reads QUIRE_SECRET_KEY as 32 bytes of base64, optional only for ROLE=all, and never echoes it', () => {
    const raw = Buffer.alloc(32, 9);
    expect(loadConfig({}).secretKey).toBeUndefined();
    for (const text of [raw.toString('base64'), raw.toString('base64url'), ` ${raw.toString('base64')}\n`]) {
      expect(loadConfig({ ROLE: 'worker', QUIRE_SECRET_KEY: text }).secretKey?.export()).toEqual(raw);
    }
    const short = Buffer.alloc(31, 9).toString('base64');
    expect(() => loadConfig({ QUIRE_SECRET_KEY: short })).toThrow('QUIRE_SECRET_KEY must be 32 random bytes in base64, e.g. from `openssl rand -base64 32` (got 31 bytes)');
    expect(() => loadConfig({ ROLE: 'api' })).toThrow(/^QUIRE_SECRET_KEY is required when ROLE=api/);
    let message = '';
    try {
      loadConfig({ QUIRE_SECRET_KEY: short });
    } catch (error) {
      message = String(error);
    }
    expect(message).not.toContain(short);
    expect(JSON.stringify(loadConfig({ QUIRE_SECRET_KEY: raw.toString('base64') }))).not.toContain(raw.toString('base64'));
  });

  it('never echoes a database password', () => {
    expect(redactUrl('postgres://quire:s3cret@db:5432/quire')).toBe('postgres://quire:***@db:5432/quire');
    try {
      loadConfig({ DATABASE_URL: 'mysql://quire:s3cret@db/q' });
    } catch (error) {
      expect(String(error)).not.toContain('s3cret');
    }
  });
});
