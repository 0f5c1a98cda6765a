/**
 * Export memory bench (issue 35 item 2, docs/adr/0731-streaming-exporters.md): the memory the
 * service holds while it exports one source document of 10k and of 100k current items with each
 * item exporter (csv, json, flat-json, xlsx; `policy: all`, so every item), over real HTTP, on
 * SQLite and (with `BENCH_POSTGRES_URL` or `TEST_POSTGRES_URL`) PostgreSQL. Run with
 * `npx tsx bench/export-memory.ts`; the section "Export memory" of BENCHMARKS.md is rewritten.
 *
 * Each size runs in a fresh process (`node --expose-gc`): an in-process test server (the real
 * routes), the items seeded through `ExtractedItemRepository.insertMany` (the bulk path extraction
 * and the growth bench use) in chunks, full GCs, then the export read by a client in the same
 * process that throws each chunk away (its Buffers count too: an upper bound on the server's).
 * Sampled every 5 ms during the export: the peak of heap (V8 heap + external memory, which holds
 * the Buffers) and of RSS above what they were right before. Every 250 ms, "live": the heap after
 * two full GCs (test/support/live-memory.ts; one GC leaves the Buffers that just died counted,
 * docs/adr/0801-live-memory-after-two-gcs.md), next to the former one-GC reading. "before" is
 * the in-memory way the exporters had (every current item loaded, the JSON answer built whole),
 * run as a function on the same data.
 */
import { spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { presentItem } from '../src/modules/assessments/extracted-items/extracted-item.presenter.js';
import { systemContext } from '../src/modules/system-context.js';
import type { DialectName } from '../src/storage/dialect.js';
import { exposedGc, heapAndExternal, liveBytes } from '../test/support/live-memory.js';
import { SYNTHETIC_ITEM_TIME, syntheticItems } from '../test/support/synthetic-items.js';
import { startTestServer } from '../test/support/test-server.js';
import { loadWhileMeasured, machine, writeBenchmarkSection } from './benchmarks-file.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SIZES = (process.env.BENCH_EXPORT_SIZES ?? '10000,100000').split(',').map(Number);
const EXPORTERS = (process.env.BENCH_EXPORTERS ?? 'csv,json,flat-json,xlsx').split(',');
/** The pause between two readings of what is live (two full GCs each) during an export. */
const LIVE_EVERY_MS = 250;
const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? process.env.TEST_POSTGRES_URL;
const T = SYNTHETIC_ITEM_TIME;
const SEED_CHUNK = 10_000;

interface Figure {
  /** The largest memory reachable during the export (two full GCs, then heap + external): what it keeps alive. */
  liveMb: number;
  /**
   * The same read as this bench did before (one full GC, then heap + external + array buffers):
   * it also counts the Buffers that died since the previous GC, and each live one twice.
   */
  oneGcLiveMb: number;
  heapPeakMb: number;
  rssPeakMb: number;
  bytesMb: number;
  wallMs: number;
}

/** The former reading of "live": right after one GC, array buffers added to the external memory that includes them. */
function oneGcReading(): number {
  const m = process.memoryUsage();
  return m.heapUsed + m.external + m.arrayBuffers;
}

/** Runs `work` after full GCs and reports the peaks above the memory right before it. */
async function peakOf(work: () => Promise<number>): Promise<Figure> {
  const gc = exposedGc();
  gc();
  const baseOneGc = oneGcReading();
  const base = { heap: liveBytes(gc), rss: process.memoryUsage().rss };
  let peak = { ...base };
  const sample = (): void => {
    peak = { heap: Math.max(peak.heap, heapAndExternal()), rss: Math.max(peak.rss, process.memoryUsage().rss) };
  };
  let live = base.heap;
  let oneGc = baseOneGc;
  // Two GCs as liveBytes does them, the former reading taken between. Each round is timed from
  // the end of the previous one, so the GCs never take more than about half of the export's time.
  let gcTimer: NodeJS.Timeout | undefined;
  const collect = (): void => {
    gc();
    oneGc = Math.max(oneGc, oneGcReading());
    gc();
    live = Math.max(live, heapAndExternal());
    gcTimer = setTimeout(collect, LIVE_EVERY_MS);
  };
  const timer = setInterval(sample, 5);
  gcTimer = setTimeout(collect, LIVE_EVERY_MS);
  const t0 = performance.now();
  const bytes = await work();
  const wallMs = performance.now() - t0;
  clearInterval(timer);
  clearTimeout(gcTimer);
  sample();
  const mb = (n: number): number => n / 2 ** 20;
  return {
    liveMb: mb(live - base.heap),
    oneGcLiveMb: mb(oneGc - baseOneGc),
    heapPeakMb: mb(peak.heap - base.heap),
    rssPeakMb: mb(peak.rss - base.rss),
    bytesMb: mb(bytes),
    wallMs,
  };
}

async function child(dialect: DialectName, size: number): Promise<void> {
  const server = await startTestServer({ dialect, env: { LOG_LEVEL: 'warn' } });
  try {
    const token = await server.login();
    const org = await server.store.db.selectFrom('organizations').select('id').where('slug', '=', 'acme').executeTakeFirstOrThrow();
    const ctx = systemContext(server.store.db, org.id);
    const documentId = 'sdoc_export_bench';
    await ctx.repos.sourceDocuments.insert(org.id, {
      id: documentId,
      assessment_id: null,
      filename: 'ledger.xlsx',
      declared_mime_type: null,
      mime_type: 'application/pdf',
      kind: 'pdf',
      size_bytes: 1,
      sha256: 'sha-export-bench',
      blob_key: 'blob-export-bench',
      page_count: 1,
      text_layer: 'present',
      duplicate_of: null,
      processing_status: 'processed',
      skip_reason: null,
      review_rejected: false,
      processor_id: 'prc_generic_fields',
      processor_version: '1',
      latest_run_id: 'run_export_bench',
      problems: [],
      uploaded_by: null,
      created_at: T,
      updated_at: T,
    });
    for (let from = 0; from < size; from += SEED_CHUNK)
      await ctx.repos.items.insertMany(org.id, syntheticItems(Math.min(SEED_CHUNK, size - from), { documentId, runId: 'run_export_bench' }, from));
    const results: Record<string, Figure> = {};
    for (const exporter of EXPORTERS) {
      results[exporter] = await peakOf(async () => {
        const response = await fetch(`${server.url}/documents/${documentId}/export/${exporter}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'x-org-slug': 'acme', 'content-type': 'application/json' },
          body: JSON.stringify({ policy: 'all' }),
        });
        if (response.status !== 200 || response.body === null) throw new Error(`${exporter}: ${response.status} ${await response.text()}`);
        let bytes = 0;
        for await (const chunk of response.body) bytes += (chunk as Uint8Array).byteLength;
        return bytes;
      });
    }
    // The exporters' former way, for comparison: every current item in memory, the answer built whole.
    if (!process.env.BENCH_EXPORTERS)
      results['before: json built in memory'] = await peakOf(async () => {
        const current = await ctx.repos.items.listCurrent(org.id, [documentId]);
        return Buffer.from(JSON.stringify({ exporter: 'json', items: current.map(presentItem) })).byteLength;
      });
    process.stdout.write(`RESULT ${JSON.stringify(results)}\n`);
  } finally {
    await server.close();
  }
}

async function main(): Promise<void> {
  const load0 = loadavg()[0];
  const dialects: DialectName[] = POSTGRES_URL ? ['sqlite', 'postgres'] : ['sqlite'];
  const sections: string[] = [];
  for (const dialect of dialects) {
    const bySize: Record<number, Record<string, Figure>> = {};
    for (const size of SIZES) {
      const run = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', join(ROOT, 'bench', 'export-memory.ts'), 'child', dialect, String(size)], {
        cwd: ROOT,
        encoding: 'utf8',
        env: { ...process.env, TEST_POSTGRES_URL: POSTGRES_URL ?? '' },
        maxBuffer: 64 * 2 ** 20,
      });
      const line = run.stdout.split('\n').find((l) => l.startsWith('RESULT '));
      if (!line) throw new Error(`${dialect} ${size}: no result\n${run.stdout}\n${run.stderr}`);
      bySize[size] = JSON.parse(line.slice('RESULT '.length)) as Record<string, Figure>;
      console.log(`${dialect} ${size}: ${JSON.stringify(bySize[size])}`);
    }
    const [small, large] = [SIZES[0], SIZES.at(-1) ?? SIZES[0]];
    const lines = [
      `**${dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL'}** (live (one-GC reading) / peak heap / peak RSS above the start, MB; the export's size, MB; wall s)`,
      '',
      `| exporter | ${SIZES.map((s) => `${s.toLocaleString('en')} items`).join(' | ')} | live ${small.toLocaleString('en')} → ${large.toLocaleString('en')} (one-GC reading), MB |`,
      `|---|${SIZES.map(() => '---:').join('|')}|---:|`,
    ];
    for (const what of Object.keys(bySize[small])) {
      const cells = SIZES.map((s) => {
        const f = bySize[s][what];
        return `${f.liveMb.toFixed(1)} (${f.oneGcLiveMb.toFixed(1)}) / ${f.heapPeakMb.toFixed(1)} / ${f.rssPeakMb.toFixed(1)} (${f.bytesMb.toFixed(1)} MB; ${(f.wallMs / 1000).toFixed(1)} s)`;
      });
      const growth = (f: (x: Figure) => number): string => (f(bySize[large][what]) - f(bySize[small][what])).toFixed(1);
      lines.push(`| ${what} | ${cells.join(' | ')} | ${growth((f) => f.liveMb)} (${growth((f) => f.oneGcLiveMb)}) |`);
    }
    sections.push(lines.join('\n'));
  }
  const m = machine();
  const section = [
    '## Export memory (issue 35 item 2)',
    '',
    `\`npx tsx bench/export-memory.ts\` (PostgreSQL with \`BENCH_POSTGRES_URL\`), ${m.nproc} cores (${m.cpu}), Node ${m.node}; ${loadWhileMeasured(load0)}.`,
    'One source document of N current items (seeded through `ExtractedItemRepository.insertMany`), exported with `policy: all` over HTTP by a client in the same process that discards the bytes; each size in a fresh process, after a full GC.',
    `Peaks sampled every 5 ms while the export runs, above the memory right before it (heap = V8 heap + external memory, Buffers included; garbage not yet collected included); "live" is the largest heap after two full GCs forced ${LIVE_EVERY_MS} ms after the previous ones ended, during the export, what the export keeps alive; in brackets the former reading, after the first of the two GCs, with array buffers counted twice and the Buffers dead since the previous GC still in (docs/adr/0801-live-memory-after-two-gcs.md). "before" is the former in-memory way (every item loaded, the JSON built whole), as a function.`,
    '',
    ...sections.flatMap((s) => [s, '']),
  ].join('\n');
  console.log(section);
  if (!process.env.BENCH_NO_WRITE) await writeBenchmarkSection('Export memory (issue 35 item 2)', section);
}

if (process.argv[2] === 'child') await child(process.argv[3] as DialectName, Number(process.argv[4]));
else await main();
