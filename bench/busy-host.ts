/**
 * Issue 28, deliverable 1, "How it is checked": on an idle machine `/health` p99 stays ≤ 100 ms
 * while a 300 KB hostile template is checked (and the check answers 422 within its budget), and
 * with both cores saturated by another process (4× oversubscription) a 500-section templated run
 * finishes. Starts the compiled server (`node dist/main.js`, SQLite, a fresh DATA_DIR; run
 * `npm run build` first) and:
 * 1. polls `/health` every ~10 ms while `POST /v1/jinja/tidy` checks the attacker's nested ifs
 *    (300 KB) and a 150,000-space template (the Jinja library's quadratic whitespace scan), rounds each;
 * 2. starts 4 CPU-burning processes per core and runs a document of 500 templated sections to its end.
 * Run with `npx tsx bench/busy-host.ts`. Results go to the `## Busy host` section of BENCHMARKS.md.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { machine, writeBenchmarkSection } from './benchmarks-file.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const ROUNDS = 5;
const SECTIONS = Number(process.env.BUSY_SECTIONS ?? 500);
const BURNERS_PER_CORE = 4;
const NESTED_IFS = '{% if x %}'.repeat(14_300) + '{% endif %}'.repeat(14_300);
const SPACES = `${' '.repeat(150_000)}{{ x }}`;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const p99 = (samples: number[]) => [...samples].sort((a, b) => a - b)[Math.max(0, Math.ceil(samples.length * 0.99) - 1)] ?? 0;

async function startServer(): Promise<{ base: string; child: ChildProcess; dataDir: string }> {
  const dataDir = await mkdtemp(join(tmpdir(), 'quire-bench-busy-'));
  const port = 21000 + Math.floor(Math.random() * 900);
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '1000000' };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, [join(ROOT, 'dist', 'main.js')], { env, stdio: 'ignore' });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i += 1) {
    if (
      await fetch(`${base}/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { base, child, dataDir };
    await sleep(100);
  }
  throw new Error('the server did not start');
}

/** Polls /health every ~10 ms while `work` runs; the round trips in ms. */
async function watchHealth(base: string, work: () => Promise<unknown>): Promise<number[]> {
  const samples: number[] = [];
  let done = false;
  const poller = (async () => {
    while (!done) {
      const started = performance.now();
      const response = await fetch(`${base}/health`);
      await response.arrayBuffer();
      samples.push(performance.now() - started);
      await sleep(10);
    }
  })();
  try {
    await work();
  } finally {
    done = true;
    await poller;
  }
  return samples;
}

async function main(): Promise<void> {
  const { base, child, dataDir } = await startServer();
  const burners: ChildProcess[] = [];
  try {
    const token = ((await (await fetch(`${base}/auth/dev-login`, { method: 'POST' })).json()) as { token: string }).token;
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'x-org-slug': 'acme' };
    const call = async (method: string, path: string, body?: unknown) => {
      const response = await fetch(`${base}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
      return { status: response.status, body: (await response.json()) as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
    };
    await call('POST', '/v1/jinja/tidy', { template: '{% if x %}warm{% endif %}' });

    const checks: Array<{ name: string; samples: number[]; answers: Set<string>; checkMs: number[] }> = [];
    for (const [name, template] of [
      ['nested ifs, 300 KB', NESTED_IFS],
      ['150,000 spaces', SPACES],
    ] as const) {
      const entry = { name, samples: [] as number[], answers: new Set<string>(), checkMs: [] as number[] };
      for (let round = 0; round < ROUNDS; round += 1) {
        entry.samples.push(
          ...(await watchHealth(base, async () => {
            const started = performance.now();
            const answer = await call('POST', '/v1/jinja/tidy', { template });
            entry.checkMs.push(performance.now() - started);
            entry.answers.add(`${answer.status} ${String(answer.body.detail ?? '').slice(0, 110)}`);
          })),
        );
      }
      console.log(JSON.stringify({ ...entry, samples: entry.samples.length, p99: p99(entry.samples), answers: [...entry.answers] }));
      checks.push(entry);
    }

    const sections = Array.from({ length: SECTIONS }, (_, i) => ({
      key: `s${i}`,
      title: `Section ${i}`,
      render_mode: 'templated',
      output_template: `{{ ${i} * 2 }}: {% for n in range(5) %}{{ n }}{% endfor %}`,
    }));
    const template = await call('POST', '/v1/templates', { slug: 'busy-bench', title: 'Busy bench', sections });
    if (template.status !== 201) throw new Error(`create template: ${template.status} ${JSON.stringify(template.body).slice(0, 300)}`);
    const id = (await call('POST', '/v1/documents', { templateId: 'busy-bench' })).body.document.id as string;
    for (let i = 0; i < BURNERS_PER_CORE * availableParallelism(); i += 1) burners.push(spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
    await Promise.all(burners.map((b) => once(b, 'spawn')));
    const started = performance.now();
    const generated = await call('POST', `/v1/documents/${id}/generate`, {});
    const text =
      generated.status === 200 ? await (await fetch(`${base}/v1/documents/${id}/progress`, { headers, signal: AbortSignal.timeout(1_800_000) })).text() : '';
    const runMs = performance.now() - started;
    const loadAtEnd = loadavg()[0];
    const last = JSON.parse(
      text
        .split('\n')
        .filter((l) => l.startsWith('data:'))
        .at(-1)
        ?.slice(5) ?? '{}',
    ) as { event?: string; error?: string };
    const run = {
      sections: SECTIONS,
      burners: burners.length,
      runMs,
      end: `${last.event ?? `generate ${generated.status}`}${last.error ? `: ${last.error}` : ''}`,
      loadAtEnd,
    };
    console.log(JSON.stringify(run));

    const m = machine();
    const section = [
      '## Busy host',
      '',
      `Command: \`npx tsx bench/busy-host.ts\` after \`npm run build\` — Node ${m.node}, nproc ${m.nproc} (${m.cpu}). \`node dist/main.js\` on SQLite,`,
      'default tenant-code budgets (3000 ms of CPU per task, 30 s queue while it does not move, 60 s overload time).',
      '',
      `1. \`/health\` polled every ~10 ms while \`POST /v1/jinja/tidy\` checks a hostile template, ${ROUNDS} rounds each:`,
      '',
      '| Template | /health polls | p99 | longest | check took | answer |',
      '|---|---:|---:|---:|---:|---|',
      ...checks.map(
        (c) =>
          `| ${c.name} | ${c.samples.length} | ${p99(c.samples).toFixed(1)} ms | ${Math.max(...c.samples).toFixed(1)} ms | ${Math.min(...c.checkMs).toFixed(0)}–${Math.max(...c.checkMs).toFixed(0)} ms | ${[...c.answers].join('<br>').replace(/\|/g, '\\|')} |`,
      ),
      '',
      `2. A ${SECTIONS}-section templated run with ${run.burners} CPU-burning processes (${BURNERS_PER_CORE} per core): ended \`${run.end.replace(/\|/g, '\\|')}\` after`,
      `${(runMs / 1000).toFixed(1)} s; load average ${loadAtEnd.toFixed(2)} at its end.`,
      '',
    ].join('\n');
    console.log(section);
    await writeBenchmarkSection('Busy host', section);
  } finally {
    for (const burner of burners) burner.kill('SIGKILL');
    child.kill('SIGTERM');
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
