/**
 * PDF extraction bench (issue #17, "Extraction"). Two measurements, each Quire against its peer
 * on the same input, alternately in every round (a busy moment of the shared machine hits both):
 *
 * 1. A 170-page text PDF (generated, the same bytes every run): upload over real HTTP to a
 *    Quire started as `npm start` runs it (the built service) on a fresh SQLite data directory,
 *    until the document's extraction has ended and its items are listed — against `pdftotext
 *    -bbox-layout` on the same file (text with word boxes, the closest peer of reading text with
 *    positions).
 * 2. OCR pages per second: Quire's OCR of page images (`ocrImage`: tesseract's TSV parsed into
 *    positioned words) against the `tesseract` CLI alone on the same PNGs (rendered once with
 *    `pdftoppm -r 200`, Quire's OCR resolution); and Quire's whole OCR path for PDF pages
 *    (`ocrPdfPages`: rasterising included) on the same pages.
 *
 * `BENCH_BEFORE_DIR=<checkout>` also measures another checkout of Quire (an earlier commit with
 * its node_modules linked) in the same rounds: the "before" of a change. Medians over
 * `BENCH_ROUNDS` rounds (default 5) after `BENCH_WARMUP` warm-up uploads (default 3). Run with
 * `npx tsx bench/pdf-extraction.ts` (or `npm run bench`); the results replace the "PDF
 * extraction" section of BENCHMARKS.md.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { machine, writeBenchmarkSection } from './benchmarks-file.js';
import { ocrImage, ocrPdfPages } from '../src/extraction/ocr-engine.js';
import { makeLongReportPdf } from '../src/extraction/test-support/long-report-pdf.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const PAGES = 170;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const OCR_PAGES = Number(process.env.BENCH_OCR_PAGES ?? 4);
const BEFORE_DIR = process.env.BENCH_BEFORE_DIR;
/**
 * Uploads before the timed rounds: the first starts the workers and loads the modules, and the
 * extraction worker's code takes a few files to be compiled optimised (its rounds kept falling
 * for three or four files), so a service that has seen a few uploads is what is measured.
 */
const WARMUP = Math.max(1, Number(process.env.BENCH_WARMUP ?? 3));
/** How often the client looks at the document's status: the resolution of the measurement. */
const POLL_MS = 10;
/** `BENCH_SERVER_NODE_ARGS`: Node options for this checkout's Quire, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to see where an upload's time goes. */
const SERVER_NODE_ARGS = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter((arg) => arg !== '') ?? [];

const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
    server.on('error', reject);
  });
}

interface Quire {
  name: string;
  base: string;
  token: string;
  stop: () => Promise<void>;
}

/**
 * A Quire of checkout `root` as `npm start` runs it — the built service (`scripts/start.mjs`
 * builds dist/ first when it is missing or stale) — on a fresh SQLite data directory. Not the
 * sources under tsx: users do not run those, and tsx compiles them with esbuild's keepNames,
 * which wraps every function the extraction worker creates (the build does not, see
 * scripts/build-server.mjs).
 */
async function startQuire(name: string, root: string, nodeArgs: string[] = []): Promise<Quire> {
  const port = await freePort();
  const dataDir = await mkdtemp(join(tmpdir(), 'quire-bench-pdf-'));
  // `nodeArgs` go before the script: start.mjs imports the service into its own process
  // (NODE_OPTIONS refuses --cpu-prof).
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, 'scripts/start.mjs'], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      CONSOLE_ENABLED: 'false',
      RATE_LIMIT_PER_MINUTE: '1000000',
      UPLOAD_INSPECT_TIMEOUT_SECONDS: '120',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const base = `http://127.0.0.1:${port}`;
  for (let waited = 0; ; waited += 100) {
    if (child.exitCode !== null) throw new Error(`${name} exited: ${output}`);
    if (waited > 120_000) throw new Error(`${name} did not start: ${output}`);
    const up = await fetch(`${base}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const { token } = (await (await fetch(`${base}/auth/dev-login`, { method: 'POST' })).json()) as { token: string };
  const stop = async () => {
    child.kill('SIGTERM');
    await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
    await rm(dataDir, { recursive: true, force: true });
  };
  return { name, base, token, stop };
}

/** Upload → extraction ended → items listed; returns the time and the number of items listed. */
async function uploadUntilItems(quire: Quire, pdf: Buffer): Promise<{ ms: number; items: number; pages: number }> {
  const boundary = `----quirebench${Date.now()}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="statements.pdf"\r\nContent-Type: application/pdf\r\n\r\n`),
    pdf,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const auth = { authorization: `Bearer ${quire.token}`, 'x-org-slug': 'acme' };
  const start = performance.now();
  const res = await fetch(`${quire.base}/documents`, {
    method: 'POST',
    headers: { ...auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
    body,
  });
  if (res.status !== 201) throw new Error(`${quire.name}: upload answered ${res.status}: ${await res.text()}`);
  const id = ((await res.json()) as { documents: Array<{ id: string }> }).documents[0].id;
  for (;;) {
    const doc = (await (await fetch(`${quire.base}/documents/${id}`, { headers: auth })).json()) as { processing_status: string; page_count: number | null };
    if (doc.processing_status === 'processed' || doc.processing_status === 'partially_processed') {
      const items = (await (await fetch(`${quire.base}/documents/${id}/extracted-items`, { headers: auth })).json()) as {
        items: Array<{ provenance: { anchors: Array<{ page_number?: number }> } }>;
      };
      const ms = performance.now() - start;
      return { ms, items: items.items.length, pages: doc.page_count ?? 0 };
    }
    if (doc.processing_status === 'failed') throw new Error(`${quire.name}: extraction failed`);
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}

function timed(cmd: string, args: string[]): number {
  const start = performance.now();
  const r = spawnSync(cmd, args, { encoding: 'utf8', env: { ...process.env, OMP_THREAD_LIMIT: '1', LC_ALL: 'C' } });
  const ms = performance.now() - start;
  if (r.status !== 0) throw new Error(`${cmd} failed: ${r.stderr}`);
  return ms;
}

async function main(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'quire-bench-pdf-files-'));
  const pdf = await makeLongReportPdf(PAGES);
  const pdfPath = join(dir, 'statements.pdf');
  await writeFile(pdfPath, pdf);
  const quires = [await startQuire('Quire (this checkout)', ROOT, SERVER_NODE_ARGS)];
  if (BEFORE_DIR) quires.push(await startQuire('Quire (before)', resolve(BEFORE_DIR)));
  const load = [loadavg()[0]];
  const times = new Map<string, number[]>(quires.map((q) => [q.name, []]));
  const itemCounts = new Map<string, number>();
  const peer: number[] = [];
  try {
    // Warm-up: module loading, worker start-up, file cache, optimised code (see WARMUP).
    for (let w = 0; w < WARMUP; w++) for (const q of quires) await uploadUntilItems(q, pdf);
    timed('pdftotext', ['-bbox-layout', pdfPath, join(dir, 'out.html')]);
    for (let round = 0; round < ROUNDS; round++) {
      for (const q of quires) {
        const r = await uploadUntilItems(q, pdf);
        times.get(q.name)?.push(r.ms);
        itemCounts.set(q.name, r.items);
      }
      peer.push(timed('pdftotext', ['-bbox-layout', pdfPath, join(dir, 'out.html')]));
      load.push(loadavg()[0]);
      process.stdout.write(
        `round ${round + 1}: ${quires.map((q) => `${q.name} ${Math.round(times.get(q.name)?.at(-1) ?? 0)} ms`).join(', ')}, pdftotext ${Math.round(peer.at(-1) ?? 0)} ms\n`,
      );
    }
  } finally {
    for (const q of quires) await q.stop();
  }

  // OCR: the same page images for Quire's OCR and for the tesseract CLI.
  const images: string[] = [];
  for (let n = 1; n <= OCR_PAGES; n++) {
    const prefix = join(dir, `page-${n}`);
    timed('pdftoppm', ['-r', '200', '-png', '-f', String(n), '-l', String(n), '-singlefile', pdfPath, prefix]);
    images.push(`${prefix}.png`);
  }
  const imageBytes = await Promise.all(images.map((p) => readFile(p)));
  const ocrQuire: number[] = [];
  const ocrPeer: number[] = [];
  const ocrPdf: number[] = [];
  let words = 0;
  const pageSizes = Array.from({ length: OCR_PAGES }, (_, i) => ({ page_number: i + 1, width: 612, height: 792 }));
  const ocrRounds = Math.max(3, Math.min(ROUNDS, 5));
  for (let round = 0; round <= ocrRounds; round++) {
    let start = performance.now();
    for (const bytes of imageBytes) {
      const r = await ocrImage(bytes, { lang: 'eng' });
      if (!r.ok) throw new Error(`Quire OCR failed: ${r.error.message}`);
      words = r.value.page.lines.reduce((n, l) => n + l.words.length, 0);
    }
    const quireMs = performance.now() - start;
    start = performance.now();
    for (const image of images) timed('tesseract', [image, '-', '-l', 'eng', '--psm', '3', 'tsv']);
    const peerMs = performance.now() - start;
    start = performance.now();
    const pdfPages = await ocrPdfPages(pdf, pageSizes, { lang: 'eng', dpi: 200 });
    if (pdfPages.some((p) => !p.result.ok)) throw new Error('Quire OCR of PDF pages failed');
    const pdfMs = performance.now() - start;
    if (round === 0) continue; // warm-up
    ocrQuire.push(quireMs);
    ocrPeer.push(peerMs);
    ocrPdf.push(pdfMs);
    load.push(loadavg()[0]);
  }
  await rm(dir, { recursive: true, force: true });

  const m = machine();
  const popplerVersion = /version\s+(\S+)/.exec(spawnSync('pdftotext', ['-v'], { encoding: 'utf8' }).stderr)?.[1] ?? 'not installed';
  const peerMs = median(peer);
  const pps = (ms: number, pages: number) => (pages / (ms / 1000)).toFixed(1);
  const rows = quires.map((q) => {
    const ms = median(times.get(q.name) ?? []);
    return `| ${q.name}: upload → items listed (HTTP, SQLite) | ${Math.round(ms)} ms | ${pps(ms, PAGES)} | ${itemCounts.get(q.name) ?? 0} | ${(ms / peerMs).toFixed(1)}× |`;
  });
  const ocrQ = median(ocrQuire);
  const ocrP = median(ocrPeer);
  const ocrD = median(ocrPdf);
  const section = `## PDF extraction

Command: \`npx tsx bench/pdf-extraction.ts\`${BEFORE_DIR ? ' with `BENCH_BEFORE_DIR` (the checkout before the change, measured in the same rounds)' : ''} — Node ${m.node}, nproc ${m.nproc} (${m.cpu}); load average (1 min) ${Math.min(...load).toFixed(1)}–${Math.max(...load).toFixed(1)} during the run.

A ${PAGES}-page text PDF (${Math.round(pdf.length / 1024)} KB, generated by \`makeLongReportPdf\`, the same bytes every run): uploaded to a Quire
started as \`npm start\` runs it (the built service, \`node scripts/start.mjs\`; SQLite, fresh data directory) and waited for until its extraction ended and its items
were listed (the client looks every ${POLL_MS} ms), against \`pdftotext -bbox-layout\` on the same file. Medians of ${ROUNDS} rounds
after ${WARMUP} warm-up upload(s) to each Quire, the targets alternating within each round. This checkout reads a text PDF's words with poppler's
\`pdftotext -tsv\` when it is installed (here: poppler ${popplerVersion}), pdfjs-dist otherwise.

| Measurement | Median | Pages/s | Items | ÷ pdftotext |
|---|---:|---:|---:|---:|
${rows.join('\n')}
| \`pdftotext -bbox-layout\` | ${Math.round(peerMs)} ms | ${pps(peerMs, PAGES)} | — | 1.0× |

OCR of ${OCR_PAGES} of its pages (PNG at 200 dpi, rendered once with \`pdftoppm\`; tesseract \`eng\`, \`--psm 3\`, one thread),
medians of ${ocrRounds} rounds after one warm-up, alternating:

| Measurement | Median for ${OCR_PAGES} pages | Pages/s | ÷ tesseract |
|---|---:|---:|---:|
| Quire \`ocrImage\` (tesseract TSV → positioned words; ${words} words on the last page) | ${Math.round(ocrQ)} ms | ${pps(ocrQ, OCR_PAGES)} | ${(ocrQ / ocrP).toFixed(2)}× |
| \`tesseract <png> - tsv\` alone | ${Math.round(ocrP)} ms | ${pps(ocrP, OCR_PAGES)} | 1.00× |
| Quire \`ocrPdfPages\` (rasterising with \`pdftoppm\` included) | ${Math.round(ocrD)} ms | ${pps(ocrD, OCR_PAGES)} | ${(ocrD / ocrP).toFixed(2)}× |
`;
  process.stdout.write(`\n${section}`);
  if (process.env.BENCH_NO_WRITE !== '1') await writeBenchmarkSection('PDF extraction', section);
}

await main();
