import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, redactUrl } from './config.js';

describe('loadConfig', () => {
  it('has defaults that run the service on SQLite', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 8000, host: '127.0.0.1', databaseUrl: undefined, role: 'all', logLevel: 'info' });
    expect(config.auth).toMatchObject({ mode: 'dev', algorithms: ['RS256'] });
    // Chosen from the measured curve (ADR 0784): a run mostly waits on the model.
    expect(config.jobs.concurrency).toBe(4);
    // PostgreSQL's repeated statements prepared once per connection, at most 200 each (ADR 0821); 0 turns it off.
    expect(config.databasePreparedStatements).toBe(200);
    expect(loadConfig({ DATABASE_PREPARED_STATEMENTS: '0' }).databasePreparedStatements).toBe(0);
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
    [{ DATABASE_PREPARED_STATEMENTS: 'many' }, 'DATABASE_PREPARED_STATEMENTS'],
    [{ DATABASE_PREPARED_STATEMENTS: '-1' }, 'DATABASE_PREPARED_STATEMENTS'],
    [{ BLOB_STORE: 'nfs' }, 'BLOB_STORE'],
    [{ BLOB_STORE: 'postgres' }, 'DATABASE_URL'],
    [{ BLOB_STORE: 's3' }, 'S3_BUCKET'],
    [{ BLOB_STORE: 's3', S3_BUCKET: 'Bad_Bucket' }, 'S3_BUCKET'],
    [{ S3_BUCKET: 'quire', S3_ENDPOINT: 'ftp://minio' }, 'S3_ENDPOINT'],
    [{ S3_BUCKET: 'quire', S3_FORCE_PATH_STYLE: 'yes' }, 'S3_FORCE_PATH_STYLE'],
    [{ S3_BUCKET: 'quire', S3_PREFIX: '../x/' }, 'S3_PREFIX'],
    [{ WEBHOOK_RETRY_SECONDS: '5,soon' }, 'WEBHOOK_RETRY_SECONDS'],
    [{ WEBHOOK_RETRY_SECONDS: '-5' }, 'WEBHOOK_RETRY_SECONDS'],
    [{ WEBHOOK_RETRY_SECONDS: '90000' }, 'WEBHOOK_RETRY_SECONDS'],
    [{ WEBHOOK_TIMEOUT_SECONDS: '0' }, 'WEBHOOK_TIMEOUT_SECONDS'],
    [{ ROLE: 'api' }, 'QUIRE_SECRET_KEY'],
    [{ ROLE: 'worker' }, 'QUIRE_SECRET_KEY'],
    [{ QUIRE_SECRET_KEY: Buffer.alloc(16, 7).toString('base64') }, 'QUIRE_SECRET_KEY'],
    [{ QUIRE_SECRET_KEY: 'not base64 at all!' }, 'QUIRE_SECRET_KEY'],
    [{ PDF_CONVERTERS: '0' }, 'PDF_CONVERTERS'],
    [{ PDF_CONVERSION_TIMEOUT_SECONDS: 'soon' }, 'PDF_CONVERSION_TIMEOUT_SECONDS'],
    [{ PDF_START_AT_BOOT: 'yes' }, 'PDF_START_AT_BOOT'],
    [{ RATE_LIMIT_REDIS_URL: 'http://127.0.0.1:6379' }, 'RATE_LIMIT_REDIS_URL'],
  ])('refuses %j naming %s', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`^${name} `));
  });

  it('picks the blob store: local on SQLite, PostgreSQL with DATABASE_URL, S3 once a bucket is named; BLOB_STORE overrides', () => {
    const pgUrl = 'postgres://db/quire';
    expect(loadConfig({}).blobs).toEqual({ store: 'local', s3: undefined });
    expect(loadConfig({ DATABASE_URL: pgUrl }).blobs).toEqual({ store: 'postgres', s3: undefined });
    expect(loadConfig({ DATABASE_URL: pgUrl, BLOB_STORE: 'local' }).blobs.store).toBe('local');
    expect(loadConfig({ DATABASE_URL: pgUrl, S3_BUCKET: 'quire-files' }).blobs).toEqual({
      store: 's3',
      s3: { bucket: 'quire-files', endpoint: undefined, region: 'us-east-1', forcePathStyle: false, prefix: '' },
    });
    // A self-hosted endpoint (MinIO) gets path-style addressing unless told otherwise.
    expect(
      loadConfig({ BLOB_STORE: 's3', S3_BUCKET: 'quire', S3_ENDPOINT: 'http://minio:9000', AWS_REGION: 'eu-west-1', S3_PREFIX: 'prod/' }).blobs.s3,
    ).toEqual({
      bucket: 'quire',
      endpoint: 'http://minio:9000',
      region: 'eu-west-1',
      forcePathStyle: true,
      prefix: 'prod/',
    });
  });

  it('reads the webhook retry schedule and timeout (default, custom, none)', () => {
    expect(loadConfig({}).webhooks).toEqual({ retrySeconds: [5, 30, 120, 600, 3600], timeoutMs: 10_000 });
    expect(loadConfig({ WEBHOOK_RETRY_SECONDS: '0.5, 2', WEBHOOK_TIMEOUT_SECONDS: '3' }).webhooks).toEqual({ retrySeconds: [0.5, 2], timeoutMs: 3000 });
    expect(loadConfig({ WEBHOOK_RETRY_SECONDS: '' }).webhooks.retrySeconds).toEqual([]);
  });

  it('reads QUIRE_SECRET_KEY as 32 bytes of base64, optional only for ROLE=all, and never echoes it', () => {
    const raw = Buffer.alloc(32, 9);
    expect(loadConfig({}).secretKey).toBeUndefined();
    for (const text of [raw.toString('base64'), raw.toString('base64url'), ` ${raw.toString('base64')}\n`]) {
      expect(loadConfig({ ROLE: 'worker', QUIRE_SECRET_KEY: text }).secretKey?.export()).toEqual(raw);
    }
    const short = Buffer.alloc(31, 9).toString('base64');
    expect(() => loadConfig({ QUIRE_SECRET_KEY: short })).toThrow(
      'QUIRE_SECRET_KEY must be 32 random bytes in base64, e.g. from `openssl rand -base64 32` (got 31 bytes)',
    );
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

  it('reads the PDF converter settings, in seconds where the name says so', () => {
    expect(loadConfig({}).pdf).toEqual({
      sofficePath: 'soffice',
      pythonPath: '/usr/bin/python3',
      converters: 2,
      timeoutMs: 60_000,
      maxConversions: 200,
      startTimeoutMs: 120_000,
      queueTimeoutMs: 60_000,
      startAtBoot: true,
    });
    const pdf = loadConfig({
      PDF_SOFFICE_PATH: '/opt/lo/soffice',
      PDF_CONVERTERS: '4',
      PDF_CONVERSION_TIMEOUT_SECONDS: '5',
      PDF_QUEUE_TIMEOUT_SECONDS: '7',
      PDF_START_AT_BOOT: 'false',
    }).pdf;
    expect(pdf).toMatchObject({ sofficePath: '/opt/lo/soffice', converters: 4, timeoutMs: 5000, queueTimeoutMs: 7000, startAtBoot: false });
  });

  it('never echoes a database password', () => {
    expect(redactUrl('postgres://quire:s3cret@db:5432/quire')).toBe('postgres://quire:***@db:5432/quire');
    try {
      loadConfig({ DATABASE_URL: 'mysql://quire:s3cret@db/q' });
    } catch (error) {
      expect(String(error)).not.toContain('s3cret');
    }
  });

  it('reads the console OIDC client only in oidc mode, with endpoints discovered from the issuer', () => {
    const oidc = { AUTH_MODE: 'oidc', AUTH_JWKS_URL: 'https://idp.example.test/jwks', AUTH_ISSUER: 'https://idp.example.test/', AUTH_AUDIENCE: 'quire-api' };
    expect(loadConfig(oidc).console.oidc).toBeUndefined();
    expect(loadConfig({ ...oidc, CONSOLE_OIDC_CLIENT_ID: 'quire-console', CONSOLE_OIDC_SCOPE: 'email' }).console.oidc).toEqual({
      clientId: 'quire-console',
      providerName: 'idp.example.test',
      discoveryUrl: 'https://idp.example.test/.well-known/openid-configuration',
      scope: 'openid email',
    });
    expect(
      loadConfig({
        ...oidc,
        CONSOLE_OIDC_CLIENT_ID: 'c',
        CONSOLE_OIDC_PROVIDER_NAME: 'Acme SSO',
        CONSOLE_OIDC_DISCOVERY_URL: 'https://login.acme.test/.well-known/openid-configuration',
      }).console.oidc,
    ).toMatchObject({ providerName: 'Acme SSO', discoveryUrl: 'https://login.acme.test/.well-known/openid-configuration', scope: 'openid email profile' });
    expect(() => loadConfig({ CONSOLE_OIDC_CLIENT_ID: 'quire-console' })).toThrow(new ConfigError('CONSOLE_OIDC_CLIENT_ID needs AUTH_MODE=oidc'));
    expect(() => loadConfig({ ...oidc, AUTH_ISSUER: 'urn:idp', CONSOLE_OIDC_CLIENT_ID: 'c' })).toThrow(/CONSOLE_OIDC_DISCOVERY_URL is required/);
  });
});
