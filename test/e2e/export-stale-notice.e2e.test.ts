/**
 * A document whose sections are out of date exports with a notice naming them at the top, in the
 * built-in layout and through a Word template, as .docx and as PDF, until it is regenerated
 * (issue 31, item 5). Over real HTTP on SQLite; the PDF needs LibreOffice.
 */
import { execFile, spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import JSZip from 'jszip';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Api, apiFor, createTemplate } from '../support/api.js';
import { describeOneDialect } from '../support/dialects.js';
import { collectEvents } from '../support/sse.js';
import { type TestServer, startTestServer } from '../support/test-server.js';
import { paragraph, wordTemplateDocx } from '../support/word-template-docx.js';

const run = promisify(execFile);
const withOffice =
  spawnSync('sh', ['-c', 'command -v soffice && command -v pdftotext'], { stdio: 'ignore' }).status === 0 &&
  spawnSync('/usr/bin/python3', ['-c', 'import uno'], { stdio: 'ignore' }).status === 0;
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

const NOTICE = /Out of date: “Introduction” was written from inputs that have changed since\. Regenerate before relying on it\./;

/** The visible text of the body, one line per paragraph, the first paragraph first. */
async function bodyText(bytes: Buffer): Promise<string[]> {
  const xml = (await (await JSZip.loadAsync(bytes)).file('word/document.xml')?.async('string')) ?? '';
  return xml
    .split('</w:p>')
    .map((p) => [...p.matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>/g)].map((m) => m[1]).join(''))
    .filter((line) => line !== '');
}

describeOneDialect('export: the notice of out-of-date sections', (dialect) => {
  let server: TestServer;
  let api: Api;
  let token: string;
  let dir = '';

  const download = async (id: string, format: 'docx' | 'pdf'): Promise<Buffer> => {
    const response = await server.call('GET', `/v1/documents/${id}/export.${format}`, { token, org: 'acme' });
    expect(response.status).toBe(200);
    return Buffer.from(await response.arrayBuffer());
  };
  const pdfText = async (bytes: Buffer): Promise<string> => {
    const path = join(dir, `${Math.random().toString(36).slice(2)}.pdf`);
    await writeFile(path, bytes);
    return (await run('pdftotext', [path, '-'])).stdout.replace(/\s+/g, ' ');
  };
  const generate = async (id: string) => {
    expect((await api.post(`/v1/documents/${id}/generate`, {})).status).toBe(200);
    const events = await collectEvents(`${server.url}/v1/documents/${id}/progress`, token, { org: 'acme' });
    expect(events.at(-1)?.event).toBe('pipeline_finished');
  };
  const newDocument = async (templateId: string) => {
    const id: string = (await api.post('/v1/documents', { templateId, fields: { client_name: 'Contoso GmbH' } })).body.document.id;
    await generate(id);
    return id;
  };

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'quire-stale-notice-'));
    server = await startTestServer({ dialect });
    api = await apiFor(server);
    token = await server.login();
    const spec = (slug: string) => ({
      slug,
      title: 'Engagement note',
      fields: [{ key: 'client_name', label: 'Client name', valueType: 'string' }],
      sections: [
        { key: 'introduction', title: 'Introduction', render_mode: 'templated', output_template: 'We act for {{ client_name }}.' },
        { key: 'scope', title: 'Scope', render_mode: 'templated', output_template: 'The scope is fixed.' },
      ],
    });
    await createTemplate(api, spec('stale-layout'));
    await createTemplate(api, spec('stale-word'));
    const form = new FormData();
    const template = await wordTemplateDocx({ body: [paragraph('Dear {{ client_name }},'), paragraph('{{ body() }}'), paragraph('Yours sincerely')] });
    form.append('file', new Blob([template], { type: DOCX }), 'note.docx');
    const stored = await fetch(`${server.url}/v1/templates/stale-word/word-template`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'x-org-slug': 'acme' },
      body: form,
    });
    expect(stored.status, await stored.text()).toBeLessThan(300);
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it.each(['stale-layout', 'stale-word'])(
    '%s: no notice while fresh; a notice at the top naming the stale section after a field changes; none after regenerating',
    async (slug) => {
      const id = await newDocument(slug);
      expect((await bodyText(await download(id, 'docx'))).join('\n')).not.toContain('Out of date');

      expect((await api.put(`/v1/documents/${id}/fields`, { fields: { client_name: 'Fabrikam AG' } })).status).toBe(200);
      const [first] = await bodyText(await download(id, 'docx'));
      expect(first).toMatch(NOTICE);
      if (withOffice) expect(await pdfText(await download(id, 'pdf'))).toMatch(NOTICE);

      await generate(id);
      expect((await bodyText(await download(id, 'docx'))).join('\n')).not.toContain('Out of date');
    },
    120_000,
  );
});
