/**
 * Configuration comes from environment variables only, and is validated once at start.
 * A bad value stops start-up with one line naming the variable (see `ConfigError`).
 */
import type { KeyObject } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROLES, type Role as MemberRole } from './kernel/roles.js';
import { SECRET_KEY_BYTES, secretKeyFrom } from './kernel/secret-box.js';
import { MEMBERSHIP_CACHE_SECONDS } from './modules/identity/membership-cache.js';
import { DEFAULT_PDF_CONVERTER_SETTINGS, type PdfConverterSettings } from './pdf/pdf-converter.js';
import type { BlobStoreSettings } from './storage/blobs/create-blob-store.js';

export type Role = 'api' | 'worker' | 'all';
export type AuthMode = 'dev' | 'oidc';
export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** `undefined` means the embedded SQLite database under `dataDir`. */
  databaseUrl: string | undefined;
  /** PostgreSQL schema to use (tests give each run its own). */
  databaseSchema: string;
  /**
   * DATABASE_PREPARED_STATEMENTS: how many named statements each PostgreSQL connection may hold
   * (the hot, repeated texts are prepared once per connection, not planned every time; ADR
   * 0821). 0 turns it off.
   */
  databasePreparedStatements: number;
  role: Role;
  /**
   * QUIRE_SECRET_KEY: seals what must be stored but never in clear (the caller's token a run
   * carries to per-user tools). Required when ROLE is api or worker; with ROLE=all and none set,
   * start-up uses a key kept under DATA_DIR/keys. A KeyObject: it prints and serializes as `{}`.
   */
  secretKey: KeyObject | undefined;
  auth: {
    mode: AuthMode;
    jwksUrl: string | undefined;
    issuer: string;
    audience: string;
    algorithms: string[];
    clockToleranceSeconds: number;
    orgClaim: string | undefined;
    /** The role an organization claim entry without `:role` grants (AUTH_ORG_CLAIM_DEFAULT_ROLE). */
    orgClaimDefaultRole: MemberRole;
    tokenTtlSeconds: number;
    /** How long a caller's memberships are reused in one process (AUTH_MEMBERSHIP_CACHE_SECONDS; 0: never). */
    membershipCacheSeconds: number;
  };
  logLevel: LogLevel;
  jobs: {
    /** Jobs one process runs at once. */
    concurrency: number;
    /** PostgreSQL: a worker silent for this long is dead and its runs are ended or retried. */
    leaseMs: number;
  };
  /** On SIGTERM/SIGINT: how long running jobs may take to finish before they are handed back. */
  shutdownGraceMs: number;
  /** Largest JSON request body accepted, in bytes. */
  bodyLimitBytes: number;
  /** Bytes of serialized document details one process keeps for `GET /v1/documents/{id}` (DOCUMENT_CACHE_MB; 0: none). */
  documentCacheBytes: number;
  /** Characters of stored generation-snapshot JSON one process keeps decoded (SNAPSHOT_CACHE_MB, in millions; 0: none). */
  snapshotCacheChars: number;
  llm: {
    provider: 'offline' | 'openai-compatible' | 'anthropic';
    baseUrl: string | undefined;
    /** Never logged, never echoed. */
    apiKey: string | undefined;
    model: string;
    gatherModel: string;
    synthesisModel: string;
    timeoutMs: number;
    /** Prices per million tokens, for the cost shown in run manifests (0: unknown). */
    price: { inputPerMTok: number; outputPerMTok: number };
  };
  tools: {
    /** Operator allow-list of hosts (or host:port) a tool may reach despite the SSRF guard. */
    allowedHosts: string[];
  };
  /** Webhook deliveries (`WEBHOOK_RETRY_SECONDS`, `WEBHOOK_TIMEOUT_SECONDS`). */
  webhooks: { retrySeconds: number[]; timeoutMs: number };
  uploads: {
    maxBytes: number;
    maxPages: number;
    /** Time budget of the inspection an upload gets before it is accepted (PDF page count, text layer); past it the verdict is undecided, never "invalid". */
    inspectTimeoutMs: number;
  };
  /** Where uploaded files live (issue #14); `storage/blobs/create-blob-store.ts` builds it. */
  /** The blob store and, for `s3`, how to reach the bucket (credentials: the AWS SDK's own chain); server.ts adds the data dir. */
  blobs: Omit<BlobStoreSettings, 'dataDir'>;
  /** Budget of one extraction, which runs in a pooled worker thread. */
  extraction: {
    timeoutMs: number;
    maxHeapMb: number;
    /** Extraction worker threads (extractions at once in this process). */
    workers: number;
  };
  /** Budget of tenant-authored code (templates, computations, expressions), run in pooled worker threads. */
  tenantCode: {
    workers: number;
    timeoutMs: number;
    queueTimeoutMs: number;
    /** Wall-clock time a task within its CPU budget may take before it fails as overloaded. */
    overloadAfterMs: number;
    maxHeapMb: number;
  };
  /** PDF export: the LibreOffice converter pool (src/pdf). */
  pdf: PdfConverterSettings;
  /** The web console at /app (issue #16): CONSOLE_ENABLED (default true), CONSOLE_DIR (default the build's dist/console). */
  console: { enabled: boolean; dir: string; oidc: ConsoleOidcSettings | undefined };
  http: {
    /** Origins allowed by CORS; empty: CORS off (no CORS headers at all). */
    corsOrigins: string[];
    /** Requests per minute per user (token subject), and per IP for unauthenticated calls. */
    rateLimitPerMinute: number;
    /** Requests per minute per IP on POST /auth/dev-login. */
    loginRateLimitPerMinute: number;
    /** RATE_LIMIT_REDIS_URL: a Redis the API processes count rate limits in together; unset: each counts alone. */
    rateLimitRedisUrl: string | undefined;
    /** When set, GET /metrics needs `Authorization: Bearer <token>`; unset: open to loopback callers only. */
    metricsToken: string | undefined;
    /** Node's limit on the whole request head (request line + headers); above it: 431 `{detail}`. */
    maxHeaderBytes: number;
  };
}

/** Thrown for one bad variable; `main.ts` prints the message alone and exits. */
export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

function oneOf<T extends string>(env: Env, name: string, allowed: readonly T[], fallback: T): T {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if ((allowed as readonly string[]).includes(raw)) return raw as T;
  throw new ConfigError(`${name} must be one of ${allowed.join(', ')} (got "${raw}")`);
}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!/^-?\d+$/.test(raw.trim()) || !Number.isSafeInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be an integer between ${min} and ${max} (got "${raw}")`);
  }
  return value;
}

function decimal(env: Env, name: string): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return 0;
  const value = Number(raw);
  if (!/^\d+(\.\d+)?$/.test(raw.trim()) || !Number.isFinite(value)) throw new ConfigError(`${name} must be a non-negative number (got "${raw}")`);
  return value;
}

function url(env: Env, name: string, protocols: string[]): string | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(`${name} must be a URL (got "${redactUrl(raw)}")`);
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(`${name} must use ${protocols.map((p) => p.replace(':', '://')).join(' or ')} (got "${redactUrl(raw)}")`);
  }
  return raw;
}

/** Never echo a password from a connection string into a log or an error line. */
export function redactUrl(raw: string): string {
  return raw.replace(/\/\/([^:/@]+):[^@]*@/, '//$1:***@');
}

/**
 * The console's OIDC sign-in (authorization code + PKCE, a public client): set when
 * AUTH_MODE=oidc and CONSOLE_OIDC_CLIENT_ID is given. The endpoints come from the issuer's
 * discovery document (CONSOLE_OIDC_DISCOVERY_URL, default `<AUTH_ISSUER>/.well-known/openid-configuration`).
 */
export interface ConsoleOidcSettings {
  clientId: string;
  /** Shown on the button: "Sign in with <providerName>" (CONSOLE_OIDC_PROVIDER_NAME, default the issuer's host). */
  providerName: string;
  discoveryUrl: string;
  /** CONSOLE_OIDC_SCOPE, default "openid email profile"; always contains openid. */
  scope: string;
}

/** dist/console of this checkout: config.ts (src/) and config.js (dist/) both sit one level below the root. */
const DEFAULT_CONSOLE_DIR = fileURLToPath(new URL('../dist/console', import.meta.url));

function consoleOidc(env: Env, mode: AuthMode): ConsoleOidcSettings | undefined {
  const clientId = env.CONSOLE_OIDC_CLIENT_ID?.trim();
  if (!clientId) return undefined;
  // Dev mode has its own sign-in (the dev login): a client id there is a mistake worth saying.
  if (mode !== 'oidc') throw new ConfigError('CONSOLE_OIDC_CLIENT_ID needs AUTH_MODE=oidc');
  const issuer = env.AUTH_ISSUER ?? '';
  const discoveryUrl = url(env, 'CONSOLE_OIDC_DISCOVERY_URL', ['https:', 'http:']) ?? `${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`;
  if (!/^https?:\/\/[^/]/.test(discoveryUrl)) throw new ConfigError('CONSOLE_OIDC_DISCOVERY_URL is required when AUTH_ISSUER is not an http(s) URL');
  let providerName = env.CONSOLE_OIDC_PROVIDER_NAME?.trim();
  if (!providerName) providerName = new URL(discoveryUrl).host;
  const scopes = (env.CONSOLE_OIDC_SCOPE || 'openid email profile').split(/\s+/).filter(Boolean);
  if (!scopes.includes('openid')) scopes.unshift('openid');
  return { clientId, providerName, discoveryUrl, scope: scopes.join(' ') };
}

const ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'];

/**
 * Reads and validates the configuration. The settings are read in a fixed order (auth first,
 * then the rest as the object lists them), so the error names the first invalid variable.
 *
 * @throws ConfigError naming the first variable whose value is invalid.
 */
export function loadConfig(env: Env = process.env): Config {
  const mode = oneOf(env, 'AUTH_MODE', ['dev', 'oidc'] as const, 'dev');
  const algorithms = authAlgorithms(env, mode);
  const jwksUrl = url(env, 'AUTH_JWKS_URL', ['https:', 'http:']);
  requireOidcSettings(env, mode);
  const databaseUrl = url(env, 'DATABASE_URL', ['postgres:', 'postgresql:']);
  const databaseSchema = databaseSchemaName(env);
  const host = hostName(env);
  const role = oneOf(env, 'ROLE', ['api', 'worker', 'all'] as const, 'all');

  return {
    port: integer(env, 'PORT', 8000, 0, 65535),
    host,
    dataDir: path.resolve(env.DATA_DIR || './data'),
    databaseUrl,
    databaseSchema,
    databasePreparedStatements: integer(env, 'DATABASE_PREPARED_STATEMENTS', 200, 0, 10_000),
    role,
    secretKey: secretKey(env, role),
    auth: authConfig(env, mode, algorithms, jwksUrl),
    logLevel: oneOf(env, 'LOG_LEVEL', ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const, 'info'),
    jobs: {
      // 4: where runs/min still grew and stayed near the ideal on both databases; past it the
      // runs queue for CPU, not for the model (ADR 0784, BENCHMARKS.md "Generation workers").
      concurrency: integer(env, 'JOB_CONCURRENCY', 4, 1, 64),
      // At most 45 s: a dead worker's run is then ended within 60 s (a lease time plus one sweep).
      leaseMs: integer(env, 'JOB_LEASE_SECONDS', 30, 2, 45) * 1000,
    },
    shutdownGraceMs: integer(env, 'SHUTDOWN_GRACE_SECONDS', 20, 0, 3600) * 1000,
    bodyLimitBytes: integer(env, 'BODY_LIMIT_BYTES', 5 * 1024 * 1024, 1024, 512 * 1024 * 1024),
    documentCacheBytes: integer(env, 'DOCUMENT_CACHE_MB', 16, 0, 4096) * 1024 * 1024,
    snapshotCacheChars: integer(env, 'SNAPSHOT_CACHE_MB', 16, 0, 4096) * 1_000_000,
    llm: llmConfig(env),
    tools: {
      allowedHosts: (env.TOOL_ALLOWED_HOSTS ?? '')
        .split(',')
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean),
    },
    webhooks: { retrySeconds: retrySchedule(env), timeoutMs: integer(env, 'WEBHOOK_TIMEOUT_SECONDS', 10, 1, 60) * 1000 },
    uploads: uploadsConfig(env),
    blobs: blobsConfig(env, databaseUrl),
    extraction: extractionConfig(env),
    tenantCode: tenantCodeConfig(env),
    pdf: pdfConfig(env),
    console: consoleConfig(env, mode),
    http: httpConfig(env),
  };
}

function authAlgorithms(env: Env, mode: AuthMode): string[] {
  const algorithms = (env.AUTH_ALGORITHMS ?? (mode === 'dev' ? 'RS256' : 'RS256,PS256,ES256'))
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
  // The allow-list can never contain `none` or an HMAC algorithm: with a public key set, HS*
  // would let anyone who knows the public key forge tokens.
  const badAlgorithm = algorithms.find((a) => !ALGORITHMS.includes(a));
  if (badAlgorithm !== undefined || algorithms.length === 0) {
    throw new ConfigError(`AUTH_ALGORITHMS must list algorithms among ${ALGORITHMS.join(', ')} (got "${env.AUTH_ALGORITHMS ?? ''}")`);
  }
  return algorithms;
}

function requireOidcSettings(env: Env, mode: AuthMode): void {
  if (mode !== 'oidc') return;
  for (const name of ['AUTH_JWKS_URL', 'AUTH_ISSUER', 'AUTH_AUDIENCE']) {
    if (!env[name]) throw new ConfigError(`${name} is required when AUTH_MODE=oidc`);
  }
}

function databaseSchemaName(env: Env): string {
  const databaseSchema = env.DATABASE_SCHEMA || 'public';
  // 43 characters at most: the job engine's schema is `<DATABASE_SCHEMA>_pgboss`, and pg-boss takes 50.
  if (!/^[a-z_][a-z0-9_]{0,42}$/.test(databaseSchema)) {
    throw new ConfigError(`DATABASE_SCHEMA must be a lower-case SQL identifier of at most 43 characters (got "${databaseSchema}")`);
  }
  return databaseSchema;
}

function hostName(env: Env): string {
  const host = env.HOST || '127.0.0.1';
  if (/\s/.test(host)) throw new ConfigError(`HOST must be a host name or address (got "${host}")`);
  return host;
}

function authConfig(env: Env, mode: AuthMode, algorithms: string[], jwksUrl: string | undefined): Config['auth'] {
  return {
    mode,
    jwksUrl,
    issuer: env.AUTH_ISSUER || 'quire-dev',
    audience: env.AUTH_AUDIENCE || 'quire',
    algorithms,
    clockToleranceSeconds: integer(env, 'AUTH_CLOCK_TOLERANCE_SECONDS', 30, 0, 300),
    orgClaim: env.AUTH_ORG_CLAIM || undefined,
    orgClaimDefaultRole: oneOf(env, 'AUTH_ORG_CLAIM_DEFAULT_ROLE', ROLES, 'editor'),
    tokenTtlSeconds: integer(env, 'AUTH_TOKEN_TTL_SECONDS', 3600, 60, 86400),
    membershipCacheSeconds: integer(env, 'AUTH_MEMBERSHIP_CACHE_SECONDS', MEMBERSHIP_CACHE_SECONDS, 0, 600),
  };
}

function uploadsConfig(env: Env): Config['uploads'] {
  return {
    maxBytes: integer(env, 'UPLOAD_MAX_BYTES', 50 * 1024 * 1024, 1024, 2 * 1024 * 1024 * 1024),
    maxPages: integer(env, 'UPLOAD_MAX_PAGES', 300, 1, 10_000),
    inspectTimeoutMs: integer(env, 'UPLOAD_INSPECT_TIMEOUT_SECONDS', 15, 1, 600) * 1000,
  };
}

function extractionConfig(env: Env): Config['extraction'] {
  return {
    timeoutMs: integer(env, 'EXTRACTION_TIMEOUT_SECONDS', 900, 1, 86_400) * 1000,
    maxHeapMb: integer(env, 'EXTRACTION_MAX_HEAP_MB', 1024, 64, 65_536),
    workers: integer(env, 'EXTRACTION_WORKERS', 2, 1, 64),
  };
}

function tenantCodeConfig(env: Env): Config['tenantCode'] {
  return {
    workers: integer(env, 'TENANT_CODE_WORKERS', 2, 1, 64),
    timeoutMs: integer(env, 'TENANT_CODE_TIMEOUT_MS', 3000, 100, 600_000),
    queueTimeoutMs: integer(env, 'TENANT_CODE_QUEUE_TIMEOUT_MS', 30_000, 100, 600_000),
    overloadAfterMs: integer(env, 'TENANT_CODE_OVERLOAD_MS', 60_000, 100, 3_600_000),
    maxHeapMb: integer(env, 'TENANT_CODE_MAX_HEAP_MB', 128, 32, 16_384),
  };
}

function consoleConfig(env: Env, mode: AuthMode): Config['console'] {
  return {
    enabled: oneOf(env, 'CONSOLE_ENABLED', ['true', 'false'] as const, 'true') === 'true',
    dir: path.resolve(env.CONSOLE_DIR || DEFAULT_CONSOLE_DIR),
    oidc: consoleOidc(env, mode),
  };
}

function httpConfig(env: Env): Config['http'] {
  return {
    corsOrigins: corsOrigins(env),
    rateLimitPerMinute: integer(env, 'RATE_LIMIT_PER_MINUTE', 3000, 1, 1_000_000),
    loginRateLimitPerMinute: integer(env, 'RATE_LIMIT_LOGIN_PER_MINUTE', 60, 1, 1_000_000),
    rateLimitRedisUrl: url(env, 'RATE_LIMIT_REDIS_URL', ['redis:', 'rediss:']),
    metricsToken: env.METRICS_TOKEN || undefined,
    maxHeaderBytes: integer(env, 'HTTP_MAX_HEADER_BYTES', 64 * 1024, 8 * 1024, 1024 * 1024),
  };
}

/**
 * `WEBHOOK_RETRY_SECONDS`: the waits before a failed delivery's attempts 2, 3, … (default
 * 5,30,120,600,3600: six attempts over about 75 minutes); an empty value means no retries.
 */
function retrySchedule(env: Env): number[] {
  const raw = env.WEBHOOK_RETRY_SECONDS ?? '5,30,120,600,3600';
  const waits = raw
    .split(',')
    .map((w) => w.trim())
    .filter(Boolean);
  if (waits.length > 20 || waits.some((w) => !/^\d+(\.\d+)?$/.test(w) || Number(w) > 86_400)) {
    throw new ConfigError(`WEBHOOK_RETRY_SECONDS must list at most 20 waits in seconds, each at most 86400 (got "${raw}")`);
  }
  return waits.map(Number);
}

const SECRET_KEY_HINT = `${SECRET_KEY_BYTES} random bytes in base64, e.g. from \`openssl rand -base64 ${SECRET_KEY_BYTES}\``;

/**
 * `QUIRE_SECRET_KEY`: 32 bytes, base64 (standard or URL-safe alphabet). Processes that split API
 * and workers must share it, so it is required for those roles. The value is never echoed.
 */
function secretKey(env: Env, role: Role): KeyObject | undefined {
  const raw = (env.QUIRE_SECRET_KEY ?? '').trim();
  if (raw === '') {
    if (role === 'all') return undefined;
    throw new ConfigError(`QUIRE_SECRET_KEY is required when ROLE=${role}: every API and worker process of one deployment must share it (${SECRET_KEY_HINT})`);
  }
  const bytes = /^[A-Za-z0-9+/_-]+={0,2}$/.test(raw) ? Buffer.from(raw, 'base64') : Buffer.alloc(0);
  if (bytes.length !== SECRET_KEY_BYTES)
    throw new ConfigError(`QUIRE_SECRET_KEY must be ${SECRET_KEY_HINT} (got ${bytes.length === 0 ? 'something that is not base64' : `${bytes.length} bytes`})`);
  return secretKeyFrom(bytes);
}

/** `CORS_ORIGINS`: comma-separated origins (`https://app.example.com`), each a scheme and host only. */
function corsOrigins(env: Env): string[] {
  const origins = (env.CORS_ORIGINS ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  for (const origin of origins) {
    let parsed: URL | undefined;
    try {
      parsed = new URL(origin);
    } catch {
      parsed = undefined;
    }
    if (!parsed || !['http:', 'https:'].includes(parsed.protocol) || parsed.origin !== origin.replace(/\/$/, '')) {
      throw new ConfigError(`CORS_ORIGINS must list origins such as https://app.example.com (got "${origin}")`);
    }
  }
  return origins.map((o) => o.replace(/\/$/, ''));
}

/**
 * `BLOB_STORE` (local | postgres | s3). Unset: s3 when `S3_BUCKET` is set, else postgres when
 * `DATABASE_URL` is set (so several hosts sharing a database share files with nothing else), else local.
 */
function blobsConfig(env: Env, databaseUrl: string | undefined): Omit<BlobStoreSettings, 'dataDir'> {
  const fallback = env.S3_BUCKET ? 's3' : databaseUrl ? 'postgres' : 'local';
  const store = oneOf(env, 'BLOB_STORE', ['local', 'postgres', 's3'] as const, fallback);
  if (store === 'postgres' && !databaseUrl) throw new ConfigError('DATABASE_URL is required when BLOB_STORE=postgres (the blobs are kept in the database)');
  if (store !== 's3') return { store, s3: undefined };
  const bucket = env.S3_BUCKET ?? '';
  if (!bucket) throw new ConfigError('S3_BUCKET is required when BLOB_STORE=s3');
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket))
    throw new ConfigError(`S3_BUCKET must be a bucket name (3-63 lower-case letters, digits, dots, hyphens; got "${bucket}")`);
  const endpoint = url(env, 'S3_ENDPOINT', ['http:', 'https:']);
  const region = env.S3_REGION || env.AWS_REGION || env.AWS_DEFAULT_REGION || 'us-east-1';
  if (!/^[a-z0-9-]{1,40}$/.test(region)) throw new ConfigError(`S3_REGION must be a region name such as eu-west-1 (got "${region}")`);
  // Self-hosted servers (MinIO, Ceph, s3rver) rarely have a DNS name per bucket: path-style by default there.
  const forcePathStyle = oneOf(env, 'S3_FORCE_PATH_STYLE', ['true', 'false'] as const, endpoint ? 'true' : 'false') === 'true';
  const prefix = env.S3_PREFIX ?? '';
  if (!/^((?!\.\.?\/)[A-Za-z0-9._-]+\/)*$/.test(prefix))
    throw new ConfigError(`S3_PREFIX must be empty or end with "/", made of letters, digits, ".", "_", "-", never "." or ".." segments (got "${prefix}")`);
  return { store, s3: { bucket, endpoint, region, forcePathStyle, prefix } };
}

function pdfConfig(env: Env): PdfConverterSettings {
  const defaults = DEFAULT_PDF_CONVERTER_SETTINGS;
  return {
    sofficePath: env.PDF_SOFFICE_PATH || defaults.sofficePath,
    pythonPath: env.PDF_PYTHON_PATH || defaults.pythonPath,
    converters: integer(env, 'PDF_CONVERTERS', defaults.converters, 1, 32),
    timeoutMs: integer(env, 'PDF_CONVERSION_TIMEOUT_SECONDS', defaults.timeoutMs / 1000, 1, 3600) * 1000,
    maxConversions: integer(env, 'PDF_CONVERTER_MAX_CONVERSIONS', defaults.maxConversions, 1, 1_000_000),
    startTimeoutMs: integer(env, 'PDF_CONVERTER_START_TIMEOUT_SECONDS', defaults.startTimeoutMs / 1000, 1, 600) * 1000,
    queueTimeoutMs: integer(env, 'PDF_QUEUE_TIMEOUT_SECONDS', defaults.queueTimeoutMs / 1000, 1, 3600) * 1000,
    startAtBoot: oneOf(env, 'PDF_START_AT_BOOT', ['true', 'false'] as const, String(defaults.startAtBoot) as 'true' | 'false') === 'true',
  };
}

function llmConfig(env: Env): Config['llm'] {
  const provider = oneOf(env, 'LLM_PROVIDER', ['offline', 'openai-compatible', 'anthropic'] as const, 'offline');
  const baseUrl = url(env, 'LLM_BASE_URL', ['http:', 'https:']);
  if (provider === 'openai-compatible' && !baseUrl) throw new ConfigError('LLM_BASE_URL is required when LLM_PROVIDER=openai-compatible');
  if (provider === 'anthropic' && !env.LLM_API_KEY) throw new ConfigError('LLM_API_KEY is required when LLM_PROVIDER=anthropic');
  const fallback = provider === 'offline' ? 'offline-composer-1' : provider === 'anthropic' ? 'claude-sonnet-4-5' : 'gpt-4o-mini';
  const model = env.LLM_MODEL || fallback;
  return {
    provider,
    baseUrl,
    apiKey: env.LLM_API_KEY || undefined,
    model,
    gatherModel: env.LLM_GATHER_MODEL || model,
    synthesisModel: env.LLM_SYNTHESIS_MODEL || model,
    timeoutMs: integer(env, 'LLM_TIMEOUT_MS', 120_000, 1000, 3_600_000),
    price: { inputPerMTok: decimal(env, 'LLM_PRICE_INPUT_PER_MTOK'), outputPerMTok: decimal(env, 'LLM_PRICE_OUTPUT_PER_MTOK') },
  };
}
