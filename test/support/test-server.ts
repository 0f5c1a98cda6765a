/**
 * Starts the real server (the same start-up as `npm start`) on a free port, from a temp
 * DATA_DIR, on SQLite or on PostgreSQL in a schema of its own so runs never collide.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import pg from 'pg';
import { loadConfig } from '../../src/config.js';
import { jobEngineSchemaOf } from '../../src/jobs/pg-boss/engine-db.js';
import { type RunningServer, startServer } from '../../src/server.js';
import type { DialectName } from '../../src/storage/dialect.js';
import { POSTGRES_URL } from './dialects.js';

export interface TestServer extends RunningServer {
  dataDir: string;
  schema: string | undefined;
  /** Every log line the server wrote. */
  logs: string[];
  /** Stops the server; keeps DATA_DIR and the schema so a restart can reuse them. */
  stop(): Promise<void>;
  /** Stops the server and removes DATA_DIR and the schema. */
  close(): Promise<void>;
  login(): Promise<string>;
  /** fetch against the server with an optional token and organization. */
  call(method: string, pathname: string, options?: CallOptions): Promise<Response>;
}

export interface CallOptions {
  token?: string;
  org?: string;
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
}

export interface TestServerOptions {
  dialect: DialectName;
  /** Reuse a data dir / schema (restart tests). */
  dataDir?: string;
  schema?: string;
  env?: Record<string, string>;
  /** Called with the SQL of every query the server runs. */
  onQuery?: (sql: string) => void;
}

/** Starts a server; call `close()` in afterAll. */
export async function startTestServer(options: TestServerOptions): Promise<TestServer> {
  const dataDir = options.dataDir ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'quire-test-')));
  const schema = options.dialect === 'postgres' ? (options.schema ?? `t_${randomBytes(6).toString('hex')}`) : undefined;
  if (options.dialect === 'postgres' && !POSTGRES_URL) throw new Error('TEST_POSTGRES_URL is not set');
  const config = loadConfig({
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    ...(schema ? { DATABASE_URL: POSTGRES_URL, DATABASE_SCHEMA: schema } : {}),
    // The suite calls far faster than any user; rate-limit tests lower these through `env`.
    RATE_LIMIT_PER_MINUTE: '1000000',
    RATE_LIMIT_LOGIN_PER_MINUTE: '1000000',
    // Each server would start two LibreOffices at start-up; the PDF tests that need them ask (issue #28).
    PDF_START_AT_BOOT: 'false',
    ...options.env,
  });
  const logs: string[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      logs.push(chunk.toString('utf8'));
      callback();
    },
  });
  const server = await startServer(config, { logStream, onQuery: options.onQuery });
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await server.close();
  };
  const call = async (method: string, pathname: string, callOptions: CallOptions = {}) => {
    const headers: Record<string, string> = { ...callOptions.headers };
    if (callOptions.token) headers.authorization = `Bearer ${callOptions.token}`;
    if (callOptions.org) headers['x-org-slug'] = callOptions.org;
    let body: string | undefined;
    if (callOptions.rawBody !== undefined) body = callOptions.rawBody;
    else if (callOptions.body !== undefined) body = JSON.stringify(callOptions.body);
    if (body !== undefined) headers['content-type'] ??= 'application/json';
    return fetch(`${server.url}${pathname}`, { method, headers, body });
  };
  return {
    ...server,
    dataDir,
    schema,
    logs,
    stop,
    close: async () => {
      await stop();
      await fs.rm(dataDir, { recursive: true, force: true });
      if (schema) await dropSchema(schema);
    },
    login: async () => {
      const response = await call('POST', '/auth/dev-login');
      if (response.status !== 200) throw new Error(`dev-login answered ${response.status}`);
      return ((await response.json()) as { token: string }).token;
    },
    call,
  };
}

async function dropSchema(schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  try {
    // The store's schema and the job engine's beside it.
    for (const name of [schema, jobEngineSchemaOf(schema)]) await client.query(`drop schema if exists "${name}" cascade`);
  } finally {
    await client.end();
  }
}
