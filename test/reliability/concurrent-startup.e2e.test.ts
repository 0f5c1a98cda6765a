/**
 * Issue #14, migrations under a lock: processes started at the same moment on one fresh
 * database (an API process and a worker on PostgreSQL, each with its own DATA_DIR; two
 * processes on one DATA_DIR on SQLite) all come up, the schema is migrated once — each migration
 * recorded exactly once — and the demo data is seeded once.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { MIGRATION_NAMES } from '../../src/storage/migrate.js';
import { describeEachDialect } from '../support/dialects.js';
import { type QuireData, type QuireProcess, newQuireData, queryData, removeQuireData, startQuireProcess } from '../support/quire-process.js';

describeEachDialect('concurrent start-up on a fresh database', (dialect) => {
  const started: QuireProcess[] = [];
  let data: QuireData | undefined;
  let workerDir: string | undefined;

  afterAll(async () => {
    for (const node of started) {
      node.child.kill('SIGTERM');
      await node.exited;
    }
    if (data) await removeQuireData(data);
    if (workerDir) await fs.rm(workerDir, { recursive: true, force: true });
  }, 60_000);

  it('brings every process up and migrates and seeds once', async () => {
    data = await newQuireData(dialect);
    const env = { QUIRE_SECRET_KEY: randomBytes(32).toString('base64') };
    // PostgreSQL: a split deployment, each process with its own DATA_DIR. SQLite: one machine, one DATA_DIR.
    const shared = data;
    workerDir = await fs.mkdtemp(path.join(os.tmpdir(), 'quire-worker-'));
    const nodes: Array<[QuireData, Record<string, string>]> =
      dialect === 'postgres'
        ? [
            [shared, { ...env, ROLE: 'api' }],
            [
              { ...shared, dataDir: workerDir },
              { ...env, ROLE: 'worker' },
            ],
          ]
        : [
            [shared, env],
            [shared, env],
          ];
    const results = await Promise.allSettled(nodes.map(([nodeData, nodeEnv]) => startQuireProcess(nodeData, nodeEnv, { startTimeoutMs: 90_000 })));
    for (const result of results) if (result.status === 'fulfilled') started.push(result.value);
    expect(results.map((r) => (r.status === 'rejected' ? String(r.reason) : 'up'))).toEqual(['up', 'up']);

    const recorded = await queryData<{ name: string }>(data, 'select name from kysely_migration order by name');
    expect(recorded.map((r) => r.name)).toEqual(MIGRATION_NAMES);
    const orgs = await queryData<{ slug: string }>(data, 'select slug from organizations order by slug');
    expect(orgs.map((o) => o.slug)).toEqual(['acme', 'globex']);
    const api = started.find((node) => node.url !== '');
    const templates = await api?.json('GET', '/v1/templates');
    expect(templates?.status).toBe(200);
    const slugs = (templates?.body as Array<{ slug: string }>).map((t) => t.slug);
    expect(slugs.length).toBeGreaterThan(0);
    expect(new Set(slugs).size).toBe(slugs.length);
  }, 120_000);
});
