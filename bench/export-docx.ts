/**
 * Export bench: Quire's composeDocx against pandoc on the same Markdown, and the peak memory of
 * a 500-section (~300+ page) export — composed in-process, and through the real HTTP route
 * (`GET /v1/documents/{id}/export.docx` on a started server, which composes large documents in a
 * capped worker thread). Run with `npx tsx bench/export-docx.ts` (or `npm run bench`).
 *
 * Each Quire measurement runs in a fresh child process so its peak RSS (getrusage maxRSS) is
 * that export's alone, not the bench's. Results are printed and written to the `## Export`
 * section of BENCHMARKS.md (other sections are kept).
 */
import { execFile, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { BENCHMARKS, loadWhileMeasured, machine, writeBenchmarkSection } from './benchmarks-file.js';
import { IN_PROCESS_MAX_CHARS } from '../src/docx/compose-bounded.js';
import { DEFAULT_WORKER_COMPOSE_OPTIONS, MAX_CONCURRENT_WORKERS } from '../src/docx/compose-in-worker.js';
import { composeDocx } from '../src/docx/index.js';
import { SAMPLE_SOURCES, benchSectionMarkdown, largeDocument, largeDocumentMarkdown } from '../src/docx/test-support/sample-documents.js';

const run = promisify(execFile);
const HERE = fileURLToPath(import.meta.url);
const COMPARE_SECTIONS = 200;
const LARGE_SECTIONS = 500;
const RUNS = 5;
const HTTP_RUNS = 3;
const HEAP_CAP_MB = 96;
const COMPARE_ROUNDS = 3;

interface ChildResult {
  sections: number;
  timesMs: number[];
  bytes: number;
  peakRssMb: number;
  /** HTTP mode: RSS of the started server with the document loaded, before the first export. */
  baselineRssMb?: number;
  /** HTTP mode: the main thread's heap after a full GC, before the first export. */
  baselineHeapMb?: number;
  /** HTTP mode: the main thread's largest heap seen while exporting (the worker's is apart). */
  peakMainHeapMb?: number;
}

const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};
const mb = (kb: number): number => Math.round(kb / 1024);
const fmt = (ms: number): string => `${Math.round(ms)} ms`;

/** In the child: build the document, export it `runs` times (after one warm-up), report. */
async function child(sections: number, runs: number, outPath: string | null): Promise<void> {
  const doc = largeDocument(sections);
  let bytes = await composeDocx(doc); // warm-up: JIT and module initialisation
  const timesMs: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    bytes = await composeDocx(doc);
    timesMs.push(performance.now() - start);
  }
  if (outPath) await writeFile(outPath, bytes);
  const result: ChildResult = { sections, timesMs, bytes: bytes.length, peakRssMb: mb(process.resourceUsage().maxRSS) };
  process.stdout.write(JSON.stringify(result));
}

/**
 * In the child: start the real server on a free port (SQLite in a temp DATA_DIR), create a
 * document with `sections` generated sections, and download its export `runs` times over HTTP
 * (after one warm-up).
 */
async function httpChild(sections: number, runs: number): Promise<void> {
  // Imported here, not at the top: the in-process children must not carry the whole service.
  const { loadConfig } = await import('../src/config.js');
  const { startServer } = await import('../src/server.js');
  const dataDir = await mkdtemp(join(tmpdir(), 'quire-bench-http-'));
  const server = await startServer(loadConfig({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn' }));
  try {
    const call = async (method: string, path: string, token?: string, body?: unknown): Promise<Response> =>
      fetch(`${server.url}${path}`, {
        method,
        headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    const { token } = (await (await call('POST', '/auth/dev-login')).json()) as { token: string };
    await call('POST', '/v1/templates', token, { slug: 'bench', title: 'Bench' });
    const created = (await (await call('POST', '/v1/documents', token, { templateId: 'bench', title: `Bench document (${sections} sections)` })).json()) as {
      document: { id: string };
    };
    const documentId = created.document.id;
    const org = await server.store.db.selectFrom('documents').select('org_id').where('id', '=', documentId).executeTakeFirstOrThrow();
    const now = new Date('2026-01-01T00:00:00Z').toISOString();
    // Straight into the table, in batches: the bench measures export, not 500 API calls.
    for (let start = 0; start < sections; start += 100) {
      const rows = Array.from({ length: Math.min(100, sections - start) }, (_, k) => {
        const i = start + k;
        return {
          id: `sec_bench_${String(i).padStart(4, '0')}`,
          org_id: org.org_id,
          document_id: documentId,
          key: `s${i}`,
          ordinal: i,
          title: `Section ${i + 1} review`,
          render_mode: 'synthesized',
          output_type: 'markdown',
          prompt: null,
          output_template: null,
          content: benchSectionMarkdown(i),
          status: 'generated',
          created_at: now,
          updated_at: now,
        };
      });
      await server.store.db.insertInto('sections').values(rows).execute();
    }
    // The bench Markdown cites [1]–[3]: the same three sources as the in-process runs, as gathered rows.
    await server.store.db
      .insertInto('gathered_values')
      .values(
        SAMPLE_SOURCES.map((source, i) => ({
          id: `gv_bench_${i}`,
          org_id: org.org_id,
          document_id: documentId,
          data_need_id: null,
          output_key: `source_${i + 1}`,
          kind: 'tool',
          value_json: JSON.stringify(source.title),
          source_json: JSON.stringify({ title: source.title, kind: 'web', url: source.url ?? null, page: source.page ?? null }),
          inputs_hash: 'bench',
          run_id: null,
          created_at: now,
        })),
      )
      .execute();
    const gc = (globalThis as { gc?: () => void }).gc;
    gc?.();
    const baselineRssMb = Math.round(process.memoryUsage().rss / 1024 / 1024);
    const baselineHeapMb = Math.round(process.memoryUsage().heapUsed / 1024 / 1024);
    let peakMainHeap = 0;
    const sampler = setInterval(() => {
      peakMainHeap = Math.max(peakMainHeap, process.memoryUsage().heapUsed);
    }, 10);
    const download = async (): Promise<number> => {
      const response = await call('GET', `/v1/documents/${documentId}/export.docx`, token);
      if (response.status !== 200) throw new Error(`export answered ${response.status}: ${await response.text()}`);
      return (await response.arrayBuffer()).byteLength;
    };
    let bytes = await download();
    const timesMs: number[] = [];
    for (let i = 0; i < runs; i++) {
      const start = performance.now();
      bytes = await download();
      timesMs.push(performance.now() - start);
    }
    clearInterval(sampler);
    const result: ChildResult = {
      sections,
      timesMs,
      bytes,
      peakRssMb: mb(process.resourceUsage().maxRSS),
      baselineRssMb,
      baselineHeapMb,
      peakMainHeapMb: Math.round(peakMainHeap / 1024 / 1024),
    };
    process.stdout.write(JSON.stringify(result));
  } finally {
    await server.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function measureQuire(sections: number, runs: number, outPath: string | null, nodeFlags: string[] = [], mode = '--child'): Promise<ChildResult> {
  // Same loader flags as this process (tsx), so the child runs the TypeScript sources too.
  const args = [...nodeFlags, ...process.execArgv, HERE, mode, String(sections), String(runs), outPath ?? '-'];
  const { stdout } = await run(process.execPath, args, { maxBuffer: 16 * 1024 * 1024, timeout: 600_000 });
  return JSON.parse(stdout) as ChildResult;
}

async function measurePandoc(markdownPath: string, outPath: string, runs: number): Promise<{ timesMs: number[]; peakRssMb: number | null }> {
  const timesMs: number[] = [];
  let peakKb: number | null = null;
  const hasTime = existsSync('/usr/bin/time');
  for (let i = 0; i < runs + 1; i++) {
    const start = performance.now();
    const res = hasTime
      ? spawnSync('/usr/bin/time', ['-f', '%M', 'pandoc', '-f', 'markdown', '-t', 'docx', '-o', outPath, markdownPath], { encoding: 'utf8' })
      : spawnSync('pandoc', ['-f', 'markdown', '-t', 'docx', '-o', outPath, markdownPath], { encoding: 'utf8' });
    const elapsed = performance.now() - start;
    if (res.status !== 0) throw new Error(`pandoc failed: ${res.stderr}`);
    if (hasTime) {
      const kb = Number(res.stderr.trim().split('\n').pop());
      if (Number.isFinite(kb)) peakKb = Math.max(peakKb ?? 0, kb);
    }
    if (i > 0) timesMs.push(elapsed); // the first run warms the file cache, as Quire's warm-up does
  }
  return { timesMs, peakRssMb: peakKb === null ? null : mb(peakKb) };
}

async function pageCount(docxPath: string, dir: string): Promise<number | null> {
  if (spawnSync('sh', ['-c', 'command -v soffice && command -v pdfinfo'], { stdio: 'ignore' }).status !== 0) return null;
  const profile = join(dir, 'lo-profile');
  await run('soffice', [`-env:UserInstallation=file://${profile}`, '--headless', '--convert-to', 'pdf', '--outdir', dir, docxPath], { timeout: 600_000 });
  const { stdout } = await run('pdfinfo', [docxPath.replace(/\.docx$/, '.pdf')]);
  const match = /^Pages:\s+(\d+)/m.exec(stdout);
  return match ? Number(match[1]) : null;
}

/** Replaces the `## Export` section of BENCHMARKS.md. */
function writeBenchmarks(section: string): Promise<void> {
  return writeBenchmarkSection('Export', section);
}

async function main(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'quire-bench-'));
  try {
    const markdownPath = join(dir, 'bench.md');
    await writeFile(markdownPath, largeDocumentMarkdown(COMPARE_SECTIONS));
    const loadAtStart = loadavg()[0];

    console.log(`Quire composeDocx, ${COMPARE_SECTIONS} sections, ${RUNS} runs…`);
    const quire = await measureQuire(COMPARE_SECTIONS, RUNS, null);

    const hasPandoc = spawnSync('sh', ['-c', 'command -v pandoc'], { stdio: 'ignore' }).status === 0;
    console.log(hasPandoc ? `pandoc, same Markdown, ${RUNS} runs…` : 'pandoc not installed: skipped');
    const pandoc = hasPandoc ? await measurePandoc(markdownPath, join(dir, 'pandoc.docx'), RUNS) : null;

    console.log(`Quire composeDocx, ${LARGE_SECTIONS} sections…`);
    const largePath = join(dir, 'large.docx');
    const large = await measureQuire(LARGE_SECTIONS, 1, largePath);
    // V8 grows its heap lazily when memory is plentiful, so the peak above is mostly garbage not
    // yet collected; the same export under a capped heap shows what it really needs.
    console.log(`Quire composeDocx, ${LARGE_SECTIONS} sections, heap capped at ${HEAP_CAP_MB} MB…`);
    const capped = await measureQuire(LARGE_SECTIONS, 1, null, [`--max-old-space-size=${HEAP_CAP_MB}`]);
    console.log(`Quire over HTTP (started server, GET …/export.docx), ${LARGE_SECTIONS} sections, ${HTTP_RUNS} runs…`);
    const http = await measureQuire(LARGE_SECTIONS, HTTP_RUNS, null, ['--expose-gc'], '--child-http');
    // The issue's comparison: the 200-section export over HTTP against pandoc, alternating
    // batches of 3 so a busy spell of the shared machine falls on both.
    console.log(`Quire over HTTP against pandoc, ${COMPARE_SECTIONS} sections, ${COMPARE_ROUNDS} alternating rounds of 3…`);
    const httpCompare: number[] = [];
    const pandocCompare: number[] = [];
    let httpCompareBytes = 0;
    for (let round = 0; round < COMPARE_ROUNDS; round++) {
      const served = await measureQuire(COMPARE_SECTIONS, 3, null, [], '--child-http');
      httpCompare.push(...served.timesMs);
      httpCompareBytes = served.bytes;
      if (hasPandoc) pandocCompare.push(...(await measurePandoc(markdownPath, join(dir, 'pandoc.docx'), 3)).timesMs);
    }
    console.log('Counting its pages with LibreOffice…');
    const pages = await pageCount(largePath, dir).catch(() => null);

    const m = machine();
    const quireMedian = median(quire.timesMs);
    const pandocMedian = pandoc ? median(pandoc.timesMs) : null;
    const rows = [
      '| Run | Median time | Peak RSS | Output |',
      '|-----|------------:|---------:|-------:|',
      `| Quire \`composeDocx\`, ${COMPARE_SECTIONS} sections | ${fmt(quireMedian)} | ${quire.peakRssMb} MB | ${Math.round(quire.bytes / 1024)} KB |`,
      pandoc && pandocMedian !== null
        ? `| \`pandoc -f markdown -t docx\`, same Markdown | ${fmt(pandocMedian)} | ${pandoc.peakRssMb ?? '?'} MB | — |`
        : '| `pandoc -f markdown -t docx` | not installed | | |',
      `| Quire \`composeDocx\`, ${LARGE_SECTIONS} sections${pages ? ` (${pages} pages in LibreOffice)` : ''} | ${fmt(large.timesMs[0])} | ${large.peakRssMb} MB | ${Math.round(large.bytes / 1024)} KB |`,
      `| same, \`node --max-old-space-size=${HEAP_CAP_MB}\` | ${fmt(capped.timesMs[0])} | ${capped.peakRssMb} MB | ${Math.round(capped.bytes / 1024)} KB |`,
      `| \`GET /v1/documents/{id}/export.docx\` on a started server, ${LARGE_SECTIONS} sections (worker-composed) | ${fmt(median(http.timesMs))} | ${http.peakRssMb} MB | ${Math.round(http.bytes / 1024)} KB |`,
      `| \`GET /v1/documents/{id}/export.docx\`, ${COMPARE_SECTIONS} sections (worker-composed), alternating with pandoc | ${fmt(median(httpCompare))} | — | ${Math.round(httpCompareBytes / 1024)} KB |`,
      pandocCompare.length > 0
        ? `| \`pandoc -f markdown -t docx\`, same Markdown, alternating with the HTTP export | ${fmt(median(pandocCompare))} | — | — |`
        : '| `pandoc`, alternating | not installed | | |',
    ];
    const httpNote = [
      `Over HTTP, the server process (run from the TypeScript sources under tsx, SQLite, the document and its three sources loaded —`,
      `without file names, hence the smaller file) stood at`,
      `${http.baselineRssMb ?? '?'} MB RSS (${http.baselineHeapMb ?? '?'} MB of it main-thread heap) before the first export and peaked at ${http.peakRssMb} MB`,
      `over ${HTTP_RUNS + 1} exports; the main-thread heap never went above ${http.peakMainHeapMb ?? '?'} MB, because documents over`,
      `${IN_PROCESS_MAX_CHARS / 1024} K characters compose in a worker thread capped at ${DEFAULT_WORKER_COMPOSE_OPTIONS.maxHeapMb} MB (at most ${MAX_CONCURRENT_WORKERS} at once).`,
      'The composer workers are pooled: the first export starts them and loads the composer (from source here, so with transpiling),',
      'the measured exports after the warm-up reuse them.',
    ].join('\n');
    const ratio = pandocMedian
      ? [
          `Quire / pandoc time ratio (${COMPARE_SECTIONS} sections): **${(quireMedian / pandocMedian).toFixed(2)}×** in-process;`,
          pandocCompare.length > 0
            ? `**${(median(httpCompare) / median(pandocCompare)).toFixed(2)}×** over HTTP (${COMPARE_ROUNDS} alternating rounds of 3, medians of ${httpCompare.length} each).`
            : '',
          `Load: ${loadWhileMeasured(loadAtStart)}.`,
        ].join(' ')
      : '';
    const section = [
      '## Export',
      '',
      `Command: \`npx tsx bench/export-docx.ts\` — Node ${m.node}, nproc ${m.nproc} (${m.cpu}).`,
      '',
      ...rows,
      '',
      ratio,
      '',
      `Times are medians of ${RUNS} runs after one warm-up. Quire runs in-process (Markdown lexing, docx tree, zip, deterministic re-zip);`,
      'pandoc times include its process start-up. Peak RSS is the whole process (getrusage maxRSS; `/usr/bin/time -f %M` for pandoc),',
      'each Quire measurement in a fresh Node process (about 60 MB of it is Node + tsx before any work). V8 lets its heap grow',
      `when memory is free; the capped run shows the ${LARGE_SECTIONS}-section export fits in a ${HEAP_CAP_MB} MB heap (at some cost in time: more GC).`,
      'The bench document is headings, bullet and numbered lists, a table and',
      'three citations (footnotes) per section.',
      '',
      'Before the composer wrote the body block by block (compose-docx.ts, body-writer.ts), docx built one object tree of the',
      'whole body before writing any XML: the same 500-section export peaked at 556 MB RSS uncapped and needed a 192 MB heap',
      '(312 MB RSS). Its live heap is now about 40 MB at most (the intermediate model of every block, the body XML, one block',
      'being converted), measured with forced GCs between the phases.',
      '',
      httpNote,
      '',
    ].join('\n');
    console.log(`\n${section}`);
    await writeBenchmarks(section);
    console.log(`Written to ${BENCHMARKS}`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const childAt = process.argv.indexOf('--child');
const httpChildAt = process.argv.indexOf('--child-http');
if (httpChildAt >= 0) {
  await httpChild(Number(process.argv[httpChildAt + 1]), Number(process.argv[httpChildAt + 2]));
} else if (childAt >= 0) {
  const out = process.argv[childAt + 3];
  await child(Number(process.argv[childAt + 1]), Number(process.argv[childAt + 2]), out && out !== '-' ? out : null);
} else {
  await main();
}
