/**
 * Assessment growth bench (issue 35 items 1–2, ADR 0651/0652): CPU per request and p99 of the
 * assessment detail, its completeness, the assessments list and a page of a document's items, for
 * an assessment of 1k and of 100k extracted items, on SQLite and (with `BENCH_POSTGRES_URL` or
 * `TEST_POSTGRES_URL`) PostgreSQL. Run with `npx tsx bench/assessment-growth.ts`.
 *
 * Seeding (documented fast path): each size is a fresh, migrated store with one organization and
 * one assessment of `BENCH_GROWTH_DOCUMENTS` (10) source documents; their items go in through
 * `ExtractedItemRepository.insertMany`, the write path extraction itself uses, so the tally
 * triggers count them as they would in service. Items carry the assessment's requirement keys
 * once per document and otherwise table-row keys (what makes an assessment big), with varied
 * statuses and confidences. The document count is the same at both sizes: the item count is
 * what grows.
 *
 * Measured in-process, on the read functions the routes call (HTTP and JSON serialization left
 * out: a constant per request). CPU is this process's (`process.cpuUsage`, SQLite included) plus,
 * on PostgreSQL, the server backend's (`/proc/<pid>/schedstat`). Each read runs for at least
 * `BENCH_GROWTH_MS` (1500 ms) and 20 times; p99 is of the wall times of those calls. "before" is
 * the computation issue 35 replaced (every current item loaded and counted), a few calls only.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { type CommandContext, createContext } from '../src/modules/context.js';
import { computeCompleteness, itemTotalsOf } from '../src/modules/assessments/assessments/queries/compute-completeness.js';
import { getAssessment, listAssessments } from '../src/modules/assessments/assessments/queries/get-assessment.js';
import { getCompleteness } from '../src/modules/assessments/assessments/queries/get-completeness.js';
import type { ExtractedItemRecord, ValidationStatus } from '../src/modules/assessments/extracted-items/extracted-item.repository.js';
import { listExtractedItems } from '../src/modules/assessments/extracted-items/queries/list-extracted-items.js';
import { type Store, openStore } from '../src/storage/database.js';
import type { DialectName } from '../src/storage/dialect.js';
import { migrateToLatest } from '../src/storage/migrate.js';
import type { Database } from '../src/storage/schema.js';
import { FixedClock } from '../test/support/db-harness.js';
import { actorFor, buildOrg } from '../test/support/factories.js';
import { loadWhileMeasured, machine, writeBenchmarkSection } from './benchmarks-file.js';

const SIZES = (process.env.BENCH_GROWTH_SIZES ?? '1000,100000').split(',').map(Number);
const DOCUMENTS = Number(process.env.BENCH_GROWTH_DOCUMENTS ?? 10);
const MEASURE_MS = Number(process.env.BENCH_GROWTH_MS ?? 1500);
const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? process.env.TEST_POSTGRES_URL;
const T = '2026-03-14T09:30:00.000Z';
const STATUSES: ValidationStatus[] = ['pending', 'needs_review', 'auto_validated', 'validated', 'corrected', 'rejected'];
const REQUIRED = ['vendor.name', 'invoice.total', 'invoice.date'];

interface Opened {
  store: Store;
  db: Kysely<Database>;
  serverCpu(): Promise<number>;
  close(): Promise<void>;
}

async function open(dialect: DialectName): Promise<Opened> {
  if (dialect === 'sqlite') {
    const dataDir = await mkdtemp(join(tmpdir(), 'quire-growth-bench-'));
    const store = await openStore({ dataDir, databaseUrl: undefined, databaseSchema: 'public' });
    await migrateToLatest(store.db);
    return { store, db: store.db, serverCpu: async () => 0, close: async () => (await store.close(), await rm(dataDir, { recursive: true, force: true })) };
  }
  const schema = `bench_growth_${randomBytes(4).toString('hex')}`;
  const store = await openStore({ dataDir: tmpdir(), databaseUrl: POSTGRES_URL, databaseSchema: schema });
  await migrateToLatest(store.db, schema);
  const pool = new pg.Pool({
    connectionString: POSTGRES_URL,
    max: 1,
    idleTimeoutMillis: 0,
    options: `-c search_path=${schema} -c max_parallel_workers_per_gather=0`,
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db);
  const pid = rows[0].pid;
  return {
    store,
    db,
    serverCpu: async () => Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]) / 1e9,
    close: async () => {
      await db.destroy();
      await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(store.db);
      await store.close();
    },
  };
}

/** One organization, one assessment of DOCUMENTS documents holding `size` current items in all. */
async function seed(store: Store, size: number): Promise<{ ctx: CommandContext; assessmentId: string; documentId: string }> {
  const org = await buildOrg(store.db);
  const ctx = createContext(store.db, actorFor(org), new FixedClock(T));
  const assessment = await ctx.repos.assessments.insert(org.id, {
    id: 'asm_growth',
    name: 'Growth',
    description: null,
    processor_id: 'prc_generic_fields',
    automation: 'never',
    requirements: REQUIRED.map((key) => ({ key, occurrence: 'required_once' as const, min_confidence: 0.8 })),
    linked_document_id: null,
    created_by: null,
    created_at: T,
    updated_at: T,
  });
  const perDocument = Math.ceil(size / DOCUMENTS);
  for (let d = 0; d < DOCUMENTS; d += 1) {
    const documentId = `sdoc_growth_${d}`;
    await ctx.repos.sourceDocuments.insert(org.id, {
      id: documentId,
      assessment_id: assessment.id,
      filename: `ledger-${d}.xlsx`,
      declared_mime_type: null,
      mime_type: 'application/pdf',
      kind: 'pdf',
      size_bytes: 1,
      sha256: `sha-${d}`,
      blob_key: `blob-${d}`,
      page_count: 1,
      text_layer: 'present',
      duplicate_of: null,
      processing_status: 'processed',
      skip_reason: null,
      review_rejected: false,
      processor_id: 'prc_generic_fields',
      processor_version: '1',
      latest_run_id: `run_growth_${d}`,
      problems: [],
      uploaded_by: null,
      created_at: T,
      updated_at: T,
    });
    const items: Array<Omit<ExtractedItemRecord, 'org_id'>> = Array.from({ length: perDocument }, (_, n) => {
      const value = n < REQUIRED.length ? `value ${n}` : (n * 37) % 1000;
      return {
        id: `itm_growth_${d}_${n}`,
        document_id: documentId,
        assessment_id: assessment.id,
        run_id: `run_growth_${d}`,
        ordinal: n,
        processor_id: 'prc_generic_fields',
        key: n < REQUIRED.length ? REQUIRED[n] : `table.row.${n % 50}`,
        label: 'Label',
        occurrence_index: Math.floor(n / 50),
        value_type: 'string',
        value_state: 'present',
        value,
        value_text: String(value),
        raw_text: String(value),
        extracted: { value, value_text: String(value), raw_text: String(value), value_state: 'present' },
        confidence: { overall: ((n * 13) % 100) / 100, ocr: null, extraction: null, level: null, method: 'pattern_rule', calibrated: false },
        provenance: { quote: String(value), text_source: 'native', anchors: [] },
        candidates: [],
        validation_status: STATUSES[n % STATUSES.length],
        validation: { checks: [], blockers: [], decided_by: null, decided_at: null, decision_source: null, note: null },
        current_correction_id: null,
        is_corrected: false,
        version: 1,
        superseded_by: null,
        created_at: T,
        updated_at: T,
      };
    });
    await ctx.repos.items.insertMany(org.id, items);
  }
  if (store.dialect === 'postgres') await sql`analyze`.execute(store.db);
  return { ctx, assessmentId: assessment.id, documentId: 'sdoc_growth_0' };
}

interface Figure {
  cpuMs: number;
  p99Ms: number;
  calls: number;
}

async function measure(opened: Opened, read: () => Promise<unknown>, options: { minCalls: number; ms: number }): Promise<Figure> {
  await read();
  const walls: number[] = [];
  const process0 = process.cpuUsage();
  const server0 = await opened.serverCpu();
  const started = performance.now();
  while (walls.length < options.minCalls || performance.now() - started < options.ms) {
    const t0 = performance.now();
    await read();
    walls.push(performance.now() - t0);
  }
  const processCpu = process.cpuUsage(process0);
  const serverCpu = (await opened.serverCpu()) - server0;
  walls.sort((a, b) => a - b);
  return {
    cpuMs: ((processCpu.user + processCpu.system) / 1000 + serverCpu * 1000) / walls.length,
    p99Ms: walls[Math.min(walls.length - 1, Math.ceil(walls.length * 0.99) - 1)],
    calls: walls.length,
  };
}

/** The computation issue 35 replaced: every current item of the assessment loaded and counted. */
async function before(ctx: CommandContext, assessmentId: string): Promise<unknown> {
  const orgId = ctx.actor.org.orgId;
  const assessment = await ctx.repos.assessments.findById(orgId, assessmentId);
  if (!assessment) throw new Error('no assessment');
  const docs = await ctx.repos.sourceDocuments.listByAssessment(orgId, assessmentId);
  const items = await ctx.repos.items.listCurrent(
    orgId,
    docs.map((d) => d.id),
  );
  const byStatus: Record<string, number> = {};
  for (const i of items) byStatus[i.validation_status] = (byStatus[i.validation_status] ?? 0) + 1;
  return computeCompleteness(assessment, docs, items, itemTotalsOf(byStatus), T);
}

type Results = Record<string, Record<number, Figure>>;

async function measureDialect(dialect: DialectName): Promise<Results> {
  const results: Results = {};
  for (const size of SIZES) {
    const opened = await open(dialect);
    try {
      const seeded0 = performance.now();
      const { ctx: seededCtx, assessmentId, documentId } = await seed(opened.store, size);
      console.log(`${dialect} ${size}: seeded in ${((performance.now() - seeded0) / 1000).toFixed(1)} s`);
      const ctx = createContext(opened.db, seededCtx.actor, new FixedClock(T));
      const reads: Record<string, () => Promise<unknown>> = {
        'GET /assessments/{id}': () => getAssessment(ctx, assessmentId),
        'GET /assessments/{id}/completeness': () => getCompleteness(ctx, assessmentId),
        'GET /assessments (first page)': () => listAssessments(ctx, { limit: 50 }),
        'GET /documents/{id}/extracted-items (first page, 100)': () => listExtractedItems(ctx, documentId, {}),
        'GET /documents/{id}/extracted-items?key=…&min_confidence=0.9': () => listExtractedItems(ctx, documentId, { key: 'table.row.7', min_confidence: 0.9 }),
        // The same filter with a page the same size at every size (the one above holds 1 item at
        // 1k and 100 at 100k): what the filtered read costs apart from what it answers (ADR 0732).
        'GET /documents/{id}/extracted-items?key=…&min_confidence=0.9&limit=1': () =>
          listExtractedItems(ctx, documentId, { key: 'table.row.7', min_confidence: 0.9, limit: 1 }),
      };
      // BENCH_GROWTH_ONLY=<text>: only the reads whose name contains it (and no "before").
      const only = process.env.BENCH_GROWTH_ONLY;
      for (const [what, read] of Object.entries(reads).filter(([name]) => only === undefined || name.includes(only))) {
        (results[what] ??= {})[size] = await measure(opened, read, { minCalls: 20, ms: MEASURE_MS });
        console.log(`${dialect} ${size} ${what}: ${JSON.stringify(results[what][size])}`);
      }
      if (only !== undefined) continue;
      const what = 'before: completeness from every item (replaced)';
      (results[what] ??= {})[size] = await measure(opened, () => before(ctx, assessmentId), { minCalls: 3, ms: 0 });
      console.log(`${dialect} ${size} ${what}: ${JSON.stringify(results[what][size])}`);
    } finally {
      await opened.close();
    }
  }
  return results;
}

function table(dialect: DialectName, results: Results): string {
  const [small, large] = [SIZES[0], SIZES.at(-1) ?? SIZES[0]];
  const lines = [
    `**${dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL'}** (CPU ms per request / p99 ms; calls)`,
    '',
    `| read | ${SIZES.map((s) => `${s.toLocaleString('en')} items`).join(' | ')} | CPU ${large.toLocaleString('en')} ÷ ${small.toLocaleString('en')} |`,
    `|---|${SIZES.map(() => '---:').join('|')}|---:|`,
  ];
  for (const [what, bySize] of Object.entries(results)) {
    const cells = SIZES.map((s) => `${bySize[s].cpuMs.toFixed(2)} / ${bySize[s].p99Ms.toFixed(1)} (${bySize[s].calls})`);
    lines.push(`| ${what} | ${cells.join(' | ')} | ${(bySize[large].cpuMs / bySize[small].cpuMs).toFixed(2)} × |`);
  }
  return lines.join('\n');
}

async function main(): Promise<void> {
  const load0 = loadavg()[0];
  const dialects: DialectName[] = POSTGRES_URL ? ['sqlite', 'postgres'] : ['sqlite'];
  const sections: string[] = [];
  for (const dialect of dialects) sections.push(table(dialect, await measureDialect(dialect)));
  const m = machine();
  const section = [
    '## Assessment growth (issue 35 items 1–2)',
    '',
    `\`npx tsx bench/assessment-growth.ts\` (PostgreSQL with \`BENCH_POSTGRES_URL\`), ${m.nproc} cores (${m.cpu}), Node ${m.node}; ${loadWhileMeasured(load0)}.`,
    `One assessment of ${DOCUMENTS} documents; its items seeded through \`ExtractedItemRepository.insertMany\` (the tally triggers count them).`,
    'The read functions the routes call, in-process (HTTP and JSON left out); CPU includes SQLite (in-process) and the PostgreSQL backend.',
    '',
    ...sections.flatMap((s) => [s, '']),
  ].join('\n');
  console.log(section);
  if (!process.env.BENCH_NO_WRITE) await writeBenchmarkSection('Assessment growth (issue 35 items 1–2)', section);
}

await main();
