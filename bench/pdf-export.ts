/**
 * PDF export bench: `GET /v1/documents/{id}/export.pdf` on a started server (SQLite, the
 * LibreOffice pool at its defaults), p50/p95 latency at 1 and 8 concurrent requests for a
 * ~5-page and a ~50-page document; and, in the same run, the peer: a cold
 * `soffice --headless --convert-to pdf` (a fresh profile each, as a converter service without a
 * pool runs it) on the same .docx, alone and 8 at once. Run with `npx tsx bench/pdf-export.ts`
 * (part of `npm run bench`). Results go to the `## PDF export` section of BENCHMARKS.md.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { loadWhileMeasured, machine, writeBenchmarkSection } from './benchmarks-file.js';
import { DEFAULT_PDF_CONVERTER_SETTINGS } from '../src/pdf/pdf-converter.js';
import { apiFor } from '../test/support/api.js';
import { createLongDocument } from '../test/support/long-document.js';
import { startTestServer } from '../test/support/test-server.js';

const run = promisify(execFile);

/** Sections of the bench Markdown per target size (cover and contents included in the pages). */
const DOCUMENTS = [
  { name: '~5 pages', sections: 7 },
  { name: '~50 pages', sections: 84 },
] as const;
/** Requests per (document, concurrency): enough rounds for a p95 at 8, few enough to finish. */
const REQUESTS: Record<string, Record<number, number>> = { '~5 pages': { 1: 12, 8: 48 }, '~50 pages': { 1: 5, 8: 16 } };

const percentile = (xs: readonly number[], p: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};
const fmt = (ms: number): string => (ms >= 10_000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms)} ms`);

/** Runs `total` calls of `task`, `concurrency` at a time; returns each call's latency. */
async function measure(total: number, concurrency: number, task: () => Promise<void>): Promise<number[]> {
  const latencies: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        next++;
        const start = performance.now();
        await task();
        latencies.push(performance.now() - start);
      }
    }),
  );
  return latencies;
}

async function pageCount(pdf: Buffer, dir: string): Promise<number> {
  const path = join(dir, `count-${Math.random().toString(36).slice(2)}.pdf`);
  await writeFile(path, pdf);
  const { stdout } = await run('pdfinfo', [path]);
  return Number(/^Pages:\s+(\d+)/m.exec(stdout)?.[1] ?? 0);
}

/** One cold conversion, as `soffice --convert-to pdf` with a profile of its own. */
async function coldConvert(docxPath: string, dir: string): Promise<void> {
  const profile = await mkdtemp(join(dir, 'profile-'));
  const out = await mkdtemp(join(dir, 'out-'));
  try {
    await run('soffice', [`-env:UserInstallation=file://${profile}`, '--headless', '--norestore', '--convert-to', 'pdf', '--outdir', out, docxPath], {
      timeout: 300_000,
    });
  } finally {
    await rm(profile, { recursive: true, force: true });
    await rm(out, { recursive: true, force: true });
  }
}

interface Row {
  what: string;
  pages: number;
  concurrency: number;
  requests: number;
  p50: number;
  p95: number;
}

async function main(): Promise<void> {
  const loadBefore = loadavg()[0];
  const dir = await mkdtemp(join(tmpdir(), 'quire-bench-pdf-'));
  const server = await startTestServer({ dialect: 'sqlite', env: { LOG_LEVEL: 'warn' } });
  const rows: Row[] = [];
  try {
    const api = await apiFor(server);
    const token = await server.login();
    const get = async (id: string, format: 'pdf' | 'docx'): Promise<Buffer> => {
      const response = await server.call('GET', `/v1/documents/${id}/export.${format}`, { token, org: 'acme' });
      const bytes = Buffer.from(await response.arrayBuffer());
      if (response.status !== 200) throw new Error(`export.${format} answered ${response.status}: ${bytes.toString('utf8').slice(0, 300)}`);
      return bytes;
    };
    const ids = new Map<string, string>();
    for (const doc of DOCUMENTS) {
      const created = await createLongDocument(server, api, { slug: `bench-pdf-${doc.sections}`, title: `Bench report ${doc.name}`, count: doc.sections });
      ids.set(doc.name, created.id);
    }
    // Warm-up: every converter of the pool started (they start on first use).
    const warm = ids.get(DOCUMENTS[0].name) ?? '';
    await Promise.all(Array.from({ length: DEFAULT_PDF_CONVERTER_SETTINGS.converters }, () => get(warm, 'pdf')));

    for (const doc of DOCUMENTS) {
      const id = ids.get(doc.name) ?? '';
      const pages = await pageCount(await get(id, 'pdf'), dir);
      for (const concurrency of [1, 8]) {
        const total = REQUESTS[doc.name][concurrency];
        const latencies = await measure(total, concurrency, async () => void (await get(id, 'pdf')));
        rows.push({
          what: `Quire \`export.pdf\`, ${doc.sections} sections`,
          pages,
          concurrency,
          requests: total,
          p50: percentile(latencies, 50),
          p95: percentile(latencies, 95),
        });
        console.log(rows.at(-1));
      }
    }

    // The peer, on the same ~5-page .docx.
    const small = DOCUMENTS[0];
    const docxPath = join(dir, 'small.docx');
    await writeFile(docxPath, await get(ids.get(small.name) ?? '', 'docx'));
    const smallPages = rows.find((r) => r.what.includes(`${small.sections} sections`))?.pages ?? 0;
    for (const [concurrency, total] of [
      [1, 3],
      [8, 8],
    ] as const) {
      const latencies = await measure(total, concurrency, () => coldConvert(docxPath, dir));
      rows.push({
        what: 'cold `soffice --headless --convert-to pdf`, same .docx',
        pages: smallPages,
        concurrency,
        requests: total,
        p50: percentile(latencies, 50),
        p95: percentile(latencies, 95),
      });
      console.log(rows.at(-1));
    }
  } finally {
    await server.close();
    await rm(dir, { recursive: true, force: true });
  }

  const m = machine();
  const { stdout: office } = await run('soffice', ['--version']).catch(() => ({ stdout: 'LibreOffice (version unknown)' }));
  const target = rows.find((r) => r.concurrency === 8 && r.what.includes(`${DOCUMENTS[0].sections} sections`));
  const section = [
    '## PDF export',
    '',
    `Command: \`npx tsx bench/pdf-export.ts\` (part of \`npm run bench\`) — Node ${m.node}, nproc ${m.nproc} (${m.cpu}), ${office.trim()};`,
    `${loadWhileMeasured(loadBefore)}.`,
    '',
    '| Run | Pages | Concurrent | Requests | p50 | p95 |',
    '|-----|------:|-----------:|---------:|----:|----:|',
    ...rows.map((r) => `| ${r.what} | ${r.pages} | ${r.concurrency} | ${r.requests} | ${fmt(r.p50)} | ${fmt(r.p95)} |`),
    '',
    `Goal (issue #15): p95 ≤ 1.5 s at 8 concurrent on the ~5-page document — measured **${target ? fmt(target.p95) : '—'}**.`,
    '',
    `Quire's latency is the whole request over loopback HTTP: the document read, the .docx composed, the conversion on one of the`,
    `pool's ${DEFAULT_PDF_CONVERTER_SETTINGS.converters} long-lived LibreOffice converters (started before the measured requests, as they are after the first`,
    'export) with the tables of contents updated, and the PDF sent. At 8 concurrent, 6 requests wait for a converter; the wait is',
    'part of their latency. The peer starts a LibreOffice per conversion with a fresh profile, as a converter without a pool does',
    '(and it leaves the table of contents without page numbers). Both ran on the same machine in the same run; the bench',
    'document is headings, lists, a table and three footnotes per section.',
    '',
  ].join('\n');
  await writeBenchmarkSection('PDF export', section);
  console.log(section);
}

await main();
