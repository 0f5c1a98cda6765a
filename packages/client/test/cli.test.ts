/** The `quire` CLI against a real server: every command, --json, exit codes, a cut stream resumed. */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Api, apiFor } from '../../../test/support/api.js';
import { describeOneDialect } from '../../../test/support/dialects.js';
import { type TestServer, startTestServer } from '../../../test/support/test-server.js';
import { type CliHome, cliHome } from './support/run-cli.js';
import { startCuttingProxy } from './support/cutting-proxy.js';
import { frame, json, sse, startScriptedServer } from './support/scripted-server.js';

const READY_FIELDS = [
  'firm_name=Smith LLP',
  'client_name=Acme Ltd',
  'client_contact=Jane Roe',
  'services=Audit',
  'start_date=2026-02-01',
  'fee_amount=1200',
  'signatory=J. Smith',
];
const fieldArgs = (pairs: string[]) => pairs.flatMap((pair) => ['--field', pair]);

describeOneDialect('quire CLI', (dialect) => {
  let server: TestServer;
  let api: Api;
  let home: CliHome;
  beforeAll(async () => {
    server = await startTestServer({ dialect });
    api = await apiFor(server);
  });
  afterAll(async () => server?.close());
  beforeEach(async () => {
    home = await cliHome();
  });
  afterEach(async () => home.close());

  const login = async () => expect((await home.run('login', '--dev', '--base-url', server.url)).code).toBe(0);
  const newDocument = async (fields: string[]) => {
    const created = await home.run('new', 'engagement-letter', ...fieldArgs(fields), '--json');
    expect(created.code).toBe(0);
    return created.lines()[0] as { document: { id: string; title: string } };
  };

  it('login --dev saves the base URL and token, so later commands need neither', async () => {
    const result = await home.run('login', '--dev', '--base-url', server.url, '--json');
    expect(result.code).toBe(0);
    expect(result.lines()[0]).toMatchObject({ baseUrl: server.url, email: 'dev@localhost', organizations: ['acme', 'globex'] });
    const saved = JSON.parse(await fs.readFile(home.configFile, 'utf8'));
    expect(saved.baseUrl).toBe(server.url);
    expect(saved.token).toMatch(/^ey/);
    expect((await fs.stat(home.configFile)).mode & 0o777).toBe(0o600);
    const templates = await home.run('templates');
    expect(templates.code).toBe(0);
    expect(templates.stdout).toContain('engagement-letter');
  });

  it('login --token checks the token first and saves nothing when it is refused', async () => {
    const refused = await home.run('login', '--token', 'not-a-jwt', '--base-url', server.url);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('HTTP 401');
    await expect(fs.stat(home.configFile)).rejects.toThrow();
    const token = await server.login();
    const accepted = await home.run('login', '--token', token, '--base-url', server.url, '--org', 'globex');
    expect(accepted.code).toBe(0);
    expect(accepted.stdout).toContain('acting in globex');
    expect(JSON.parse(await fs.readFile(home.configFile, 'utf8'))).toEqual({ baseUrl: server.url, token, org: 'globex' });
  });

  it('refuses a command line it cannot act on with exit code 64', async () => {
    expect((await home.run('login', '--base-url', server.url)).code).toBe(64);
    expect((await home.run('frobnicate')).code).toBe(64);
    expect((await home.run('templates', '--no-such-option')).code).toBe(64);
    const notLoggedIn = await home.run('templates');
    expect(notLoggedIn.code).toBe(64);
    expect(notLoggedIn.stderr).toContain('not logged in');
    await login();
    expect((await home.run('new', 'engagement-letter', '--field', 'novalue')).code).toBe(64);
    const dev = await home.run('login', '--dev', '--email', 'someone@else.test', '--base-url', server.url);
    expect(dev.code).toBe(1);
    expect(dev.stderr).toContain('signs in dev@localhost, not someone@else.test');
  });

  it('templates --json lists the templates; --org picks the organization and a foreign one is a 404', async () => {
    await login();
    const listed = await home.run('templates', '--json');
    expect(listed.code).toBe(0);
    const slugs = (listed.lines()[0] as Array<{ slug: string }>).map((t) => t.slug);
    expect(slugs).toEqual(expect.arrayContaining(['gdpr-dpia', 'vendor-security-memo', 'engagement-letter']));
    expect((await home.run('templates', '--org', 'globex')).code).toBe(0);
    const foreign = await home.run('templates', '--org', 'initech', '--json');
    expect(foreign.code).toBe(1);
    expect(JSON.parse(foreign.stderr)).toEqual({ error: 'api', status: 404, detail: 'organization not found' });
  });

  it('new fills fields, fields shows them with enum options, readiness names what is missing', async () => {
    await login();
    const created = await newDocument(['client_name=Acme Ltd']);
    const id = created.document.id;
    const shown = await home.run('fields', id, '--json');
    expect(shown.code).toBe(0);
    const rows = (shown.lines()[0] as { fields: Array<{ key: string; value: string; options?: string[] }> }).fields;
    expect(rows.find((f) => f.key === 'client_name')?.value).toBe('Acme Ltd');
    expect(rows.find((f) => f.key === 'fee_currency')?.options).toEqual(['EUR', 'USD', 'GBP']);
    expect((await home.run('fields', id)).stdout).toMatch(/fee_currency\s+EUR\s+enum\s+yes\s+EUR \| USD \| GBP/);
    const readiness = await home.run('readiness', id, '--json');
    // Not ready: exit 2, so a script can gate generation on it (issue 34 item 5).
    expect(readiness.code).toBe(2);
    const verdict = readiness.lines()[0] as { generation_should_proceed: boolean; gaps: Array<{ key?: string }> };
    expect(verdict.generation_should_proceed).toBe(false);
    expect(verdict.gaps.map((g) => g.key)).toContain('firm_name');
    expect(verdict.gaps.map((g) => g.key)).not.toContain('client_name');
    expect((await home.run('readiness', id)).stdout).toContain('Fill in the required field "Our firm"');
  });

  it("new refuses a value outside an enum field's options and creates nothing", async () => {
    await login();
    const before = (await api.get('/v1/documents')).body.length;
    const refused = await home.run('new', 'engagement-letter', '--field', 'fee_currency=JPY');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('EUR, USD, GBP');
    expect((await api.get('/v1/documents')).body.length).toBe(before);
    expect((await home.run('new', 'no-such-template')).code).toBe(1);
  });

  it('generate --follow shows stages, needs and sections live and exits 0 when the run finishes', async () => {
    await login();
    const { document } = await newDocument(READY_FIELDS);
    const followed = await home.run('generate', document.id, '--follow');
    expect(followed.code).toBe(0);
    expect(followed.stdout).toContain('▸ gather');
    expect(followed.stdout).toMatch(/✓ service_list \(template\) in \d+ ms/);
    expect(followed.stdout).toContain('▸ render "Introduction"');
    expect(followed.stdout).toContain('■ finished');
    const again = await home.run('generate', document.id, '--follow', '--json');
    expect(again.code).toBe(0);
    const events = again.lines().slice(1) as Array<{ event: string; runId: number }>;
    expect(events[0]).toMatchObject({ event: 'pipeline_started', runId: 2 });
    expect(events.at(-1)?.event).toBe('pipeline_finished');
  });

  it('generate --follow exits 2 when the run is blocked, and generate alone just starts it', async () => {
    await login();
    const { document } = await newDocument([]);
    const blocked = await home.run('generate', document.id, '--follow');
    expect(blocked.code).toBe(2);
    expect(blocked.stdout).toContain('■ blocked');
    expect(blocked.stdout).toContain('Fill in the required field "Signing partner"');
    const started = await home.run('generate', document.id, '--json');
    expect(started.code).toBe(0);
    expect(started.lines()[0]).toMatchObject({ started: true, documentId: document.id });
  });

  it('generate names the hand-edited sections on a 409 and --preserve-edited goes ahead', async () => {
    await login();
    const { document } = await newDocument(READY_FIELDS);
    expect((await home.run('generate', document.id, '--follow')).code).toBe(0);
    const detail = await api.get(`/v1/documents/${document.id}`);
    const scope = detail.body.sections.find((s: { title: string }) => s.title === 'Scope of services');
    expect((await api.put(`/v1/documents/${document.id}/sections/${scope.id}/output`, { content: 'Written by hand.' })).status).toBe(200);
    const conflict = await home.run('generate', document.id, '--json');
    expect(conflict.code).toBe(1);
    expect(JSON.parse(conflict.stderr)).toMatchObject({ error: 'generate_conflict', status: 409, detail: { editedSectionTitles: ['Scope of services'] } });
    expect((await home.run('generate', document.id)).stderr).toContain('hand-edited sections (Scope of services)');
    expect((await home.run('generate', document.id, '--preserve-edited', '--follow')).code).toBe(0);
  });

  it("export -o writes the .docx; without -o it takes the server's file name", async () => {
    await login();
    const { document } = await newDocument(READY_FIELDS);
    const target = path.join(home.dir, 'letter.docx');
    const saved = await home.run('export', document.id, '-o', target, '--json');
    expect(saved.code).toBe(0);
    expect(saved.lines()[0]).toMatchObject({ file: target });
    expect((await fs.readFile(target)).subarray(0, 2).toString('latin1')).toBe('PK');
    const named = await home.run('export', document.id);
    expect(named.code).toBe(0);
    expect(await fs.readdir(home.dir)).toContain('Engagement letter Acme Ltd.docx');
    expect((await home.run('export', 'doc_nope')).code).toBe(1);
  });

  it('assess uploads the files and shows extraction progress until it is done', async () => {
    await login();
    await fs.writeFile(path.join(home.dir, 'people.csv'), 'name,amount,email\nAlice,12.50,alice@example.test\n');
    await fs.writeFile(path.join(home.dir, 'note.txt'), 'Vendor: Contoso Ltd\n');
    await fs.writeFile(path.join(home.dir, 'empty.txt'), '');
    const shown = await home.run('assess', 'people.csv', 'note.txt', 'empty.txt');
    // A refused file makes the run a failure (exit 1), named with its reason (issue 34 item 5).
    expect(shown.code).toBe(1);
    expect(shown.stdout).toContain('with 2 document(s)');
    expect(shown.stdout).toContain('✗ empty.txt refused: the file is empty (0 bytes)');
    expect(shown.stdout).toContain('2/2 document(s) processed');
    const assessed = await home.run('assess', 'people.csv', '--name', 'People', '--json');
    expect(assessed.code).toBe(0);
    const lines = assessed.lines() as Array<{ event: string; assessment: { id: string; name: string; status: string; counts: { items: number } } }>;
    expect(lines[0]).toMatchObject({ event: 'created', assessment: { name: 'People' } });
    const done = lines.at(-1);
    expect(done?.event).toBe('done');
    expect(['in_review', 'complete']).toContain(done?.assessment.status);
    expect(done?.assessment.counts.items).toBeGreaterThan(0);
    const stored = await server.call('GET', `/assessments/${done?.assessment.id}`, { token: await server.login(), org: 'acme' });
    expect(stored.status).toBe(200);
    expect((await home.run('assess', 'missing.pdf')).code).toBe(64);
  });

  it('resumes a progress stream cut mid-run: one reconnect with Last-Event-ID, no event twice', async () => {
    const proxy = await startCuttingProxy(server.url, 2);
    try {
      expect((await home.run('login', '--dev', '--base-url', proxy.url)).code).toBe(0);
      const { document } = await newDocument(READY_FIELDS);
      const followed = await home.run('generate', document.id, '--follow', '--json');
      expect(followed.code).toBe(0);
      const events = followed.lines().slice(1) as Array<{ event: string; seq: number }>;
      expect(events.at(-1)?.event).toBe('pipeline_finished');
      const seqs = events.map((e) => e.seq);
      expect(seqs).toEqual([...new Set(seqs)].sort((a, b) => a - b));
      expect(proxy.progressRequests).toEqual([undefined, String(seqs[1])]);
    } finally {
      await proxy.close();
    }
  });
});

describe('quire CLI exit code of a failed run', () => {
  it('exits 1 when the run ends with pipeline_failed', async () => {
    const scripted = await startScriptedServer([
      json(200, { started: true, alreadyRunning: false, documentId: 'doc_1', progressUrl: '/v1/documents/doc_1/progress' }),
      json(200, { document: { id: 'doc_1', title: 'T', templateId: null, state: 'draft' }, sections: [] }),
      sse([frame(1, 'pipeline_started'), frame(2, 'pipeline_failed', { error: 'model unavailable' })]),
    ]);
    const home = await cliHome();
    try {
      await fs.mkdir(path.dirname(home.configFile), { recursive: true });
      await fs.writeFile(home.configFile, JSON.stringify({ baseUrl: scripted.url, token: 't0k' }));
      const failed = await home.run('generate', 'doc_1', '--follow');
      expect(failed.code).toBe(1);
      expect(failed.stdout).toContain('■ failed: model unavailable');
      expect(scripted.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
        'POST /v1/documents/doc_1/generate',
        'GET /v1/documents/doc_1',
        'GET /v1/documents/doc_1/progress',
      ]);
    } finally {
      await home.close();
      await scripted.close();
    }
  });
});

describe('quire generate --timeout', () => {
  it('gives up with exit 1 when no terminal event comes in time, without reconnecting', async () => {
    const scripted = await startScriptedServer([
      json(200, { started: true, alreadyRunning: false, documentId: 'doc_1', progressUrl: '/v1/documents/doc_1/progress' }),
      json(200, { document: { id: 'doc_1', title: 'T', templateId: null, state: 'draft' }, sections: [] }),
      sse([frame(1, 'pipeline_started')], { end: false }),
    ]);
    const home = await cliHome();
    try {
      await fs.mkdir(path.dirname(home.configFile), { recursive: true });
      await fs.writeFile(home.configFile, JSON.stringify({ baseUrl: scripted.url, token: 't0k' }));
      expect((await home.run('generate', 'doc_1', '--follow', '--timeout', 'soon')).code).toBe(64);
      const late = await home.run('generate', 'doc_1', '--follow', '--timeout', '0.3', '--json');
      expect(late.code).toBe(1);
      expect(JSON.parse(late.stderr)).toMatchObject({ error: 'progress_stream', detail: expect.stringContaining('no terminal progress event within 300 ms') });
      expect(scripted.requests.filter((r) => r.url.endsWith('/progress'))).toHaveLength(1);
    } finally {
      await home.close();
      await scripted.close();
    }
  });
});

describe('the quire bin', () => {
  it("runs as a process (building itself when needed) and exits with the command's code", () => {
    const bin = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'bin', 'quire.mjs');
    const help = spawnSync(process.execPath, [bin, '--help'], { encoding: 'utf8', timeout: 120_000 });
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('Usage: quire <command>');
    const wrong = spawnSync(process.execPath, [bin, 'frobnicate'], { encoding: 'utf8', timeout: 120_000 });
    expect(wrong.status).toBe(64);
    expect(wrong.stderr).toContain('unknown command "frobnicate"');
  }, 180_000);
});
