/**
 * Issue #14, per-user tools on any node: a generation accepted by one process (`ROLE=api`) and
 * executed by another (`ROLE=worker`, its own DATA_DIR) on one PostgreSQL still calls a per-user
 * MCP source with the caller's token. The token travels with the run sealed (QUIRE_SECRET_KEY,
 * shared by both processes): while the run is held inside the tool call and after it ended, no
 * table of the schema and no line either process logged contains the token. A token that has
 * expired before the worker reaches the tool fails that need with an error naming the expiry,
 * and the MCP server is never called with it.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { SignJWT, decodeJwt, decodeProtectedHeader, importPKCS8 } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningTestServer, startMcpTestServer } from '../../src/adapters/tools/test-support/tool-test-servers.js';
import { POSTGRES_URL } from '../support/dialects.js';
import { type QuireData, type QuireProcess, newQuireData, queryData, removeQuireData, startQuireProcess } from '../support/quire-process.js';
import { type ProgressEvent, collectEvents } from '../support/sse.js';

const SECRET_KEY = randomBytes(32).toString('base64');

describe.skipIf(!POSTGRES_URL)('per-user tools on a worker process [postgres]', () => {
  let data: QuireData;
  let workerDir: string;
  let apiNode: QuireProcess;
  let worker: QuireProcess;
  let mcp: RunningTestServer;
  /** What the MCP server accepts: exactly the API node's dev-login token, for the dev user. */
  const expected = { token: '', email: 'dev@localhost' };
  /** The tool call holds until the test releases it, so the run can be inspected in flight. */
  let gate = { reached: () => {}, release: () => {} };
  let reached: Promise<void> = Promise.resolve();
  let released: Promise<void> = Promise.resolve();
  const holdNextCall = () => {
    reached = new Promise((resolve) => (gate = { ...gate, reached: resolve }));
    released = new Promise((resolve) => (gate = { ...gate, release: resolve }));
  };

  beforeAll(async () => {
    mcp = await startMcpTestServer(expected, {
      beforeAnswer: async () => {
        gate.reached();
        await released;
      },
    });
    data = await newQuireData('postgres');
    workerDir = await fs.mkdtemp(path.join(os.tmpdir(), 'quire-worker-'));
    const env = { QUIRE_SECRET_KEY: SECRET_KEY, TOOL_ALLOWED_HOSTS: `127.0.0.1:${mcp.port}` };
    apiNode = await startQuireProcess(data, { ...env, ROLE: 'api' });
    worker = await startQuireProcess({ ...data, dataDir: workerDir }, { ...env, ROLE: 'worker' });
    expected.token = apiNode.token;

    const template = await apiNode.json('POST', '/v1/templates', {
      slug: 'matter-note',
      title: 'Matter note',
      fields: [{ key: 'client', label: 'Client' }],
      sections: [
        { key: 'matters', title: 'Matters', render_mode: 'templated', output_template: 'Matters of {{ matters.owner }}: {{ matters.matters | join(", ") }}' },
      ],
    });
    expect(template.status, JSON.stringify(template.body)).toBe(201);
    const tool = await apiNode.json('POST', '/v1/tool-registrations', {
      name: 'matters',
      category: 'crm',
      classPath: 'mcp.http',
      configJson: { url: `${mcp.url}/mcp`, tool: 'lookup_matter' },
    });
    expect(tool.status, JSON.stringify(tool.body)).toBe(201);
  }, 90_000);

  afterAll(async () => {
    gate.release();
    for (const node of [worker, apiNode]) {
      if (!node) continue;
      node.child.kill('SIGTERM');
      await node.exited;
    }
    await mcp?.close();
    if (data) await removeQuireData(data);
    if (workerDir) await fs.rm(workerDir, { recursive: true, force: true });
  }, 60_000);

  const newMatterDocument = async (): Promise<string> => {
    const created = await apiNode.json('POST', '/v1/documents', { templateId: 'matter-note', fields: { client: 'Acme' } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id: string = created.body.document.id;
    const need = await apiNode.json('POST', `/v1/documents/${id}/data-needs`, {
      kind: 'tool',
      output_key: 'matters',
      tool_ref: 'matters',
      args_json: { client: '{{ client }}' },
    });
    expect(need.status, JSON.stringify(need.body)).toBe(201);
    return id;
  };
  const follow = (id: string, token = apiNode.token) => collectEvents(`${apiNode.url}/v1/documents/${id}/progress`, token, { org: 'acme', timeoutMs: 60_000 });

  /** Every table of the schema, as text: where the token must never appear in clear. */
  const everyTableText = async (): Promise<{ tables: number; text: string }> => {
    const tables = await queryData<{ table_name: string }>(
      data,
      `select table_name from information_schema.tables where table_schema = '${data.schema}' and table_type = 'BASE TABLE'`,
    );
    let text = '';
    for (const { table_name: table } of tables) text += JSON.stringify(await queryData(data, `select * from "${table}"`));
    return { tables: tables.length, text };
  };
  const credentialRows = async () => (await queryData<{ n: string }>(data, 'select count(*) as n from run_credentials'))[0].n;
  const signatureOf = (token: string) => token.split('.')[2];

  it("runs the per-user need on the worker with the caller's token, which no table and no log holds in clear", async () => {
    const id = await newMatterDocument();
    holdNextCall();
    const started = await apiNode.json('POST', `/v1/documents/${id}/generate`, {});
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(started.body.started).toBe(true);

    // Either the tool call is accepted (and held), or the run ends without it: say which.
    const endedFirst = follow(id).then((events) => {
      throw new Error(`the run ended before the MCP server accepted a call: ${JSON.stringify(events.filter((e) => e.event === 'need_failed'))}`);
    });
    await Promise.race([reached, endedFirst]);
    endedFirst.catch(() => undefined);

    // In flight: the sealed credential exists, the token is nowhere in clear.
    expect(await credentialRows()).toBe('1');
    const during = await everyTableText();
    expect(during.tables).toBeGreaterThan(20);
    expect(during.text).not.toContain(signatureOf(apiNode.token));

    gate.release();
    const events = await follow(id);
    expect(events.at(-1)?.event, JSON.stringify(events.at(-1))).toBe('pipeline_finished');
    const sections = await apiNode.json('GET', `/v1/documents/${id}/sections`);
    expect(sections.body[0].content).toBe('Matters of dev@localhost: Acme – data processing agreement');

    const posts = mcp.requests.filter((r) => r.method === 'POST');
    expect(posts.length).toBeGreaterThan(0);
    for (const post of posts)
      expect(post.headers).toMatchObject({ authorization: `Bearer ${apiNode.token}`, 'x-user-email': 'dev@localhost', 'x-org-slug': 'acme' });

    // Ended: the credential went with the run; still nothing in clear, in tables or logs.
    expect(await credentialRows()).toBe('0');
    expect((await everyTableText()).text).not.toContain(signatureOf(apiNode.token));
    expect(apiNode.output()).not.toContain(signatureOf(apiNode.token));
    expect(worker.output()).not.toContain(signatureOf(apiNode.token));
  }, 90_000);

  it("fails the per-user need with an error naming the expiry when the caller's token expired before the worker reached it", async () => {
    // The dev user's token re-signed with an `exp` 5 s ago: the API still accepts it (clock
    // tolerance, 30 s), but the token itself is expired, so the run must not use it.
    const pem = await fs.readFile(path.join(data.dataDir, 'keys', 'jwt-signing-key.pem'), 'utf8');
    const claims = decodeJwt(apiNode.token);
    const now = Math.floor(Date.now() / 1000);
    const expired = await new SignJWT({ email: claims.email })
      .setProtectedHeader({ alg: 'RS256', kid: decodeProtectedHeader(apiNode.token).kid })
      .setSubject(String(claims.sub))
      .setIssuer(String(claims.iss))
      .setAudience(claims.aud ?? 'quire')
      .setIssuedAt(now - 60)
      .setExpirationTime(now - 5)
      .sign(await importPKCS8(pem, 'RS256'));
    const id = await newMatterDocument();
    const callsBefore = mcp.requests.length;
    const started = await fetch(`${apiNode.url}/v1/documents/${id}/generate`, {
      method: 'POST',
      headers: { authorization: `Bearer ${expired}`, 'x-org-slug': 'acme' },
    });
    expect(started.status).toBe(200);

    const events: ProgressEvent[] = await follow(id);
    const failed = events.find((e) => e.event === 'need_failed' && e.outputKey === 'matters');
    expect(failed?.error).toMatch(/per-user tool "matters" cannot act for dev@localhost: the caller's token expired at \d{4}-\d\d-\d\dT[\d:.]+Z/);
    expect(mcp.requests.length).toBe(callsBefore);
    expect(await credentialRows()).toBe('0');
    expect((await everyTableText()).text).not.toContain(signatureOf(expired));
    expect(worker.output()).not.toContain(signatureOf(expired));
  }, 90_000);
});
