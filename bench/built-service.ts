/**
 * The built service (`node dist/main.js`, what `npm start` runs) in a child process, for the
 * benches that measure it over HTTP: started on a given data dir (and PostgreSQL schema), its CPU
 * read from /proc, and the PostgreSQL backends that serve it found so their CPU can be counted too.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/** USER_HZ on Linux: /proc/<pid>/stat counts CPU time in these. */
const CLOCK_TICKS = 100;

/** Compiles the server (dist/), as `npm run build` does for it; the console is not needed. */
export function buildService(): void {
  const build = spawnSync(join(ROOT, 'node_modules', '.bin', 'tsc'), ['-p', join(ROOT, 'tsconfig.build.json')], { stdio: 'inherit' });
  if (build.status !== 0) throw new Error('build failed');
}

/** A process's CPU time so far in seconds (user + system, every thread); 0 once it is gone. */
export function cpuSeconds(pid: number): number {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return 0;
  }
  const fields = stat.replace(/^.*\) /, '').split(' ');
  // After the name: state is field 0, utime field 11, stime field 12.
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}

export interface RunningService {
  pid: number;
  base: string;
  stop(): Promise<void>;
}

export interface ServiceOptions {
  port: number;
  dataDir: string;
  /** PostgreSQL: the URL and the schema the service keeps its tables in. */
  postgres?: { url: string; schema: string };
}

/** Starts dist/main.js and waits for its health route (seconds on a loaded machine). */
export async function startService(options: ServiceOptions): Promise<RunningService> {
  const child: ChildProcess = spawn(process.execPath, [join(ROOT, 'dist', 'main.js')], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATA_DIR: options.dataDir,
      PORT: String(options.port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      CONSOLE_ENABLED: 'false',
      // One bench user sends every request: the per-user limit would turn the bench into a rate-limit test.
      RATE_LIMIT_PER_MINUTE: '1000000',
      RATE_LIMIT_LOGIN_PER_MINUTE: '1000000',
      ...(options.postgres ? { DATABASE_URL: options.postgres.url, DATABASE_SCHEMA: options.postgres.schema } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  };
  const base = `http://127.0.0.1:${options.port}`;
  for (let i = 0; i < 600; i += 1) {
    if (child.exitCode !== null) throw new Error(`the service exited with ${child.exitCode}:\n${output}`);
    const up = await fetch(`${base}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up && child.pid !== undefined) return { pid: child.pid, base, stop };
    await new Promise((r) => setTimeout(r, 100));
  }
  await stop();
  throw new Error(`the service did not come up:\n${output}`);
}

/**
 * The CPU seconds the PostgreSQL client backends of this database have used so far (the server
 * runs on this machine), by backend pid: compare two readings pid by pid, since the service's
 * pool may open a connection between them. The bench's own connection is left out.
 */
export async function postgresBackendCpu(client: pg.Client): Promise<Map<number, number>> {
  const { rows } = await client.query<{ pid: number }>(
    "select pid from pg_stat_activity where datname = current_database() and backend_type = 'client backend' and pid <> pg_backend_pid()",
  );
  return new Map(rows.map((row) => [row.pid, cpuSeconds(row.pid)]));
}

/** CPU seconds used between two readings of `postgresBackendCpu` (a backend new in `after` counts in full). */
export function backendCpuBetween(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, seconds] of after) total += seconds - (before.get(pid) ?? 0);
  return total;
}
