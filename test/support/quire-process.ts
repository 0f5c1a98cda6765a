/**
 * The real Quire process (`tsx src/main.ts`) for tests that signal or kill it: a temp DATA_DIR
 * (or PostgreSQL in a schema of its own), port 0 (the URL is read from the start-up line),
 * restartable on the same data. `json()` is a small client with the demo user's token.
 * A `ROLE=worker` process serves no HTTP: it is ready once it says so, and has no URL or token.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { jobEngineSchemaOf } from '../../src/jobs/pg-boss/engine-db.js';
import type { DialectName } from '../../src/storage/dialect.js';
import { POSTGRES_URL } from './dialects.js';

const TSX = path.resolve('node_modules/.bin/tsx');

async function distIsFresh(): Promise<boolean> {
  const freshness = (await import('../../scripts/dist-freshness.mjs')) as { distIsFresh(root: string): boolean };
  return freshness.distIsFresh(path.resolve('.'));
}

/** The built server when dist/ is fresh (starts in a fraction of tsx's time), else the sources through tsx. */
async function entryCommand(): Promise<[string, string[]]> {
  return (await distIsFresh()) ? [process.execPath, [path.resolve('dist/main.js')]] : [TSX, ['src/main.ts']];
}

/**
 * Node's arguments for a server in ONE process (a test that kills the pid must hit the process
 * that holds the run; the tsx CLI would start node in a second one): the built server when dist/
 * is fresh, as CI has it after `npm run build`, else the sources through `--import tsx`.
 */
export async function singleProcessEntryArgs(): Promise<string[]> {
  return (await distIsFresh()) ? [path.resolve('dist/main.js')] : ['--import', 'tsx', 'src/main.ts'];
}

/** Where a process's data lives: reused by a restart. */
export interface QuireData {
  dialect: DialectName;
  dataDir: string;
  schema: string | undefined;
}

export interface QuireProcess {
  /** Base URL; empty for a `ROLE=worker` process (it serves no HTTP). */
  url: string;
  child: ChildProcess;
  output: () => string;
  /** Resolves with the exit code (null when killed by a signal) once the process is gone. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  token: string;
  json(method: string, pathname: string, body?: unknown): Promise<{ status: number; body: any }>; // eslint-disable-line @typescript-eslint/no-explicit-any
}

export async function newQuireData(dialect: DialectName): Promise<QuireData> {
  if (dialect === 'postgres' && !POSTGRES_URL) throw new Error('TEST_POSTGRES_URL is not set');
  return {
    dialect,
    dataDir: await fs.mkdtemp(path.join(os.tmpdir(), 'quire-proc-')),
    schema: dialect === 'postgres' ? `p_${randomBytes(6).toString('hex')}` : undefined,
  };
}

/**
 * `startTimeoutMs`: how long start-up may take (default 30 s; several processes starting together on a busy machine take longer).
 * `entry`: a built `main.js` to run instead of the default choice (dist/ when fresh, else the sources).
 * `nodeArgs`: Node options for the process (a bench's profiler).
 */
export async function startQuireProcess(
  data: QuireData,
  env: Record<string, string> = {},
  options: { startTimeoutMs?: number; entry?: string; nodeArgs?: string[] } = {},
): Promise<QuireProcess> {
  const startTimeoutMs = options.startTimeoutMs ?? 30_000;
  const [command, args] = options.entry ? [process.execPath, [options.entry]] : await entryCommand();
  // `nodeArgs` (e.g. `--cpu-prof`, which NODE_OPTIONS refuses) go before the entry; tsx passes them on to node.
  const child = spawn(command, [...(options.nodeArgs ?? []), ...args], {
    env: {
      ...process.env,
      DATA_DIR: data.dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      RATE_LIMIT_PER_MINUTE: '1000000',
      RATE_LIMIT_LOGIN_PER_MINUTE: '1000000',
      // Each server would start two LibreOffices at start-up; the PDF tests that need them ask (issue #28).
      PDF_START_AT_BOOT: 'false',
      ...(data.schema ? { DATABASE_URL: POSTGRES_URL, DATABASE_SCHEMA: data.schema } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  const isWorker = env.ROLE === 'worker';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      // A process that never said it listens would outlive the caller that gives up on it
      // (SIGTERM: tsx passes it on to node, where SIGKILL would leave node running).
      child.kill('SIGTERM');
      reject(new Error(`no start-up line within ${startTimeoutMs / 1000} s:\n${output}`));
    }, startTimeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      // A worker serves no HTTP: its start-up line comes once it runs jobs.
      const match = isWorker ? /Quire worker running background jobs/.exec(output) : /Quire listening on (http:\/\/[\d.]+:\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1] ?? '');
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    void exited.then(({ code }) => reject(new Error(`exited with ${code} before listening:\n${output}`)));
  });
  const token = isWorker ? '' : ((await (await fetch(`${url}/auth/dev-login`, { method: 'POST' })).json()) as { token: string }).token;
  const json = async (method: string, pathname: string, body?: unknown) => {
    const response = await fetch(`${url}${pathname}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'x-org-slug': 'acme', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text === '' ? null : (JSON.parse(text) as unknown) };
  };
  return { url, child, output: () => output, exited, token, json };
}

/** Runs SQL against the process's database after it stopped (or alongside it, read-only use). */
export async function queryData<T>(data: QuireData, sqlText: string): Promise<T[]> {
  if (data.dialect === 'sqlite') {
    const db = new BetterSqlite3(path.join(data.dataDir, 'quire.db'));
    try {
      return db.prepare(sqlText).all() as T[];
    } finally {
      db.close();
    }
  }
  const client = new pg.Client({ connectionString: POSTGRES_URL, options: `-c search_path=${data.schema}` });
  await client.connect();
  try {
    return (await client.query(sqlText)).rows as T[];
  } finally {
    await client.end();
  }
}

export async function removeQuireData(data: QuireData): Promise<void> {
  await fs.rm(data.dataDir, { recursive: true, force: true });
  if (!data.schema) return;
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  try {
    // The store's schema and the job engine's beside it.
    for (const name of [data.schema, jobEngineSchemaOf(data.schema)]) await client.query(`drop schema if exists "${name}" cascade`);
  } finally {
    await client.end();
  }
}
