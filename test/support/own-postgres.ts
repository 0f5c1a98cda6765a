/**
 * A PostgreSQL cluster of a test's own: its own directory and port, started, stopped and
 * restarted by the test, for what cannot be done to the shared server (stopping it under a
 * running service). PostgreSQL refuses to run as root, and the suite runs as root on CI, so the
 * binaries run as the `postgres` user then, in a directory it owns.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Debian's PostgreSQL 15 (CI and the dev machines), or POSTGRES_BIN_DIR. */
export const POSTGRES_BIN_DIR = process.env.POSTGRES_BIN_DIR ?? '/usr/lib/postgresql/15/bin';

/** Why an own cluster cannot run here, or null when it can. */
export function ownPostgresUnavailable(): string | null {
  if (!fs.existsSync(path.join(POSTGRES_BIN_DIR, 'pg_ctl'))) return `no PostgreSQL binaries in ${POSTGRES_BIN_DIR}`;
  if (process.getuid?.() === 0 && !fs.existsSync('/usr/sbin/runuser')) return 'running as root without runuser to drop to the postgres user';
  return null;
}

export interface OwnPostgres {
  url: string;
  port: number;
  /** `pg_ctl stop -m fast`: open connections end with 57P01 (admin shutdown). */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops the cluster if it runs and removes its directory. */
  destroy(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

const asRoot = process.getuid?.() === 0;

/** Runs a PostgreSQL binary, as the `postgres` user when we are root. */
async function pgBin(binary: string, args: string[]): Promise<void> {
  const file = path.join(POSTGRES_BIN_DIR, binary);
  const [command, argv] = asRoot ? ['/usr/sbin/runuser', ['-u', 'postgres', '--', file, ...args]] : [file, args];
  await run(command, argv, { timeout: 120_000 });
}

export async function startOwnPostgres(): Promise<OwnPostgres> {
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'quire-own-pg-'));
  if (asRoot) {
    await run('chown', ['postgres:postgres', dir]);
    await fsp.chmod(dir, 0o700);
  }
  const data = path.join(dir, 'data');
  const port = await freePort();
  let running = false;
  await pgBin('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`;
  const start = async () => {
    await pgBin('pg_ctl', ['-D', data, '-l', path.join(dir, 'log'), '-o', options, '-w', '-t', '120', 'start']);
    running = true;
  };
  const stop = async () => {
    await pgBin('pg_ctl', ['-D', data, '-m', 'fast', '-w', '-t', '120', 'stop']);
    running = false;
  };
  try {
    await start();
  } catch (error) {
    await fsp.rm(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start,
    stop,
    destroy: async () => {
      if (running) await stop().catch(() => pgBin('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']));
      await fsp.rm(dir, { recursive: true, force: true });
    },
  };
}
