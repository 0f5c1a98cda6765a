/**
 * Merge-run bench (issue 30 item 2): the CPU per document of a merge run beside docxtemplater
 * filling the same letter from the same row, and the service's memory through 1,000 letters and
 * their zip.
 *
 * The service is the built one, run as `npm start` runs it (`node scripts/start.mjs`, dist/ built
 * first), in a child process on SQLite; the merges are driven over HTTP. Its CPU (every thread:
 * the tenant-code workers included) and its RSS are read from /proc/<pid> — the service's alone.
 * Two letters are measured:
 * - **a Word-template letter**: a one-page letter (`bench-letter`, fields only, a .docx Word
 *   template with `{{ field }}` tags) — a merge takes the lean path (ADR 0471). The peer fills the
 *   very same .docx with the tags written `{field}`, docxtemplater's syntax.
 * - **the built-in engagement letter** (7 sections, one written by the offline composer): the full
 *   pipeline per row. The peer fills Quire's output for row 1 with the row's values turned into tags.
 * The peer (docxtemplater + pizzip: open the template, render, write the .docx with DEFLATE, per
 * letter) runs in this process. Run with `npx tsx bench/merge-run.ts` (or `npm run bench`);
 * `MERGE_BENCH_ROWS` resizes the memory runs (default 1000). Results go to the `## Merge runs`
 * section of BENCHMARKS.md.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Docxtemplater from 'docxtemplater';
import JSZip from 'jszip';
import PizZip from 'pizzip';
import { paragraph, wordTemplateDocx } from '../test/support/word-template-docx.js';
import { loadWhileMeasured, machine, writeBenchmarkSection } from './benchmarks-file.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const CPU_ROWS = Number(process.env.MERGE_BENCH_CPU_ROWS ?? 200);
const MEMORY_ROWS = Number(process.env.MERGE_BENCH_ROWS ?? 1000);
const PEER_RUNS = 300;
const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/** The one-page letter's fields: every value a row fills. */
const LETTER_FIELDS = [
  'client_name',
  'client_contact',
  'client_street',
  'client_city',
  'reference',
  'services',
  'start_date',
  'fee_amount',
  'firm_name',
  'signatory',
];

function letterRow(i: number): Record<string, string> {
  const n = String(i + 1).padStart(4, '0');
  return {
    client_name: `Contoso Client ${n}`,
    client_contact: `Ada Contact ${n}`,
    client_street: `${i + 1} Harbour Road`,
    client_city: 'Bristol BS1 4DJ',
    reference: `ENG-2026-${n}`,
    services: 'tax advice and the annual accounts',
    start_date: '1 December 2026',
    fee_amount: `EUR ${12000 + i}`,
    firm_name: 'Northwind Partners LLP',
    signatory: `Jo Signatory ${n}`,
  };
}

function engagementRow(i: number): Record<string, string | number> {
  const n = String(i + 1).padStart(4, '0');
  return {
    client_name: `Contoso Client ${n}`,
    client_contact: `Ada Contact ${n}`,
    firm_name: 'Northwind Partners LLP',
    services: 'Tax advice',
    start_date: '2026-12-01',
    fee_amount: 12000 + i,
    signatory: `Jo Signatory ${n}`,
  };
}

/** A one-page engagement letter as a firm keeps it in Word: header, addressee, reference, body, signature; tags split across runs. */
function letterParagraphs(): string[] {
  return [
    paragraph('{{ client_contact }}'),
    paragraph('{{ client_name }}'),
    paragraph('{{ client_street }}'),
    paragraph('{{ client_city }}'),
    paragraph('Our reference: ', '{{ reference }}'),
    paragraph('Dear {{ client_contact }},'),
    paragraph(
      'Thank you for choosing {{ firm_name }}. This letter sets out the terms on which we will act for {{ client_name }} from {{ start_date }}, and the respective responsibilities of the client and of the firm.',
    ),
    paragraph('We will provide {{ services }}. Any work outside this scope will be agreed in writing before it starts.'),
    paragraph(
      'Our fee is {{ fee_amount }}, exclusive of VAT, as a fixed fee. Invoices are payable within 30 days of the invoice date; we may charge interest on late payment at the statutory rate.',
    ),
    paragraph(
      'The client will provide complete and accurate information and documents on time, and will tell us promptly of any change that may affect the work. We will perform the services with reasonable skill and care.',
    ),
    paragraph(
      'Our total liability arising out of or in connection with this engagement is limited to the fees paid under it, except for liability that cannot be limited by law.',
    ),
    paragraph("Either party may end this engagement by giving 30 days' written notice. This letter is governed by the law of England and Wales."),
    paragraph('Please sign and return a copy of this letter to confirm your agreement. Agreed for {{ client_name }}: ______________________'),
    paragraph('Yours sincerely,'),
    paragraph('{{ signatory }}'),
    paragraph('Partner, for and on behalf of {{ firm_name }}'),
  ];
}

/** The letter as Quire's Word template (Jinja tags) and, the same file, as docxtemplater's (`{field}`). */
async function letterTemplates(): Promise<{ quire: Buffer; peer: Buffer }> {
  const quire = await wordTemplateDocx({ header: '{{ firm_name }} — private and confidential', body: letterParagraphs() });
  const zip = new PizZip(quire);
  for (const name of ['word/document.xml', 'word/header1.xml']) {
    // Every tag of this letter sits inside one run, so the rewrite is textual.
    const xml = zip.file(name)?.asText() ?? '';
    zip.file(name, xml.replace(/\{\{ (\w+) \}\}/g, '{$1}'));
  }
  return { quire, peer: zip.generate({ type: 'nodebuffer', compression: 'DEFLATE' }) };
}

const mb = (kb: number): number => Math.round(kb / 1024);

function rssKb(pid: number): number {
  return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
}

/** User + system CPU of the process, every thread, in ms (/proc/<pid>/stat fields 14 and 15). */
function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

/** Samples the child's RSS every 100 ms until stopped; the peak. */
function rssSampler(pid: number): { stop(): number } {
  let peak = rssKb(pid);
  const timer = setInterval(() => (peak = Math.max(peak, rssKb(pid))), 100);
  return {
    stop() {
      clearInterval(timer);
      return mb(Math.max(peak, rssKb(pid)));
    },
  };
}

async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

interface Service {
  child: ChildProcess;
  pid: number;
  url: string;
  headers: Record<string, string>;
  dataDir: string;
}

/** The built service as `npm start` runs it (dist/ built by start.mjs when stale; the console is not served). */
async function startService(): Promise<Service> {
  const dataDir = await mkdtemp(join(tmpdir(), 'quire-bench-merge-'));
  const port = await freePort();
  const child = spawn(process.execPath, [join(ROOT, 'scripts', 'start.mjs')], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', PDF_START_AT_BOOT: 'false', CONSOLE_ENABLED: 'false' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let up = false; !up;) {
    if (child.exitCode !== null) throw new Error(`the service exited with ${child.exitCode}`);
    up = await fetch(`${url}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (!up) await new Promise((r) => setTimeout(r, 200));
  }
  const token = ((await (await fetch(`${url}/auth/dev-login`, { method: 'POST' })).json()) as { token: string }).token;
  return { child, pid: child.pid ?? 0, url, headers: { authorization: `Bearer ${token}` }, dataDir };
}

async function stopService(service: Service): Promise<void> {
  service.child.kill('SIGTERM');
  await new Promise((r) => service.child.once('exit', r));
  await rm(service.dataDir, { recursive: true, force: true });
}

async function call(service: Service, method: string, path: string, body?: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(`${service.url}${path}`, {
    method,
    headers: { ...service.headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const result = (await response.json()) as Record<string, unknown>;
  if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(result)}`);
  return result;
}

/** The Word-template letter as a template of the organization: its fields and its .docx. */
async function createLetterTemplate(service: Service, docx: Buffer): Promise<void> {
  await call(service, 'POST', '/v1/templates', {
    slug: 'bench-letter',
    title: 'Engagement letter (Word)',
    fields: LETTER_FIELDS.map((key) => ({ key, label: key, valueType: 'string', isRequired: true })),
    sections: [],
  });
  const form = new FormData();
  form.append('file', new Blob([docx], { type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' }), 'letter.docx');
  const put = await fetch(`${service.url}/v1/templates/bench-letter/word-template`, { method: 'PUT', headers: service.headers, body: form });
  if (put.status !== 200 && put.status !== 201) throw new Error(`PUT word-template: ${put.status} ${await put.text()}`);
}

interface MergeMeasure {
  rows: number;
  done: number;
  failed: number;
  cpuMsPerDoc: number;
  wallMsPerDoc: number;
  baselineRssMb: number;
  peakRssMb: number;
  zipBytes: number;
  zipPeakRssMb: number;
  first?: Buffer;
}

/** One merge of `rows` rows, its CPU and RSS, then its zip downloaded (streamed). */
async function measureMerge(service: Service, slug: string, rows: Array<Record<string, unknown>>, keepFirst: string | null): Promise<MergeMeasure> {
  const baselineRssMb = mb(rssKb(service.pid));
  const sampler = rssSampler(service.pid);
  const cpu = cpuMs(service.pid);
  const wall = performance.now();
  const started = await call(service, 'POST', `/v1/templates/${slug}/merge-runs`, { rows, fileNamePattern: '{{ client_name }}' });
  let state: Record<string, unknown>;
  for (;;) {
    state = await call(service, 'GET', `/v1/merge-runs/${String(started.id)}`);
    if (state.status !== 'queued' && state.status !== 'running') break;
    await new Promise((r) => setTimeout(r, 200));
  }
  const cpuUsed = cpuMs(service.pid) - cpu;
  const wallMs = performance.now() - wall;
  const peakRssMb = sampler.stop();
  const zipSampler = rssSampler(service.pid);
  const zip = await fetch(`${service.url}/v1/merge-runs/${String(started.id)}/result.zip`, { headers: service.headers });
  const bytes = keepFirst ? Buffer.from(await zip.arrayBuffer()) : null;
  let size = bytes?.length ?? 0;
  if (!bytes) for await (const chunk of zip.body ?? []) size += (chunk as Uint8Array).length;
  const zipPeakRssMb = zipSampler.stop();
  const first = bytes && keepFirst ? await (await JSZip.loadAsync(bytes)).file(`${keepFirst}.docx`)?.async('nodebuffer') : undefined;
  return {
    rows: rows.length,
    done: Number(state.done),
    failed: Number(state.failed),
    cpuMsPerDoc: cpuUsed / rows.length,
    wallMsPerDoc: wallMs / rows.length,
    baselineRssMb,
    peakRssMb,
    zipBytes: size,
    zipPeakRssMb,
    first,
  };
}

/** The engagement letter's peer template: Quire's letter for row 1 with that row's values turned into tags. */
function engagementPeerTemplate(docx: Buffer): Buffer {
  const zip = new PizZip(docx);
  let xml = zip.file('word/document.xml')?.asText() ?? '';
  for (const [key, value] of Object.entries(engagementRow(0))) xml = xml.split(String(value)).join(`{${key}}`);
  zip.file('word/document.xml', xml);
  return zip.generate({ type: 'nodebuffer', compression: 'DEFLATE' });
}

/** docxtemplater's CPU per letter: open the template, fill it from the row, write the .docx (as a merge does per row). */
function peerCpuMsPerDoc(template: Buffer, rowOf: (i: number) => Record<string, unknown>): number {
  const render = (i: number) => {
    const doc = new Docxtemplater(new PizZip(template), { paragraphLoop: true, linebreaks: true });
    doc.render(rowOf(i));
    return doc.getZip().generate({ type: 'nodebuffer', compression: 'DEFLATE' });
  };
  for (let i = 0; i < 30; i++) render(i); // warm-up
  const cpu = process.cpuUsage();
  for (let i = 0; i < PEER_RUNS; i++) render(i);
  const used = process.cpuUsage(cpu);
  return (used.user + used.system) / 1000 / PEER_RUNS;
}

const rows = <T>(count: number, offset: number, rowOf: (i: number) => T): T[] => Array.from({ length: count }, (_, i) => rowOf(offset + i));

async function main(): Promise<void> {
  const load = loadavg()[0];
  const templates = await letterTemplates();
  const peerLetterMs = peerCpuMsPerDoc(templates.peer, letterRow);
  // Each letter in a service of its own, started for it: its memory is that letter's alone.
  const letterService = await startService();
  const letterIdleRssMb = mb(rssKb(letterService.pid));
  let letter: MergeMeasure;
  let letterMemory: MergeMeasure;
  try {
    await createLetterTemplate(letterService, templates.quire);
    await measureMerge(letterService, 'bench-letter', rows(20, 90_000, letterRow), null); // warm-up: JIT, lazy modules, the tenant-code pool
    letter = await measureMerge(letterService, 'bench-letter', rows(CPU_ROWS, 0, letterRow), null);
    letterMemory = await measureMerge(letterService, 'bench-letter', rows(MEMORY_ROWS, 10_000, letterRow), null);
  } finally {
    await stopService(letterService);
  }
  const engagementService = await startService();
  const engagementIdleRssMb = mb(rssKb(engagementService.pid));
  let engagement: MergeMeasure;
  let engagementMemory: MergeMeasure;
  try {
    await measureMerge(engagementService, 'engagement-letter', rows(10, 90_000, engagementRow), null);
    engagement = await measureMerge(
      engagementService,
      'engagement-letter',
      rows(Math.min(CPU_ROWS, 100), 0, engagementRow),
      String(engagementRow(0).client_name),
    );
    engagementMemory = await measureMerge(engagementService, 'engagement-letter', rows(MEMORY_ROWS, 10_000, engagementRow), null);
  } finally {
    await stopService(engagementService);
  }
  if (!engagement.first) throw new Error('the merge produced no engagement letter for row 1');
  const peerEngagementMs = peerCpuMsPerDoc(engagementPeerTemplate(engagement.first), engagementRow);
  const m = machine();
  const r1 = (x: number) => x.toFixed(1);
  const memoryLine = (name: string, idle: number, x: MergeMeasure) =>
    `| ${name}, ${x.rows} letters in one run | ${x.done} done, ${x.failed} failed | ${idle} MB | ${x.baselineRssMb} MB | ${x.peakRssMb} MB | ${x.zipPeakRssMb} MB (${mb(x.zipBytes / 1024)} MB zip) | ${r1(x.wallMsPerDoc)} ms |`;
  const section = [
    '## Merge runs',
    '',
    `Machine: ${m.cpu}, ${m.nproc} cores, Node ${m.node}; ${loadWhileMeasured(load)}. Command: \`npx tsx bench/merge-run.ts\` (part of \`npm run bench\`).`,
    '',
    `The built service, run as \`npm start\` runs it (\`node scripts/start.mjs\`: dist/, SQLite, console off), in a child process; merges driven over HTTP (\`POST /v1/templates/{slug}/merge-runs\`, JSON rows, .docx); its CPU (all threads) and RSS read from /proc. The peer is docxtemplater 3.71.0 + pizzip in the bench's process: open the template, render the row, write the .docx with DEFLATE, per letter (${PEER_RUNS} letters).`,
    '',
    '- **Word-template letter** (`bench-letter`): a one-page letter, 10 fields, a .docx Word template with `{{ field }}` tags (header, addressee, 8 body paragraphs, signature); a merge takes the lean path (ADR 0471). The peer fills the same .docx with the tags written `{field}`.',
    "- **Engagement letter** (built-in, 7 sections, one written by the offline composer): the full pipeline per row (ADR 0372). The peer fills Quire's output for row 1 with the row's values turned into tags.",
    '',
    '| CPU per letter | Quire merge run | docxtemplater | Ratio (goal ≤ 1.5 ×) |',
    '|---|---|---|---|',
    `| Word-template letter (${letter.rows} rows) | ${r1(letter.cpuMsPerDoc)} ms | ${r1(peerLetterMs)} ms | **${r1(letter.cpuMsPerDoc / peerLetterMs)} ×** |`,
    `| Engagement letter (${engagement.rows} rows) | ${r1(engagement.cpuMsPerDoc)} ms | ${r1(peerEngagementMs)} ms | ${r1(engagement.cpuMsPerDoc / peerEngagementMs)} × |`,
    '',
    `Wall time per letter: ${r1(letter.wallMsPerDoc)} ms (Word-template letter), ${r1(engagement.wallMsPerDoc)} ms (engagement letter).`,
    '',
    `Memory (goal: the process under 300 MB through 1,000 letters): each letter in a service started for it — after start, then a warm-up merge and the CPU run above, then the 1,000-letter run and its zip.`,
    '',
    '| Run | Rows | RSS after start | RSS before the run | Peak RSS during the run | Peak RSS streaming the zip | Wall per letter |',
    '|---|---|---|---|---|---|---|',
    memoryLine('Word-template letter', letterIdleRssMb, letterMemory),
    memoryLine('Engagement letter', engagementIdleRssMb, engagementMemory),
    '',
  ].join('\n');
  process.stdout.write(`${section}\n`);
  await writeBenchmarkSection('Merge runs', section);
}

await main();
process.exit(0);
