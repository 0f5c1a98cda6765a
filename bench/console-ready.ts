/**
 * Console bench (issue #16): the initial JavaScript a browser must fetch (gzipped, from the
 * build in dist/console), and the time until the console is ready — the first interactive
 * document list — on loopback, in chromium driven by playwright-core against the real server
 * process. Each round opens a fresh browser context (cold browser cache, signed in through the
 * session the console keeps in localStorage) and times navigation to /app/documents until
 * the list's table is shown. The peer, measured in the same rounds, is the same browser
 * navigating to /health (one JSON answer, no script): the floor a page load costs here, so a
 * loaded machine still gives a fair ratio. Run with `npx tsx bench/console-ready.ts`.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { type Browser, chromium } from 'playwright-core';
import { loadWhileMeasured, machine, writeBenchmarkSection } from './benchmarks-file.js';
import { newQuireData, removeQuireData, startQuireProcess } from '../test/support/quire-process.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);
const DOCUMENTS = 25;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const BUDGET_JS_KB = 250;
const BUDGET_READY_MS = 1000;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}
function p95(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)];
}

/** The scripts and style sheets index.html loads, gzipped as a server would send them. */
function initialAssets(): { js: number; css: number; files: string[] } {
  const dir = join(ROOT, 'dist', 'console');
  const html = readFileSync(join(dir, 'index.html'), 'utf8');
  const files = [...html.matchAll(/(?:src|href)="\/app\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
  let js = 0;
  let css = 0;
  for (const file of files) {
    const size = gzipSync(readFileSync(join(dir, file)), { level: 9 }).length;
    if (file.endsWith('.js')) js += size;
    else css += size;
  }
  return { js, css, files };
}

async function timeNavigation(browser: Browser, url: string, token: string, ready: 'table' | 'load'): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  // Runs in the page (this file is compiled without the DOM library, hence the cast).
  await context.addInitScript(
    (value) =>
      (globalThis as unknown as { localStorage: { setItem(key: string, item: string): void } }).localStorage.setItem(
        'quire.console.session',
        JSON.stringify({ token: value }),
      ),
    token,
  );
  const page = await context.newPage();
  try {
    const started = performance.now();
    await page.goto(url, { waitUntil: ready === 'load' ? 'load' : 'commit' });
    if (ready === 'table') await page.getByTestId('documents-table').waitFor({ timeout: 30_000 });
    return performance.now() - started;
  } finally {
    await context.close();
  }
}

async function main(): Promise<void> {
  const { consoleIsFresh, distIsFresh } = await import('../scripts/dist-freshness.mjs');
  if (!distIsFresh(ROOT) || !consoleIsFresh(ROOT)) {
    const build = spawnSync('npm', ['run', '--silent', 'build'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
    if (build.status !== 0) throw new Error('npm run build failed');
  }
  // A failure past this point must not leave the server process behind.
  const running: { quire?: Awaited<ReturnType<typeof startQuireProcess>> } = {};
  process.on('exit', () => running.quire?.child.kill('SIGTERM'));
  const assets = initialAssets();
  const data = await newQuireData('sqlite');
  // Start-up on a shared, loaded machine can take well over the default 30 s. (LOG_LEVEL stays
  // info: the start-up line the harness waits for is an info line.)
  const quire = await startQuireProcess(data, {}, { startTimeoutMs: 180_000 });
  running.quire = quire;
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-dev-shm-usage'],
  });
  try {
    for (let i = 0; i < DOCUMENTS; i += 1) {
      const created = await quire.json('POST', '/v1/documents', { templateId: 'engagement-letter', title: `Engagement ${i + 1}` });
      if (created.status !== 201) throw new Error(`seeding answered ${created.status}`);
    }
    const appUrl = `${quire.url}/app/documents`;
    // Warm-up: the server compresses each asset once, on its first request.
    await timeNavigation(browser, appUrl, quire.token, 'table');
    const ready: number[] = [];
    const peer: number[] = [];
    const loadAtStart = loadavg()[0];
    for (let round = 0; round < ROUNDS; round += 1) {
      ready.push(await timeNavigation(browser, appUrl, quire.token, 'table'));
      peer.push(await timeNavigation(browser, `${quire.url}/health`, quire.token, 'load'));
    }
    const readyMedian = median(ready);
    const peerMedian = median(peer);
    const kb = (bytes: number) => (bytes / 1024).toFixed(1);
    const m = machine();
    const section = [
      '## Console',
      '',
      `Measured by \`npx tsx bench/console-ready.ts\` on ${m.cpu}, ${m.nproc} cores (${loadWhileMeasured(loadAtStart)}), Node ${m.node}, chromium ${browser.version()}: the real server process (SQLite, ${DOCUMENTS} documents), ${ROUNDS} rounds after one warm-up, each in a fresh browser context (cold browser cache).`,
      '',
      '| measure | value | budget |',
      '|---|---|---|',
      `| initial JavaScript, gzipped (${assets.files.filter((f) => f.endsWith('.js')).join(', ')}) | ${kb(assets.js)} KB | ≤ ${BUDGET_JS_KB} KB |`,
      `| initial CSS, gzipped | ${kb(assets.css)} KB | — |`,
      `| console ready: /app/documents until the document list is shown, median | ${readyMedian.toFixed(0)} ms (p95 ${p95(ready).toFixed(0)} ms) | ≤ ${BUDGET_READY_MS} ms |`,
      `| peer: /health (one JSON answer, no script) until load, median | ${peerMedian.toFixed(0)} ms (p95 ${p95(peer).toFixed(0)} ms) | — |`,
      `| ratio ready / peer | ${(readyMedian / peerMedian).toFixed(1)}× | — |`,
      '',
      'Ready includes the page, its script and style sheet (served pre-compressed), `GET /v1/whoami`, `GET /v1/orgs` and `GET /v1/documents`, and React rendering the table.',
      `Budgets: initial JavaScript ${assets.js / 1024 <= BUDGET_JS_KB ? 'met' : 'OVER'}; ready ${readyMedian <= BUDGET_READY_MS ? 'met' : 'OVER'} on this run. A slow peer means the machine was busy (an idle loopback answers /health in a few ms): read the ready time against the ratio.`,
      '',
    ].join('\n');
    process.stdout.write(`${section}\n`);
    await writeBenchmarkSection('Console', section);
  } finally {
    await browser.close();
    quire.child.kill('SIGTERM');
    await quire.exited;
    await removeQuireData(data);
  }
}

await main();
