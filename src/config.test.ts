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
    [{ WEBHOOK_RETRY_SECONDS: '5,soon' }, 'WEBHOOK_RETRY_SECONDS'],
    [{ WEBHOOK_RETRY_SECONDS: '-5' }, 'WEBHOOK_RETRY_SECONDS'],
    [{ WEBHOOK_RETRY_SECONDS: '90000' }, 'WEBHOOK_RETRY_SECONDS'],
    [{ WEBHOOK_TIMEOUT_SECONDS: '0' }, 'WEBHOOK_TIMEOUT_SECONDS'],
  ])('refuses %j naming %s', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`^${name} `));
  });

  it('reads the webhook retry schedule and timeout (default, custom, none)', () => {
    expect(loadConfig({}).webhooks).toEqual({ retrySeconds: [5, 30, 120, 600, 3600], timeoutMs: 10_000 });
    expect(loadConfig({ WEBHOOK_RETRY_SECONDS: '0.5, 2', WEBHOOK_TIMEOUT_SECONDS: '3' }).webhooks).toEqual({ retrySeconds: [0.5, 2], timeoutMs: 3000 });
    expect(loadConfig({ WEBHOOK_RETRY_SECONDS: '' }).webhooks.retrySeconds).toEqual([]);
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
