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
    [{ PDF_CONVERTERS: '0' }, 'PDF_CONVERTERS'],
    [{ PDF_CONVERSION_TIMEOUT_SECONDS: 'soon' }, 'PDF_CONVERSION_TIMEOUT_SECONDS'],
  ])('refuses %j naming %s', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`^${name} `));
  });

  it('reads the PDF converter settings, in seconds where the name says so', () => {
    expect(loadConfig({}).pdf).toEqual({
      sofficePath: 'soffice',
      pythonPath: '/usr/bin/python3',
      converters: 2,
      timeoutMs: 60_000,
      maxConversions: 200,
      startTimeoutMs: 30_000,
      queueTimeoutMs: 60_000,
    });
    const pdf = loadConfig({ PDF_SOFFICE_PATH: '/opt/lo/soffice', PDF_CONVERTERS: '4', PDF_CONVERSION_TIMEOUT_SECONDS: '5', PDF_QUEUE_TIMEOUT_SECONDS: '7' }).pdf;
    expect(pdf).toMatchObject({ sofficePath: '/opt/lo/soffice', converters: 4, timeoutMs: 5000, queueTimeoutMs: 7000 });
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
