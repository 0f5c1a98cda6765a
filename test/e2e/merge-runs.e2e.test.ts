/**
 * Merge runs over real HTTP, on both databases: a CSV and an .xlsx of clients become one
 * engagement letter per row; a row with a blank required value fails alone, saying why; the
 * stream reports every row; the zip holds each letter under its pattern-made name, with the
 * row's values in it. A run stopped mid-way by the service shutting down resumes on restart
 * without doing a row twice. A letter whose Word template reads fields only takes the lean path:
 * each row's file is its document's export, made without a generation run.
 */
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Api, apiFor, createTemplate } from '../support/api.js';
import { describeEachDialect } from '../support/dialects.js';
import { framesOf, readRawStream } from '../support/sse.js';
import { type TestServer, startTestServer } from '../support/test-server.js';
import { paragraph, wordTemplateDocx } from '../support/word-template-docx.js';

const HEADER = ['Client', 'Client contact person', 'firm name', 'Services', 'start_date', 'Fee', 'signatory'];
const CLIENTS = [
  ['Contoso GmbH', 'Ada Lovelace', 'Northwind LLP', 'Tax advice', '2026-12-01', '12000', 'J. Smith'],
  ['', 'Grace Hopper', 'Northwind LLP', 'Audit support', '2026-12-02', '9000', 'J. Smith'],
  ['Globex AG', 'Alan Turing', 'Northwind LLP', 'Payroll', '2026-12-03', '7000', 'J. Smith'],
];

function csvOf(rows: string[][]): string {
  return [HEADER, ...rows].map((r) => r.map((c) => `"${c}"`).join(',')).join('\n');
}

async function xlsxOf(header: string[], rows: string[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Clients');
  sheet.addRow(header);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A multipart request with the table as `file` and the options as text parts. */
async function postForm(
  server: TestServer,
  token: string,
  path: string,
  file: { bytes: Buffer | string; name: string; type: string },
  options: Record<string, string>,
) {
  const form = new FormData();
  form.append('file', new Blob([file.bytes], { type: file.type }), file.name);
  for (const [key, value] of Object.entries(options)) form.append(key, value);
  const response = await fetch(`${server.url}${path}`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'x-org-slug': 'acme' }, body: form });
  return { status: response.status, body: (await response.json()) as { id: string; detail?: string } & Record<string, unknown> };
}

/** The text of a .docx's body. */
async function docxText(bytes: Uint8Array): Promise<string> {
  const docx = await JSZip.loadAsync(bytes);
  const xml = (await docx.file('word/document.xml')?.async('string')) ?? '';
  return xml.replace(/<[^>]+>/g, '');
}

/** The text of the zip entry `name` (failing the test when the zip has no such entry). */
async function entryText(zip: JSZip, name: string): Promise<string> {
  const entry = zip.file(name);
  if (!entry) throw new Error(`the zip has no ${name}: ${Object.keys(zip.files).join(', ')}`);
  return docxText(await entry.async('uint8array'));
}

async function zipOf(server: TestServer, token: string, runId: string): Promise<JSZip> {
  const response = await fetch(`${server.url}/v1/merge-runs/${runId}/result.zip`, { headers: { authorization: `Bearer ${token}`, 'x-org-slug': 'acme' } });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/zip');
  return JSZip.loadAsync(Buffer.from(await response.arrayBuffer()));
}

/** Every event of the run, read until the server closes the stream after `merge_ended`. */
async function eventsOf(server: TestServer, token: string, runId: string, after = 0) {
  const stream = await readRawStream(
    `${server.url}/v1/merge-runs/${runId}/progress?after=${after}`,
    { authorization: `Bearer ${token}`, 'x-org-slug': 'acme' },
    120_000,
  );
  return framesOf(stream.text) as unknown as Array<{ seq: number; event: string; row?: number; message?: string; done?: number; failed?: number }>;
}

describeEachDialect('merge runs', (dialect) => {
  let server: TestServer;
  let api: Api;
  let token: string;

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    token = await server.login();
    api = await apiFor(server);
  });
  afterAll(async () => server?.close());

  it('previews the mapping of a CSV without creating anything', async () => {
    const before = (await api.get('/v1/documents')).body.length;
    const preview = await postForm(
      server,
      token,
      '/v1/templates/engagement-letter/merge-runs/preview',
      { bytes: csvOf(CLIENTS), name: 'clients.csv', type: 'text/csv' },
      {
        fileNamePattern: 'Letter {{ client_name }}',
      },
    );
    expect(preview.status).toBe(200);
    expect(preview.body.columns).toEqual(
      expect.arrayContaining([
        { column: 'Client', field: 'client_name', by: 'label' },
        { column: 'firm name', field: 'firm_name', by: 'key' },
        { column: 'Fee', field: 'fee_amount', by: 'label' },
      ]),
    );
    expect(preview.body.missingRequired).toEqual([]);
    expect(preview.body.refusal).toBeNull();
    expect(preview.body.problems).toEqual([{ row: 2, field: 'client_name', kind: 'missing', message: 'field "client_name" is required and blank' }]);
    expect((preview.body.rows as Array<{ fileName: string }>).map((r) => r.fileName)).toEqual([
      'Letter Contoso GmbH.docx',
      'Letter.docx',
      'Letter Globex AG.docx',
    ]);
    expect((await api.get('/v1/documents')).body.length).toBe(before);
  });

  it('merges a CSV: one letter per row, the blank row fails saying why, the stream reports each row, the zip holds the letters', async () => {
    const started = await postForm(
      server,
      token,
      '/v1/templates/engagement-letter/merge-runs',
      { bytes: csvOf(CLIENTS), name: 'clients.csv', type: 'text/csv' },
      {
        fileNamePattern: 'Letter {{ client_name }}',
      },
    );
    expect(started.status).toBe(202);
    const events = await eventsOf(server, token, started.body.id);
    expect(events.filter((e) => e.event === 'row_done').map((e) => e.row)).toEqual([1, 3]);
    const failedEvent = events.find((e) => e.event === 'row_failed');
    expect(failedEvent?.row).toBe(2);
    expect(failedEvent?.message).toContain('not ready');
    expect(events.at(-1)).toMatchObject({ event: 'merge_ended', status: 'finished', done: 2, failed: 1, total: 3 });

    const failed = await api.get(`/v1/merge-runs/${started.body.id}/rows?status=failed`);
    expect(failed.body).toHaveLength(1);
    expect(failed.body[0]).toMatchObject({ row: 2, status: 'failed', fileName: 'Letter.docx' });
    expect(failed.body[0].error).toContain('not ready');
    // A cursor past any row number is refused, not passed to the database (a fuzz find on PostgreSQL).
    const farCursor = await api.get(`/v1/merge-runs/${started.body.id}/rows?cursor=99999999999`);
    expect(farCursor.status).toBe(422);
    expect(typeof farCursor.body.detail).toBe('string');

    const zip = await zipOf(server, token, started.body.id);
    expect(Object.keys(zip.files).sort()).toEqual(['Letter Contoso GmbH.docx', 'Letter Globex AG.docx']);
    const contoso = await entryText(zip, 'Letter Contoso GmbH.docx');
    expect(contoso).toContain('Contoso GmbH');
    expect(contoso).toContain('Ada Lovelace');
    const globex = await entryText(zip, 'Letter Globex AG.docx');
    expect(globex).toContain('Globex AG');
    expect(globex).not.toContain('Contoso');
    expect((await api.get(`/v1/merge-runs/${started.body.id}`)).body).toMatchObject({ status: 'finished', total: 3, done: 2, failed: 1, pending: 0 });
  });

  it('merges an .xlsx with an explicit mapping, named uniquely', async () => {
    const header = ['Name', 'Contact', 'Firm', 'What', 'Start', 'Amount', 'Partner', 'Notes'];
    const rows = [
      ['Initech', 'Peter Gibbons', 'Northwind LLP', 'Tax advice', '2026-12-01', '5000', 'J. Smith', 'ignored'],
      ['Initech', 'Bill Lumbergh', 'Northwind LLP', 'Audit', '2026-12-01', '6000', 'J. Smith', 'ignored'],
    ];
    const mapping = {
      Name: 'client_name',
      Contact: 'client_contact',
      Firm: 'firm_name',
      What: 'services',
      Start: 'start_date',
      Amount: 'fee_amount',
      Partner: 'signatory',
      Notes: null,
    };
    const type = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
    const started = await postForm(
      server,
      token,
      '/v1/templates/engagement-letter/merge-runs',
      { bytes: await xlsxOf(header, rows), name: 'clients.xlsx', type },
      {
        fileNamePattern: '{{ client_name }}/{{ row }}',
        mapping: JSON.stringify(mapping),
      },
    );
    expect(started.status).toBe(202);
    const events = await eventsOf(server, token, started.body.id);
    expect(events.at(-1)).toMatchObject({ event: 'merge_ended', done: 2, failed: 0 });
    const zip = await zipOf(server, token, started.body.id);
    expect(Object.keys(zip.files).sort()).toEqual(['Initech_1.docx', 'Initech_2.docx']);
    expect(await entryText(zip, 'Initech_2.docx')).toContain('Bill Lumbergh');
  });

  it('refuses a value that can never fit, or a required field no column fills, with nothing created', async () => {
    const runsBefore = (await api.get('/v1/merge-runs')).body.length;
    const documentsBefore = (await api.get('/v1/documents')).body.length;
    const badFee = CLIENTS.map((r, i) => (i === 2 ? [...r.slice(0, 5), 'twelve', r[6] ?? ''] : r));
    const refused = await postForm(server, token, '/v1/templates/engagement-letter/merge-runs', { bytes: csvOf(badFee), name: 'c.csv', type: 'text/csv' }, {});
    expect(refused.status).toBe(422);
    expect(refused.body.detail).toContain('row 3');
    const noClient = await api.post('/v1/templates/engagement-letter/merge-runs', { rows: [{ Contact: 'x' }] });
    expect(noClient.status).toBe(422);
    expect(noClient.body.detail).toContain('"client_name"');
    const unknownName = await api.post('/v1/templates/engagement-letter/merge-runs', { rows: [{ client_name: 'x' }], fileNamePattern: '{{ nope }}' });
    expect(unknownName.status).toBe(422);
    expect((await api.get('/v1/merge-runs')).body.length).toBe(runsBefore);
    expect((await api.get('/v1/documents')).body.length).toBe(documentsBefore);
  });

  it("merges a Word-template letter without generating: each file is its document's export, the blank row fails saying why", async () => {
    await createTemplate(api, {
      slug: 'word-letter',
      title: 'Word letter',
      fields: [
        { key: 'client_name', label: 'Client', valueType: 'string', isRequired: true },
        { key: 'fee', label: 'Fee', valueType: 'string' },
      ],
      sections: [{ key: 'summary', title: 'Summary', render_mode: 'templated', output_template: 'For {{ client_name }}.' }],
    });
    const form = new FormData();
    const docx = await wordTemplateDocx({
      header: '{{ organization.name }}',
      body: [paragraph('Dear {{ client', '_name }},'), paragraph('Our fee is {{ fee }}.'), paragraph('Yours sincerely')],
    });
    form.append('file', new Blob([docx], { type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' }), 'letter.docx');
    const put = await fetch(`${server.url}/v1/templates/word-letter/word-template`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'x-org-slug': 'acme' },
      body: form,
    });
    expect(put.status).toBe(200);
    const started = await api.post('/v1/templates/word-letter/merge-runs', {
      rows: [
        { Client: 'Contoso GmbH', Fee: '12000' },
        { Client: '', Fee: '9000' },
        { Client: 'Globex AG', Fee: '7000' },
      ],
      fileNamePattern: '{{ client_name }}',
    });
    expect(started.status).toBe(202);
    const events = await eventsOf(server, token, started.body.id);
    expect(events.map((e) => [e.event, e.row ?? null])).toEqual([
      ['merge_started', null],
      ['row_done', 1],
      ['row_failed', 2],
      ['row_done', 3],
      ['merge_ended', null],
    ]);
    expect(events.find((e) => e.event === 'row_failed')?.message).toBe('the document is not ready to generate: Fill in the required field "Client"');
    const zip = await zipOf(server, token, started.body.id);
    expect(Object.keys(zip.files).sort()).toEqual(['Contoso GmbH.docx', 'Globex AG.docx']);
    const done = (await api.get(`/v1/merge-runs/${started.body.id}/rows?status=done`)).body as Array<{ fileName: string; documentId: string }>;
    expect(done.map((r) => r.fileName)).toEqual(['Contoso GmbH.docx', 'Globex AG.docx']);
    for (const row of done) {
      const exported = await fetch(`${server.url}/v1/documents/${row.documentId}/export.docx`, {
        headers: { authorization: `Bearer ${token}`, 'x-org-slug': 'acme' },
      });
      const entry = await zip.file(row.fileName)?.async('nodebuffer');
      expect(entry?.equals(Buffer.from(await exported.arrayBuffer()))).toBe(true);
      // No generation ran for it: the letter shows no section.
      expect((await api.get(`/v1/documents/${row.documentId}/generation-snapshots`)).body).toEqual([]);
    }
    expect(await entryText(zip, 'Globex AG.docx')).toContain('Dear Globex AG,');
  });

  it("answers 404 for another organization's run and template", async () => {
    const started = await api.post('/v1/templates/engagement-letter/merge-runs', {
      rows: [{ ...Object.fromEntries(HEADER.map((h, i) => [h, CLIENTS[0]?.[i] ?? ''])) }],
    });
    expect(started.status).toBe(202);
    await eventsOf(server, token, started.body.id);
    const globex = api.as('globex');
    expect((await globex.get(`/v1/merge-runs/${started.body.id}`)).status).toBe(404);
    expect((await globex.get(`/v1/merge-runs/${started.body.id}/rows`)).status).toBe(404);
    expect((await globex.get(`/v1/merge-runs/${started.body.id}/result.zip`)).status).toBe(404);
    expect((await globex.post(`/v1/merge-runs/${started.body.id}/cancel`)).status).toBe(404);
    expect((await globex.post('/v1/templates/no-such-template/merge-runs', { rows: [{ a: 1 }] })).status).toBe(404);
  });
});
