/**
 * Word templates over real HTTP on SQLite (issue #30): a customer's .docx inspected
 * without being stored, stored on a template (422 with the report when it has errors, nothing
 * changed), inherited by the documents made from it and overridden by one document, filled at
 * export with the document's fields and its generated section in the template's own heading
 * style and header — the same bytes for the same content — and named in readiness when it reads
 * a field that is empty. Another organization's template or document is 404.
 */
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, apiFor, createTemplate } from '../support/api.js';
import { describeOneDialect } from '../support/dialects.js';
import { createAndGenerate } from '../support/generate-document.js';
import { type TestServer, startTestServer } from '../support/test-server.js';
import { paragraph, wordTemplateDocx } from '../support/word-template-docx.js';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** A letter as a firm writes it: the greeting's tag split across runs by Word, the organization in the header, the summary section on its own paragraph. */
function letterTemplate(extra: string[] = []): Promise<Buffer> {
  return wordTemplateDocx({
    header: '{{ organization.name }} — private and confidential',
    body: [
      paragraph('Dear {{ cli', 'ent_name }},'),
      paragraph('{% if fee %}Our fee is {{ fee }}.{% endif %}'),
      paragraph('{{ section("summary") }}'),
      paragraph('Yours sincerely'),
      ...extra,
    ],
  });
}

async function partText(bytes: Buffer, part: string): Promise<string> {
  const zip = await JSZip.loadAsync(bytes);
  return (await zip.file(part)?.async('string')) ?? '';
}

function plainText(xml: string): string {
  return xml
    .replace(/<\/w:p>/g, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&');
}

describeOneDialect('Word templates', (dialect) => {
  let server: TestServer;
  let api: Api;
  let token: string;

  const send = async (method: 'POST' | 'PUT', path: string, bytes: Buffer, name = 'letter.docx', org = 'acme') => {
    const form = new FormData();
    form.append('file', new Blob([bytes], { type: DOCX }), name);
    const response = await fetch(`${server.url}${path}`, { method, headers: { authorization: `Bearer ${token}`, 'x-org-slug': org }, body: form });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  };
  const download = async (path: string): Promise<{ status: number; bytes: Buffer; type: string | null }> => {
    const response = await server.call('GET', path, { token, org: 'acme' });
    return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()), type: response.headers.get('content-type') };
  };

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    token = await server.login();
    api = await apiFor(server);
    await createTemplate(api, {
      slug: 'client-letter',
      title: 'Client letter',
      fields: [
        { key: 'client_name', label: 'Client name', valueType: 'string' },
        { key: 'fee', label: 'Fee', valueType: 'string' },
      ],
      sections: [{ key: 'summary', title: 'Summary', render_mode: 'templated', output_template: 'We reviewed the contract of {{ client_name }}.' }],
    });
  });
  afterAll(async () => server?.close());

  describe('inspect', () => {
    it('reports each tag with where it is and what it binds to, without storing anything', async () => {
      const bytes = await letterTemplate([paragraph('Ref: {{ matter_number }}')]);
      const inspected = await send('POST', '/v1/word-templates/inspect?template=client-letter', bytes);
      expect(inspected.status, JSON.stringify(inspected.body)).toBe(200);
      const report = inspected.body;
      expect(report.valid).toBe(true);
      const greeting = report.tags.find((t: { tag: string }) => t.tag.includes('client_name'));
      expect(greeting.location).toMatchObject({ part: 'word/document.xml', area: 'body', paragraph: 1, before: 'Dear ', after: ',' });
      const header = report.tags.find((t: { location: { area: string } }) => t.location.area === 'header');
      expect(header.names).toEqual(['organization']);
      expect(report.sections).toEqual(['summary']);
      const bindings = Object.fromEntries(report.names.map((n: { name: string; bindsTo: string }) => [n.name, n.bindsTo]));
      expect(bindings).toMatchObject({ client_name: 'field', fee: 'field', matter_number: 'unknown' });
      expect(report.problems).toContainEqual(expect.objectContaining({ code: 'unknown-name', severity: 'warning' }));
      expect((await api.get('/v1/templates/client-letter/word-template')).status).toBe(404);
    });

    it('refuses a file that is not a .docx with a clear 422', async () => {
      const refused = await send('POST', '/v1/word-templates/inspect', Buffer.from('just text, not a Word file'), 'notes.docx');
      expect(refused.status).toBe(422);
      expect(refused.body.detail).toMatch(/not a Word template/);
    });
  });

  describe('stored on a template and used by export', () => {
    let documentId: string;

    it('stores a template’s Word template, refusing one with a syntax error and keeping the stored one', async () => {
      const stored = await send('PUT', '/v1/templates/client-letter/word-template', await letterTemplate());
      expect(stored.status, JSON.stringify(stored.body)).toBe(200);
      expect(stored.body).toMatchObject({ fileName: 'letter.docx', inherited: false, fileUrl: '/v1/templates/client-letter/word-template/file' });

      const broken = await send('PUT', '/v1/templates/client-letter/word-template', await letterTemplate([paragraph('{% if %}broken')]), 'broken.docx');
      expect(broken.status).toBe(422);
      const syntax = broken.body.report.problems.find((p: { code: string }) => p.code === 'syntax');
      expect(syntax).toMatchObject({ severity: 'error', location: { paragraph: 5 } });
      expect(broken.body.detail).toMatch(/errors/);

      const kept = await api.get('/v1/templates/client-letter/word-template');
      expect(kept.body).toMatchObject({ fileName: 'letter.docx', sha256: stored.body.sha256 });
      const file = await download('/v1/templates/client-letter/word-template/file');
      expect(file.type).toBe(DOCX);
      expect(file.bytes.equals(await letterTemplate())).toBe(true);
    });

    it('fills the document’s fields, header and generated section into the template, the same bytes each time', async () => {
      documentId = await createAndGenerate(server, api, token, 'client-letter', { client_name: 'Alice Smith & Co', fee: '£4,000' });
      expect((await api.get(`/v1/documents/${documentId}/word-template`)).body).toMatchObject({ inherited: true, fileName: 'letter.docx' });

      const exported = await download(`/v1/documents/${documentId}/export.docx`);
      expect(exported.status).toBe(200);
      const body = await partText(exported.bytes, 'word/document.xml');
      const text = plainText(body);
      expect(text).toContain('Dear Alice Smith & Co,');
      expect(text).toContain('Our fee is £4,000.');
      expect(text).toContain('We reviewed the contract of Alice Smith & Co.');
      expect(text).not.toMatch(/\{\{|\{%|section\(/);
      expect(plainText(await partText(exported.bytes, 'word/header1.xml'))).toContain('Acme');
      expect(await partText(exported.bytes, 'word/styles.xml')).toContain('w:styleId="Kop1"');
      const again = await download(`/v1/documents/${documentId}/export.docx`);
      expect(again.bytes.equals(exported.bytes)).toBe(true);
    });

    // LibreOffice and poppler are the same on both dialects: the page is drawn once.
    it.runIf(dialect === 'sqlite')('draws the filled first page as an image, and answers 404 past the last page', async () => {
      const preview = await download(`/v1/documents/${documentId}/preview.png?page=1&dpi=50`);
      expect(preview.status).toBe(200);
      expect(preview.type).toBe('image/png');
      expect(preview.bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
      expect((await download(`/v1/documents/${documentId}/preview.png?page=40`)).status).toBe(404);
    });

    it('names an empty field the Word template prints in readiness', async () => {
      const created = await api.post('/v1/documents', { templateId: 'client-letter', fields: { client_name: 'Bob' } });
      const readiness = await api.get(`/v1/documents/${created.body.document.id}/readiness`);
      expect(readiness.status).toBe(200);
      expect(readiness.body.gaps).toContainEqual(expect.objectContaining({ kind: 'word_template_value_missing', key: 'fee', blocking: false }));
    });

    it('lets one document override its template’s Word template, and go back when it removes its own', async () => {
      const own = await wordTemplateDocx({ body: [paragraph('Private note for {{ client_name }}')] });
      const stored = await send('PUT', `/v1/documents/${documentId}/word-template`, own, 'note.docx');
      expect(stored.status, JSON.stringify(stored.body)).toBe(200);
      expect(plainText(await partText((await download(`/v1/documents/${documentId}/export.docx`)).bytes, 'word/document.xml'))).toContain(
        'Private note for Alice Smith & Co',
      );
      expect((await api.delete(`/v1/documents/${documentId}/word-template`)).status).toBe(204);
      expect((await api.delete(`/v1/documents/${documentId}/word-template`)).status).toBe(404);
      expect((await api.get(`/v1/documents/${documentId}/word-template`)).body).toMatchObject({ inherited: true, fileName: 'letter.docx' });
      expect((await api.delete('/v1/templates/client-letter/word-template')).status).toBe(204);
      const builtIn = await partText((await download(`/v1/documents/${documentId}/export.docx`)).bytes, 'word/document.xml');
      expect(plainText(builtIn)).not.toContain('Dear Alice');
    });

    it('answers 404 for another organization’s template or document', async () => {
      const foreignTemplate = await send('PUT', '/v1/templates/client-letter/word-template', await letterTemplate(), 'letter.docx', 'globex');
      expect(foreignTemplate.status).toBe(404);
      expect((await api.as('globex').get(`/v1/documents/${documentId}/word-template`)).status).toBe(404);
      expect((await api.as('globex').delete(`/v1/documents/${documentId}/word-template`)).status).toBe(404);
    });
  });
});
