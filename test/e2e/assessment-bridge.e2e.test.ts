/**
 * The bridge from the assessment area to generation, on every dialect: an assessment's
 * completeness gaps block the linked /v1 document's generation; once its items are
 * validated, an `assessment` data-need gathers the value with a citation of the file and its
 * quote, and verify checks cited claims against that quote. A correction of that item marks
 * the sections built on it stale, and the next run gathers the corrected value.
 */
import JSZip from 'jszip';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Api, apiFor, createTemplate } from '../support/api.js';
import { describeEachDialect } from '../support/dialects.js';
import { collectEvents } from '../support/sse.js';
import { type TestServer, startTestServer } from '../support/test-server.js';
import { postMultipart } from './assessments-helpers.js';

const INVOICE = 'Vendor: Contoso Ltd\nInvoice number: INV-100\nTotal: $110.00\n';

describeEachDialect('assessment bridge', (dialect) => {
  let server: TestServer;
  let api: Api;
  let token: string;

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    api = await apiFor(server);
    token = await server.login();
    await createTemplate(api, {
      slug: 'vendor-note',
      title: 'Vendor note',
      sections: [
        { key: 'right', title: 'Vendor', render_mode: 'templated', output_template: 'The vendor is {{ vendor }} [1].' },
        { key: 'wrong', title: 'Wrong vendor', render_mode: 'templated', output_template: 'The vendor is Fabrikam Inc [1].' },
        { key: 'terms', title: 'Terms', render_mode: 'templated', output_template: 'Payment is due within 30 days.' },
      ],
    });
  });
  afterAll(async () => server?.close());

  it('blocks generation until the linked assessment is complete, then cites the file and quote', async () => {
    const documentId = (await api.post('/v1/documents', { templateId: 'vendor-note' })).body.document.id;
    const created = await postMultipart(
      server,
      token,
      'acme',
      '/assessments',
      { name: 'Vendor file', linked_document_id: documentId, requirements: JSON.stringify([{ key: 'vendor.name' }]) },
      [{ name: 'invoice.txt', bytes: Buffer.from(INVOICE), type: 'text/plain' }],
    );
    expect(created.status).toBe(201);
    const assessmentId = created.body.assessment.id;
    const need = await api.post(`/v1/documents/${documentId}/data-needs`, {
      kind: 'assessment',
      output_key: 'vendor',
      args_json: { assessment_id: assessmentId, item_key: 'vendor.name' },
    });
    expect(need.status).toBe(201);
    await server.jobs.idle();

    const readiness = (await api.get(`/v1/documents/${documentId}/readiness`)).body;
    expect(readiness.generation_should_proceed).toBe(false);
    expect(readiness.gaps).toEqual([expect.objectContaining({ kind: 'assessment_incomplete', subjectId: assessmentId, key: 'vendor.name' })]);
    expect(readiness.ui_state).toBe('needs_input');
    await api.post(`/v1/documents/${documentId}/generate`, {});
    const blocked = await collectEvents(`${server.url}/v1/documents/${documentId}/progress`, token);
    expect(blocked.at(-1)?.event).toBe('pipeline_blocked');

    const sourceDocument = created.body.documents[0].id;
    const items = (await api.get(`/documents/${sourceDocument}/extracted-items`)).body.items as Array<{ id: string; key: string }>;
    const vendor = items.find((i) => i.key === 'vendor.name');
    if (!vendor) throw new Error('no vendor.name item');
    expect((await api.post(`/documents/${sourceDocument}/extracted-items/${vendor.id}/validate`, {})).status).toBe(200);
    expect((await api.get(`/v1/documents/${documentId}/readiness`)).body.generation_should_proceed).toBe(true);

    await api.post(`/v1/documents/${documentId}/generate`, {});
    const events = await collectEvents(`${server.url}/v1/documents/${documentId}/progress`, token);
    const finished = events.at(-1) as unknown as { event: string; unsupported_sections: Array<{ sectionId: string }> };
    expect(finished.event).toBe('pipeline_finished');
    const detail = (await api.get(`/v1/documents/${documentId}`)).body;
    const byKey = Object.fromEntries(detail.sections.map((s: { key: string }) => [s.key, s]));
    expect(byKey.right.content).toBe('The vendor is Contoso Ltd [1].');
    expect(detail.sources).toEqual([
      expect.objectContaining({ n: 1, kind: 'assessment', title: 'invoice.txt', documentId: sourceDocument, quote: 'Contoso Ltd' }),
    ]);
    expect(finished.unsupported_sections.map((u) => u.sectionId)).toEqual([byKey.wrong.id]);

    // A correction of the cited item: the sections that used or cited it are stale, the rest not.
    const statuses = async (): Promise<Record<string, string>> =>
      Object.fromEntries((await api.get(`/v1/documents/${documentId}/sections`)).body.map((s: { key: string; status: string }) => [s.key, s.status]));
    const correction = await api.post(`/extracted-items/${vendor.id}/corrections`, { value: 'Contoso Limited', reason: 'format' });
    expect(correction.status).toBe(201);
    expect(await statuses()).toEqual({ right: 'stale', wrong: 'stale', terms: 'generated' });
    // The next run gathers the corrected value afresh (not the value cached by the first run).
    await api.post(`/v1/documents/${documentId}/generate`, {});
    expect((await collectEvents(`${server.url}/v1/documents/${documentId}/progress`, token)).at(-1)?.event).toBe('pipeline_finished');
    const regenerated = (await api.get(`/v1/documents/${documentId}`)).body;
    expect(regenerated.sections.find((s: { key: string }) => s.key === 'right').content).toBe('The vendor is Contoso Limited [1].');
    expect(await statuses()).toEqual({ right: 'generated', wrong: 'generated', terms: 'generated' });
    // A finalized document is a signed-off record: a later revision leaves its sections alone.
    expect((await api.put(`/v1/documents/${documentId}/state`, { state: 'finalized' })).status).toBe(200);
    const revised = await api.put(`/extracted-items/${vendor.id}/corrections/${correction.body.id}`, { value: 'Contoso Ltd (UK)' });
    expect(revised.status).toBe(200);
    expect(await statuses()).toEqual({ right: 'generated', wrong: 'generated', terms: 'generated' });

    // Another organization's assessment cannot be gathered: the run fails, naming it.
    const foreign = (await api.as('globex').post('/v1/documents', { templateId: 'engagement-letter' })).body.document.id;
    expect(
      (
        await api
          .as('globex')
          .post(`/v1/documents/${foreign}/data-needs`, { kind: 'assessment', output_key: 'stolen', args_json: { assessment_id: assessmentId } })
      ).status,
    ).toBe(201);
    const gathered = await api.as('globex').post(`/v1/documents/${foreign}/gather`, {});
    expect(gathered.body.failures).toEqual([expect.objectContaining({ outputKey: 'stolen', error: expect.stringMatching(/not found/) })]);
  });

  it('names the cell of a value extracted from a spreadsheet in the exported Sources list and note', async () => {
    await createTemplate(api, {
      slug: 'contact-note',
      title: 'Contact note',
      sections: [{ key: 'contact', title: 'Contact', render_mode: 'templated', output_template: 'Write to {{ email }} [1]. Copy the team [1].' }],
    });
    const documentId = (await api.post('/v1/documents', { templateId: 'contact-note' })).body.document.id;
    const csv = 'name,amount,email\nAlice,12.50,alice@example.test\nBob,7.00,bob@example.test\n';
    const created = await postMultipart(server, token, 'acme', '/assessments', { name: 'Contacts', linked_document_id: documentId }, [
      { name: 'people.csv', bytes: Buffer.from(csv), type: 'text/csv' },
    ]);
    expect(created.status).toBe(201);
    const need = await api.post(`/v1/documents/${documentId}/data-needs`, {
      kind: 'assessment',
      output_key: 'email',
      args_json: { assessment_id: created.body.assessment.id, item_key: 'row[1].email', policy: 'best_available' },
    });
    expect(need.status).toBe(201);
    await server.jobs.idle();
    await api.post(`/v1/documents/${documentId}/generate`, {});
    expect((await collectEvents(`${server.url}/v1/documents/${documentId}/progress`, token)).at(-1)?.event).toBe('pipeline_finished');

    const exported = await server.call('GET', `/v1/documents/${documentId}/export.docx`, { token, org: 'acme' });
    expect(exported.status).toBe(200);
    const zip = await JSZip.loadAsync(Buffer.from(await exported.arrayBuffer()));
    const text = (xml: string) => xml.replace(/<[^>]+>/g, '');
    const body = text((await zip.file('word/document.xml')?.async('string')) ?? '');
    const notes = text((await zip.file('word/footnotes.xml')?.async('string')) ?? '');
    // The cell the address was read from (row 3, column C of the file), after the file's name.
    expect(body.slice(body.lastIndexOf('Sources'))).toMatch(/\[1\] people\.csv\. (?:[^!.]+!)?C3\./);
    expect(notes).toMatch(/people\.csv\. (?:[^!.]+!)?C3\./);
    // Cited twice in the section: one note.
    expect(notes.match(/people\.csv/g)).toHaveLength(1);
  });
});
