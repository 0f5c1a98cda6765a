/**
 * Console review-screen bench (issue #16): how long the review screen takes to move to the next
 * item — the key press handled, React re-rendering the selection (the box on the page, the
 * item panel, the list), and the next frame painted. Chromium (playwright-core) against the real
 * server with an invoice PDF processed (14 items on one page). Each sample is taken in
 * the page: a `j` or `k` keydown is dispatched and the time runs until the selected row changed
 * and two animation frames passed (the frame that shows it). The peer, measured in the same
 * rounds, is the same dispatch of a key the screen ignores: the floor of a key event and two
 * frames in this browser on this machine, so a loaded machine still gives a fair ratio.
 * Run with `npx tsx bench/console-review.ts`.
 */
import { spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { makeInvoicePdf } from '../src/extraction/test-support/fixtures.js';
import { startTestServer } from '../test/support/test-server.js';
import { machine, writeBenchmarkSection } from './benchmarks-file.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 60);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const BUDGET_MS = 50;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const p95 = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)];
};

async function main(): Promise<void> {
  // The console's bundle is built; the server runs in this process (a move sends no request, so
  // where the server runs does not enter the measure). BENCH_NO_BUILD=1 measures dist/console as it is.
  if (process.env.BENCH_NO_BUILD !== '1') {
    const build = spawnSync('npm', ['run', '--silent', 'build', '-w', '@quire/console'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
    if (build.status !== 0) throw new Error('the console build failed');
  }
  const server = await startTestServer({ dialect: 'sqlite', env: { LOG_LEVEL: 'warn' } });
  const quire = { url: server.url, token: await server.login() };
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-dev-shm-usage'],
  });
  try {
    const form = new FormData();
    form.append('name', 'Bench invoices');
    form.append('files', new Blob([new Uint8Array(await makeInvoicePdf())], { type: 'application/pdf' }), 'invoice.pdf');
    const created = await fetch(`${quire.url}/assessments`, { method: 'POST', headers: { authorization: `Bearer ${quire.token}` }, body: form });
    if (created.status !== 201) throw new Error(`creating the assessment answered ${created.status}`);
    const body = (await created.json()) as { assessment: { id: string }; documents: Array<{ id: string }> };
    const documentId = body.documents[0].id;
    for (let waited = 0; ; waited += 500) {
      const doc = (await (await fetch(`${quire.url}/documents/${documentId}`, { headers: { authorization: `Bearer ${quire.token}` } })).json()) as {
        processing_status: string;
      };
      if (doc.processing_status === 'processed') break;
      if (waited > 300_000 || doc.processing_status === 'failed') throw new Error(`the invoice did not process: ${doc.processing_status}`);
      await new Promise((r) => setTimeout(r, 500));
    }

    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    // Page-side code is given as source text: the server's tsconfig has no DOM types.
    await context.addInitScript(`localStorage.setItem('quire.console.session', ${JSON.stringify(JSON.stringify({ token: quire.token }))})`);
    const page = await context.newPage();
    await page.goto(`${quire.url}/app/assessments/${body.assessment.id}/documents/${documentId}/review`);
    await page.getByTestId('page-image').waitFor({ timeout: 60_000 });
    await page.getByTestId('selected-item-box').waitFor({ timeout: 60_000 });
    // The item list's options only (the organization switcher's <option>s are options too).
    const items = await page.getByTestId('item-list').getByRole('option').count();

    /** One sample in the page: dispatch `key`, wait until the selection moved (or not, for the peer) and two frames passed. */
    const sample = (key: string, expectMove: boolean): Promise<number> =>
      page.evaluate(`new Promise((done) => {
        const selected = () => document.querySelector('[role=option][aria-selected=true]')?.id;
        const before = selected();
        const started = performance.now();
        window.dispatchEvent(new KeyboardEvent('keydown', { key: ${JSON.stringify(key)}, bubbles: true }));
        const check = () => {
          if (${expectMove} && selected() === before && performance.now() - started < 5000) return requestAnimationFrame(check);
          requestAnimationFrame(() => requestAnimationFrame(() => done(performance.now() - started)));
        };
        check();
      })`);

    // Warm-up: a full pass down and back.
    for (let i = 0; i < items; i += 1) await sample('j', false);
    for (let i = 0; i < items; i += 1) await sample('k', false);
    const move: number[] = [];
    const peer: number[] = [];
    let down = true;
    let position = 0;
    for (let round = 0; round < ROUNDS; round += 1) {
      if ((down && position === items - 1) || (!down && position === 0)) down = !down;
      move.push(await sample(down ? 'j' : 'k', true));
      position += down ? 1 : -1;
      peer.push(await sample('q', false));
    }
    const m = machine();
    const section = [
      '## Console review screen',
      '',
      `Measured by \`npx tsx bench/console-review.ts\` on ${m.cpu}, ${m.nproc} cores (load average ${loadavg()[0].toFixed(1)} when it ended), Node ${m.node}, chromium ${browser.version()}: the real server (SQLite, in the bench's process), the review screen of an invoice PDF with ${items} items on one page, ${ROUNDS} moves after a warm-up pass, measured in the page.`,
      '',
      '| measure | median | p95 | budget |',
      '|---|---|---|---|',
      `| next / previous item (j / k): key to the selection shown (the box on the page, the item panel, the list), two frames | ${median(move).toFixed(1)} ms | ${p95(move).toFixed(1)} ms | ≤ ${BUDGET_MS} ms |`,
      `| peer: a key the screen ignores, two frames | ${median(peer).toFixed(1)} ms | ${p95(peer).toFixed(1)} ms | — |`,
      `| ratio move / peer | ${(median(move) / median(peer)).toFixed(2)}× | — | — |`,
      '',
      'A move fetches nothing: the page image is drawn once per page and kept as an object URL while the screen is open, so the cost is React re-rendering the selection.',
      '',
    ].join('\n');
    process.stdout.write(`${section}\n`);
    await writeBenchmarkSection('Console review screen', section);
    if (median(move) > BUDGET_MS) process.exitCode = 1;
    await context.close();
  } finally {
    await browser.close();
    await server.close();
  }
}

await main();
