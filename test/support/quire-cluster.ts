/**
 * Several real Quire processes sharing one PostgreSQL store, as a multi-host deployment runs
 * them: `ROLE=api` nodes and `ROLE=worker` nodes, each with a DATA_DIR of its own (nothing is
 * shared through the file system), all on loopback.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type QuireData, type QuireProcess, newQuireData, queryData, removeQuireData, startQuireProcess } from './quire-process.js';

export interface QuireCluster {
  /** The shared store (the first node's data; `queryData` reads it). */
  store: QuireData;
  apis: QuireProcess[];
  workers: QuireProcess[];
  query<T>(sqlText: string): Promise<T[]>;
  /** Stops every process still running and removes the store and every DATA_DIR. */
  close(): Promise<void>;
}

/** Starts `apis` API nodes and `workers` worker nodes on one new PostgreSQL schema, in parallel. */
export async function startQuireCluster(options: { apis: number; workers: number; env?: Record<string, string> }): Promise<QuireCluster> {
  const store = await newQuireData('postgres');
  const nodeData: QuireData[] = [];
  const dataFor = async (): Promise<QuireData> => {
    const data = { ...store, dataDir: await fs.mkdtemp(path.join(os.tmpdir(), 'quire-node-')) };
    nodeData.push(data);
    return data;
  };
  // Split roles need one QUIRE_SECRET_KEY for the whole deployment (the caller's token is sealed with it).
  const env = { QUIRE_SECRET_KEY: randomBytes(32).toString('base64'), ...options.env };
  const start = async (role: 'api' | 'worker') => startQuireProcess(await dataFor(), { ...env, ROLE: role }, { startTimeoutMs: 120_000 });
  // The first node migrates the store alone; the rest start together.
  const first = await start('api');
  const rest = await Promise.all([
    ...Array.from({ length: options.apis - 1 }, () => start('api')),
    ...Array.from({ length: options.workers }, () => start('worker')),
  ]);
  const apis = [first, ...rest.slice(0, options.apis - 1)];
  const workers = rest.slice(options.apis - 1);
  return {
    store,
    apis,
    workers,
    query: (sqlText) => queryData(store, sqlText),
    close: async () => {
      for (const node of [...apis, ...workers]) {
        if (node.child.exitCode === null && node.child.signalCode === null) {
          node.child.kill('SIGTERM');
          await node.exited;
        }
      }
      for (const data of nodeData) await fs.rm(data.dataDir, { recursive: true, force: true });
      await removeQuireData(store);
    },
  };
}
