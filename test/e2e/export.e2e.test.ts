/**
 * GET /v1/documents/{id}/export.docx over real HTTP on SQLite: the headers, the parts of
 * the package (unzipped with jszip), reproducible bytes, safe file names, tenancy, and real
 * consumers (LibreOffice → PDF → poppler, pandoc) reading the file back.
 */
import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IN_PROCESS_MAX_CHARS } from '../../src/docx/compose-bounded.js';
import { convertToPdf, missingBinaries, pandocMarkdown, pdfPageCount, pdfText } from '../../src/docx/test-support/office-tools.js';
import { type Api, apiFor, createTemplate } from '../support/api.js';
import { describeOneDialect } from '../support/dialects.js';
import { createLongDocument } from '../support/long-document.js';
import { countRows } from '../support/rows.js';
import { type TestServer, startTestServer } from '../support/test-server.js';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

const SUMMARY = `The programme met every target set by the board [1]. The [regulator's guidance](https://ico.org.uk/for-organisations/) applies throughout.

1. Map the processing
2. Assess the risks
   - likelihood
   - severity
3. Agree the mitigations

| Control | Status | Owner |
|---------|--------|-------|
| Access reviews | Effective | IT |
| Retention | Partially effective | Legal |
`;

const FINDINGS = `## Scope

The review covered **all** production systems and *two* suppliers.

> Findings are provisional until the audit committee signs them off.
`;

const SECTIONS = [
  { key: 'summary', title: 'Executive Summary', output_type: 'markdown', content: SUMMARY },
  { key: 'findings', title: 'Detailed Findings', output_type: 'markdown', content: FINDINGS },
  { key: 'actions', title: 'Agreed Actions', output_type: 'list', content: JSON.stringify(['Renew the supplier contracts', 'Train the support staff']) },
  {
    key: 'figures',
    title: 'Key Figures',
    output_type: 'table',
    content: JSON.stringify([
      { metric: 'Uptime', value: '99.9%' },
      { metric: 'Incidents', value: '3' },
    ]),
  },
  { key: 'pending', title: 'Pending Approvals', output_type: 'markdown', content: null },
] as const;

const SOURCE = { title: 'Data Protection Act 2018', kind: 'web', url: 'https://www.legislation.gov.uk/ukpga/2018/12' };

interface Export {
  status: number;
  headers: Headers;
  bytes: Buffer;
}

async function unzip(bytes: Buffer): Promise<JSZip> {
  return JSZip.loadAsync(bytes);
}

async function part(zip: JSZip, name: string): Promise<string> {
  const file = zip.file(name);
  if (!file) throw new Error(`${name} is not in the package (has: ${Object.keys(zip.files).join(', ')})`);
  return file.async('string');
}

/** Visible text of a WordprocessingML part: what a reader sees, whatever the runs. */
function textOf(xml: string): string {
  return [...xml.matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>/g)].map((m) => m[1]).join('');
}

async function orgId(server: TestServer, slug: string): Promise<string> {
  const row = await server.store.db.selectFrom('organizations').select('id').where('slug', '=', slug).executeTakeFirstOrThrow();
  return row.id;
}

describeOneDialect('export .docx', (dialect) => {
  let server: TestServer;
  let api: Api;
  let globex: Api;
  let token: string;
  let documentId: string;

  const download = async (id: string, org = 'acme', headers: Record<string, string> = {}): Promise<Export> => {
    const response = await server.call('GET', `/v1/documents/${id}/export.docx`, { token, org, headers });
    return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
  };

  /** A fresh instance of the export template, its sections filled through the API. */
  const filledDocument = async (title = 'Data Protection Impact Assessment'): Promise<string> => {
    const created = await api.post('/v1/documents', { templateId: 'export-spec', title });
    expect(created.status).toBe(201);
    const id: string = created.body.document.id;
    const sections: Array<{ id: string; key: string }> = created.body.sections;
    for (const spec of SECTIONS) {
      if (spec.content === null) continue;
      const section = sections.find((s) => s.key === spec.key);
      if (!section) throw new Error(`no section ${spec.key}`);
      const put = await api.put(`/v1/documents/${id}/sections/${section.id}/output`, { content: spec.content });
      expect(put.status).toBe(200);
    }
    await server.store.db
      .insertInto('gathered_values')
      .values({
        id: `gv_${id}`,
        org_id: await orgId(server, 'acme'),
        document_id: id,
        data_need_id: null,
        output_key: 'regulation',
        kind: 'tool',
        value_json: JSON.stringify('The Act applies to every controller.'),
        source_json: JSON.stringify(SOURCE),
        inputs_hash: 'h',
        run_id: null,
        created_at: '2026-01-02T03:04:05.000Z',
      })
      .execute();
    return id;
  };

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    api = await apiFor(server);
    globex = api.as('globex');
    token = await server.login();
    await createTemplate(api, {
      slug: 'export-spec',
      title: 'Export',
      description: 'Impact assessment of the customer platform',
      sections: SECTIONS.map(({ key, title, output_type }) => ({ key, title, output_type })),
      config: { render: { pageSize: 'Letter', toc: true, headerText: 'Confidential', language: 'de-DE', fontFamily: 'Liberation Serif' } },
    });
    documentId = await filledDocument();
  });
  afterAll(async () => server?.close());

  it('answers 200 with the .docx bytes, their length, a SHA-256 ETag and an attachment file name', async () => {
    const result = await download(documentId);
    expect(result.status).toBe(200);
    expect(result.headers.get('content-type')).toBe(DOCX);
    expect(Number(result.headers.get('content-length'))).toBe(result.bytes.length);
    expect(result.headers.get('etag')).toBe(`"${createHash('sha256').update(result.bytes).digest('hex')}"`);
    expect(result.headers.get('content-disposition')).toBe(
      `attachment; filename="Data Protection Impact Assessment.docx"; filename*=UTF-8''Data%20Protection%20Impact%20Assessment.docx`,
    );
    expect(result.bytes.subarray(0, 2).toString('latin1')).toBe('PK');
  });

  it('holds every section title and each Markdown structure in word/document.xml', async () => {
    const zip = await unzip((await download(documentId)).bytes);
    const document = await part(zip, 'word/document.xml');
    const text = textOf(document);
    for (const section of SECTIONS) expect(text).toContain(section.title);
    // Sections are Heading 1, the section's own "## Scope" sits below them.
    expect(document).toMatch(/<w:pStyle w:val="Heading1"\/>.*?Executive Summary/s);
    expect(document).toMatch(/<w:pStyle w:val="Heading2"\/>(?:(?!<\/w:p>).)*Scope/s);
    // Numbered and nested lists carry Word numbering, at two levels.
    expect(document).toMatch(/<w:numPr><w:ilvl w:val="0"\/><w:numId w:val="\d+"\/><\/w:numPr>(?:(?!<\/w:p>).)*Map the processing/s);
    expect(document).toMatch(/<w:numPr><w:ilvl w:val="1"\/><w:numId w:val="\d+"\/><\/w:numPr>(?:(?!<\/w:p>).)*likelihood/s);
    // The GFM table and the JSON table section are real tables with their cells.
    expect(document.match(/<w:tbl>/g)?.length ?? 0).toBeGreaterThanOrEqual(2);
    for (const cell of ['Access reviews', 'Partially effective', 'Uptime', '99.9%']) expect(text).toContain(cell);
    // The citation [1] became a footnote reference; the marker itself is gone from the text.
    expect(document).toContain('<w:footnoteReference w:id="1"/>');
    expect(text.slice(0, text.lastIndexOf('Sources'))).not.toContain('[1]');
    expect(await part(zip, 'word/footnotes.xml')).toContain('Data Protection Act 2018');
    // The Markdown link is a hyperlink whose relationship targets the URL.
    const link = /<w:hyperlink\b[^>]*\br:id="([^"]+)"[^>]*>(?:(?!<\/w:hyperlink>).)*regulator's guidance/s.exec(document.replace(/&apos;/g, "'"));
    expect(link).not.toBeNull();
    const rels = await part(zip, 'word/_rels/document.xml.rels');
    expect(rels).toMatch(new RegExp(`Id="${link?.[1]}"[^>]*Target="https://ico.org.uk/for-organisations/"`));
    // The list section's entries and the block quote are there too; the empty section is a bare heading.
    for (const entry of ['Renew the supplier contracts', 'Train the support staff', 'Findings are provisional']) expect(text).toContain(entry);
    // A Sources list closes the document.
    expect(text).toMatch(/Sources\[1\] Data Protection Act 2018/);
  });

  it('writes the title page, the render options and the document properties', async () => {
    const zip = await unzip((await download(documentId)).bytes);
    const document = await part(zip, 'word/document.xml');
    const text = textOf(document);
    expect(text).toContain('Data Protection Impact Assessment');
    expect(text).toContain('Acme');
    expect(text).toContain('Status: Draft');
    expect(text).toContain('DRAFT');
    expect(text).toContain('Contents'); // render.toc
    expect(document).toContain('<w:pgSz w:w="12240" w:h="15840"'); // render.pageSize Letter
    const headers = await Promise.all(
      Object.keys(zip.files)
        .filter((n) => /^word\/header\d*\.xml$/.test(n))
        .map((n) => part(zip, n)),
    );
    expect(headers.join('')).toContain('Confidential');
    const styles = await part(zip, 'word/styles.xml');
    expect(styles).toContain('de-DE');
    expect(styles).toContain('Liberation Serif');

    const core = await part(zip, 'docProps/core.xml');
    const detail = (await api.get(`/v1/documents/${documentId}`)).body.document;
    expect(core).toContain('<dc:title>Data Protection Impact Assessment</dc:title>');
    expect(core).toMatch(/<dc:creator>Acme[^<]*<\/dc:creator>/);
    expect(core).toContain('<dc:subject>Impact assessment of the customer platform</dc:subject>');
    expect(core).toContain(`>${String(detail.createdAt).replace(/\.\d{3}Z$/, 'Z')}</dcterms:created>`);
  });

  it('gives identical bytes and ETag for the same content, 304 for a matching If-None-Match, and a new ETag after an edit', async () => {
    const id = await filledDocument('Reproducible');
    const first = await download(id);
    const second = await download(id);
    expect(second.status).toBe(200);
    expect(second.bytes.equals(first.bytes)).toBe(true);
    const etag = first.headers.get('etag') ?? '';
    expect(second.headers.get('etag')).toBe(etag);

    const notModified = await download(id, 'acme', { 'if-none-match': etag });
    expect(notModified.status).toBe(304);
    expect(notModified.bytes.length).toBe(0);

    const section = (await api.get(`/v1/documents/${id}/sections`)).body.find((s: { key: string }) => s.key === 'findings');
    await api.put(`/v1/documents/${id}/sections/${section.id}/output`, { content: 'Revised findings.' });
    const edited = await download(id, 'acme', { 'if-none-match': etag });
    expect(edited.status).toBe(200);
    expect(edited.headers.get('etag')).not.toBe(etag);
    expect(textOf(await part(await unzip(edited.bytes), 'word/document.xml'))).toContain('Revised findings.');
  });

  it('exports bound snippets (texts and risk blocks, rendered) after the sections, before the sources', async () => {
    const id = await filledDocument('Library report');
    const text = await api.post('/v1/texts', {
      key: 'dpo-contact',
      value: 'unused',
      headingTemplate: 'Contacting the DPO of {{ document.title }}',
      narrativeTemplate: 'Write to the data protection officer of {{ organization.name }}.',
      bullets: ['By e-mail', 'By post'],
    });
    expect(text.status).toBe(201);
    const risk = await api.post('/v1/risk-blocks', {
      key: 'transfer-risk',
      heading: 'Risk: international transfer',
      template: 'Personal data of {{ document.title }} leaves the UK.',
      statutoryRef: 'UK GDPR Art. 44',
      status: 'draft',
    });
    expect(risk.status).toBe(201);
    const snippet = await api.post('/v1/snippets', { key: 'contacts', name: 'Contacts' });
    expect(snippet.status).toBe(201);
    expect(
      (
        await api.put(`/v1/snippets/${snippet.body.id}/items`, {
          items: [
            { itemType: 'text', itemKey: 'dpo-contact' },
            { itemType: 'risk_block', itemKey: 'transfer-risk' },
          ],
        })
      ).status,
    ).toBe(200);
    expect((await api.post(`/v1/documents/${id}/snippets`, { snippetId: snippet.body.id })).status).toBe(201);

    const body = textOf(await part(await unzip((await download(id)).bytes), 'word/document.xml'));
    const after = body.slice(body.lastIndexOf('Pending Approvals'));
    expect(after).toMatch(
      /Contacting the DPO of Library report.*Write to the data protection officer of Acme[^.]*\..*By e-mail.*By post.*Risk: international transfer \(draft\).*Personal data of Library report leaves the UK\..*Statutory reference: UK GDPR Art\. 44.*Sources/s,
    );
    // The other documents of the organization have nothing bound, and show none of it.
    expect(textOf(await part(await unzip((await download(documentId)).bytes), 'word/document.xml'))).not.toContain('Risk: international transfer');
  });

  it('omits the DRAFT marker once the document is finalized', async () => {
    const id = await filledDocument('Final report');
    expect((await api.put(`/v1/documents/${id}/state`, { state: 'finalized' })).status).toBe(200);
    const text = textOf(await part(await unzip((await download(id)).bytes), 'word/document.xml'));
    expect(text).toContain('Status: Finalized');
    expect(text).not.toContain('DRAFT');
  });

  it('turns any title into a safe file name: ASCII filename plus RFC 6266 filename*', async () => {
    const id = await filledDocument();
    const cases: Array<[string, RegExp, string]> = [
      ['Überblick für Köln', /^Uberblick fur Koln\.docx$/, 'Überblick für Köln.docx'],
      ['../../etc/passwd', /^etc passwd\.docx$/, 'etc passwd.docx'],
      ['Q3 / Q4 "final" report', /^Q3 Q4 final report\.docx$/, 'Q3 Q4 final report.docx'],
      ["O'Brien's plan; 100%", /^O_Brien_s plan_ 100\.docx$/, "O'Brien's plan; 100%.docx"],
      ['Line one\nLine two\r\nInjected: yes', /^Line one Line two Injected yes\.docx$/, 'Line one Line two Injected yes.docx'],
      ['日本語の報告書', /^document\.docx$/, '日本語の報告書.docx'],
    ];
    for (const [title, ascii, unicode] of cases) {
      // Titles with control characters cannot be typed into a form, but nothing stops an API
      // client or an import from storing one: put it in the row directly.
      await server.store.db.updateTable('documents').set({ title }).where('id', '=', id).execute();
      const result = await download(id);
      expect(result.status, title).toBe(200);
      const header = result.headers.get('content-disposition') ?? '';
      expect(header).not.toMatch(/[\r\n]/);
      const parsed = /^attachment; filename="([^"]*)"; filename\*=UTF-8''([A-Za-z0-9!#$&+.^_`|~%-]+)$/.exec(header);
      expect(parsed, header).not.toBeNull();
      const [, asciiName = '', encoded = ''] = parsed ?? [];
      expect(asciiName).toMatch(ascii);
      expect(asciiName).toMatch(/^[\x20-\x7e]+$/);
      const decoded = decodeURIComponent(encoded);
      expect(decoded).not.toMatch(/[/\\\r\n]|\.\./);
      expect(decoded).toBe(unicode);
      // The title itself is still in the document, escaped, never breaking the XML.
      expect(await part(await unzip(result.bytes), 'docProps/core.xml')).toContain('<dc:title>');
    }
  });

  it('exports a document with no sections as a valid, short .docx', async () => {
    const bare = await createTemplate(api, { slug: 'export-bare', title: 'Bare' });
    const id = (await api.post('/v1/documents', { templateId: bare.document.id, title: 'Nothing yet' })).body.document.id;
    const result = await download(id);
    expect(result.status).toBe(200);
    expect(result.bytes.length).toBeLessThan(30_000);
    const zip = await unzip(result.bytes);
    const document = await part(zip, 'word/document.xml');
    expect(textOf(document)).toContain('Nothing yet');
    expect(document).not.toContain('Heading1');
    expect(await part(zip, '[Content_Types].xml')).toContain('wordprocessingml.document.main+xml');
  });

  it("answers 404 for a missing document and for another organization's, changing nothing", async () => {
    const before = await countRows(server);
    const row = await server.store.db.selectFrom('documents').selectAll().where('id', '=', documentId).executeTakeFirstOrThrow();

    const foreign = await globex.get(`/v1/documents/${documentId}/export.docx`);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ detail: `document ${documentId} not found` });
    const missing = await api.get('/v1/documents/doc_missing/export.docx');
    expect(missing.status).toBe(404);
    expect(typeof missing.body.detail).toBe('string');

    // And the other way round: a globex document is not found from acme.
    const globexTemplate = await createTemplate(globex, { slug: 'globex-export', title: 'Globex' });
    const globexDoc = (await globex.post('/v1/documents', { templateId: globexTemplate.document.id })).body.document.id;
    expect((await globex.get(`/v1/documents/${globexDoc}/export.docx`)).status).toBe(200);
    expect((await api.get(`/v1/documents/${globexDoc}/export.docx`)).status).toBe(404);

    const after = await countRows(server);
    expect(after.documents).toBe(before.documents + 2); // only globex's template and document were added
    expect({ ...after, documents: before.documents }).toEqual(before);
    expect(await server.store.db.selectFrom('documents').selectAll().where('id', '=', documentId).executeTakeFirstOrThrow()).toEqual(row);
  });

  it('exports a large document (composed in the capped worker) with every section, reproducibly', async () => {
    const { id, sections: rows } = await createLongDocument(server, api, { slug: 'export-large', title: 'Large report', count: 120 });
    expect(rows.reduce((n, r) => n + r.content.length, 0)).toBeGreaterThan(IN_PROCESS_MAX_CHARS);

    const first = await download(id);
    expect(first.status).toBe(200);
    const text = textOf(await part(await unzip(first.bytes), 'word/document.xml'));
    for (const row of rows) expect(text).toContain(row.title);
    const second = await download(id);
    expect(second.headers.get('etag')).toBe(first.headers.get('etag'));
  }, 120_000);

  it('requires a bearer token', async () => {
    const response = await server.call('GET', `/v1/documents/${documentId}/export.docx`);
    expect(response.status).toBe(401);
  });

  const missing = missingBinaries(['soffice', 'pdfinfo', 'pdftotext', 'pandoc']);
  const office = missing.length === 0 ? 'real consumers' : `real consumers (skipped: ${missing.join(', ')} not installed)`;
  describe.skipIf(missing.length > 0)(office, () => {
    let dir = '';
    beforeAll(async () => {
      dir = await mkdtemp(join(tmpdir(), 'quire-export-e2e-'));
    });
    afterAll(async () => {
      if (dir) await rm(dir, { recursive: true, force: true });
    });

    const save = async (name: string, id: string): Promise<string> => {
      const path = join(dir, `${name}.docx`);
      await writeFile(path, (await download(id)).bytes);
      return path;
    };
    const squash = (s: string): string => s.replace(/\s+/g, ' ');

    it('LibreOffice lays it out on a plausible number of pages with every section title', async () => {
      const pdf = await convertToPdf(await save(`export-${dialect}`, documentId), dir);
      const pages = await pdfPageCount(pdf);
      // Title page, contents page, then the five short sections and the sources.
      expect(pages).toBeGreaterThanOrEqual(3);
      expect(pages).toBeLessThanOrEqual(8);
      const text = squash(await pdfText(pdf));
      for (const section of SECTIONS) expect(text).toContain(section.title);
      expect(text).toContain('Confidential');
      expect(text).toMatch(/Page \d+ of \d+/);
      expect(text).toContain('Data Protection Act 2018');
    }, 120_000);

    it('pandoc reads back the same section headings', async () => {
      const markdown = await pandocMarkdown(await save(`pandoc-${dialect}`, documentId));
      const level1 = markdown
        .split('\n')
        .filter((line) => line.startsWith('# '))
        .map((line) =>
          line
            .slice(2)
            .replace(/\s*\{#.*\}$/, '')
            .trim(),
        );
      expect(level1).toEqual([...SECTIONS.map((s) => s.title), 'Sources']);
      expect(markdown).toMatch(/^## Scope/m);
      expect(markdown).toMatch(/\[\^1\]/);
      expect(markdown).toContain('https://ico.org.uk/for-organisations/');
    }, 120_000);
  });
});
