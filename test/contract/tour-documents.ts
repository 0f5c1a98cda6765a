/**
 * The tour of the document family: templates, a document made from one, its fields, sections,
 * data-needs, config and spec, a generation followed to its end, edits, a 409 conflict,
 * versions, snapshots, generation snapshots (reproduce, diff) and the .docx and PDF exports.
 */
import { spawnSync } from 'node:child_process';
import { DEFAULT_PDF_CONVERTER_SETTINGS } from '../../src/pdf/pdf-converter.js';
import { checkDownload, checkProgress } from './wire-checks.js';
import { type Section, type Tour, idOf, settle } from './tour.js';

/** A small template spec: two fields, two data-needs, a templated and a synthesized section. */
export function tourSpec(slug: string) {
  return {
    slug,
    title: 'Contract tour memo',
    description: 'A memo the contract tour makes',
    fields: [
      { key: 'client', value: 'Initech GmbH', isRequired: true },
      { key: 'amount', valueType: 'number', value: '1200.5' },
    ],
    dataNeeds: [
      {
        output_key: 'facts',
        kind: 'static',
        name: 'Client file',
        args_json: { value: 'Initech GmbH signed the services contract on 5 January 2026. The contract value is EUR 1,200.50.' },
      },
      { output_key: 'label', kind: 'template', args_json: { expression: "client ~ ' (EUR ' ~ amount ~ ')'" } },
    ],
    sections: [
      { key: 'summary', title: 'Summary', render_mode: 'templated', output_type: 'markdown', output_template: '{{ label }}: the engagement in brief.' },
      { key: 'body', title: 'Body', prompt: 'Summarize the contract for {{ client }}' },
    ],
  };
}

async function followRun(tour: Tour, documentId: string): Promise<void> {
  const events = await checkProgress(tour.wire, `/v1/documents/${documentId}/progress`);
  if (events.at(-1)?.event !== 'pipeline_finished') throw new Error(`the run ended on ${String(events.at(-1)?.event)}`);
  await settle(tour);
}

const templates: Section = async (tour) => {
  const c = tour.client;
  const slug = `tour-memo-${tour.suffix}`;
  await c.get('/v1/whoami');
  await c.get('/v1/orgs');
  await c.get('/v1/config-schema');
  await c.get('/v1/llm-status');
  const list = await c.get('/v1/templates');
  await c.get('/v1/templates?order=newest&q=tour&limit=5');
  const builtin = (list.body as Array<{ slug?: string }>).find((t) => t.slug === 'engagement-letter') ?? list.body[0];
  await c.get(`/v1/templates/${builtin.slug}`);
  await c.post(`/v1/templates?dry_run=true`, tourSpec(slug), 200);
  await c.post('/v1/templates', tourSpec(slug), 201);
  await c.put(`/v1/templates/${slug}`, { ...tourSpec(slug), title: 'Contract tour memo (revised)' });
};

const document: Section = async (tour) => {
  const c = tour.client;
  const created = await c.post(
    '/v1/documents',
    { templateId: `tour-memo-${tour.suffix}`, title: 'Initech engagement', fields: { client: 'Initech GmbH' } },
    201,
  );
  const id = idOf(created.body, 'document');
  tour.state.documentId = id;
  await c.get('/v1/documents');
  await c.get('/v1/documents?order=newest&limit=5');
  await c.get(`/v1/documents/${id}`);
  await c.patch(`/v1/documents/${id}`, { description: 'Prepared for the contract tour' });
  const fields = await c.put(`/v1/documents/${id}/fields`, { fields: { amount: '1350', note: 'temporary' } });
  const note = (fields.body.fields as Array<{ id: string; key: string }>).find((f) => f.key === 'note');
  await c.get(`/v1/documents/${id}/fields`);
  await c.delete(`/v1/documents/${id}/fields/${note?.id}`);
  await c.get(`/v1/documents/${id}/readiness`);
  await c.get(`/v1/documents/${id}/computed`);
  await c.get(`/v1/documents/${id}/config`);
  await c.put(`/v1/documents/${id}/config`, { brief: { text: 'A memo for the board' } });
  const spec = await c.get(`/v1/documents/${id}/spec`);
  await c.put(`/v1/documents/${id}/spec`, spec.body);
  const extra = await c.post(
    `/v1/documents/${id}/sections`,
    { title: 'Next steps', render_mode: 'templated', output_type: 'markdown', output_template: 'Call {{ client }}.' },
    201,
  );
  const extraId = idOf(extra.body, 'section');
  await c.put(`/v1/documents/${id}/sections/${extraId}`, { title: 'Next steps (draft)' });
  const sections = await c.get(`/v1/documents/${id}/sections`);
  const ids = (sections.body as Array<{ id: string }>).map((s) => s.id);
  await c.put(`/v1/documents/${id}/sections/order`, { sectionIds: [...ids].reverse() });
  await c.delete(`/v1/documents/${id}/sections/${extraId}`);
  const need = await c.post(
    `/v1/documents/${id}/data-needs`,
    { kind: 'static', output_key: 'scratch', name: 'Scratch', args_json: { value: 'temporary' } },
    201,
  );
  const needId = idOf(need.body, 'dataNeed');
  await c.get(`/v1/documents/${id}/data-needs`);
  await c.get(`/v1/documents/${id}/data-needs/${needId}`);
  await c.patch(`/v1/documents/${id}/data-needs/${needId}`, { name: 'Scratch value' });
  await c.delete(`/v1/documents/${id}/data-needs/${needId}`);
  await c.put(`/v1/documents/${id}/state`, { state: 'under-review' });
  await c.put(`/v1/documents/${id}/state`, { state: 'draft' });
};

const generation: Section = async (tour) => {
  const c = tour.client;
  const id = tour.state.documentId;
  await c.post(`/v1/documents/${id}/gather`, {});
  await c.post(`/v1/documents/${id}/generate`, {});
  await followRun(tour, id);
  await c.get(`/v1/documents/${id}`);
  await c.get(`/v1/documents/${id}/synthesis`);
  await c.get(`/v1/documents/${id}/synthesis/history`);
  const sections = (await c.get(`/v1/documents/${id}/sections`)).body as Array<{ id: string }>;
  const sectionId = sections[0].id;
  tour.state.editedSectionId = sectionId;
  await c.put(`/v1/documents/${id}/sections/${sectionId}/output`, { content: 'Edited by hand during the contract tour.' });
  // The main conflict: a generate over a hand-edited section without force/preserveEdited.
  await c.post(`/v1/documents/${id}/generate`, {}, 409);
  await c.post(`/v1/documents/${id}/generate`, { preserveEdited: true });
  await followRun(tour, id);
  await c.post(`/v1/documents/${id}/sections/${sections[1].id}/regenerate`, {});
  await followRun(tour, id);
};

const history: Section = async (tour) => {
  const c = tour.client;
  const id = tour.state.documentId;
  const sectionId = tour.state.editedSectionId;
  await c.get(`/v1/documents/${id}/sections/${sectionId}/versions`);
  // The restores declare no request body, so none is sent.
  await c.send('POST', `/v1/documents/${id}/sections/${sectionId}/versions/1/restore`, { expect: 200 });
  const snapshot = await c.post(`/v1/documents/${id}/snapshots`, { label: 'Before review' }, 201);
  const snapshotId = idOf(snapshot.body, 'snapshot');
  await c.get(`/v1/documents/${id}/snapshots`);
  await c.send('POST', `/v1/documents/${id}/snapshots/${snapshotId}/restore`, { expect: 200 });
  await c.delete(`/v1/documents/${id}/snapshots/${snapshotId}`);
  const runs = (await c.get(`/v1/documents/${id}/generation-snapshots`)).body as Array<{ id: string }>;
  await c.get(`/v1/documents/${id}/generation-snapshots/${runs[0].id}`);
  await c.post(`/v1/documents/${id}/generation-snapshots/${runs[0].id}/reproduce`, {});
  await c.get(`/v1/documents/${id}/generation-snapshots/${runs[1].id}/diff/${runs[0].id}`);
};

const exportDocx: Section = async (tour) => {
  const id = tour.state.documentId;
  const docx = await checkDownload(tour.wire, `/v1/documents/${id}/export.docx`, {
    status: 200,
    contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    check: (bytes) => (bytes.subarray(0, 4).equals(Buffer.from('PK\u0003\u0004', 'latin1')) ? undefined : 'the body is not a ZIP archive (a .docx is one)'),
  });
  const etag = docx.headers.get('etag');
  if (etag) await checkDownload(tour.wire, `/v1/documents/${id}/export.docx`, { status: 304, headers: { 'if-none-match': etag } });
};

/** True when this machine can convert (CI installs libreoffice-writer and python3-uno). */
export function canConvertPdf(): boolean {
  const { sofficePath, pythonPath } = DEFAULT_PDF_CONVERTER_SETTINGS;
  return (
    spawnSync('sh', ['-c', `command -v ${sofficePath}`], { stdio: 'ignore' }).status === 0 &&
    spawnSync(pythonPath, ['-c', 'import uno'], { stdio: 'ignore' }).status === 0
  );
}

/** Binary, so checked directly like the .docx; without LibreOffice the declared 503 is what is checked. */
const exportPdf: Section = async (tour) => {
  const id = tour.state.documentId;
  if (!canConvertPdf()) {
    await checkDownload(tour.wire, `/v1/documents/${id}/export.pdf`, { status: 503, contentType: 'application/json' });
    return;
  }
  const pdf = await checkDownload(tour.wire, `/v1/documents/${id}/export.pdf`, {
    status: 200,
    contentType: 'application/pdf',
    check: (bytes) => (bytes.subarray(0, 5).toString('latin1') === '%PDF-' ? undefined : 'the body is not a PDF (it does not start with %PDF-)'),
  });
  const etag = pdf.headers.get('etag');
  if (etag) await checkDownload(tour.wire, `/v1/documents/${id}/export.pdf`, { status: 304, headers: { 'if-none-match': etag } });
};

/** A second document, made to be deleted. */
const deletion: Section = async (tour) => {
  const c = tour.client;
  const created = await c.post('/v1/documents', { templateId: 'engagement-letter' }, 201);
  await c.delete(`/v1/documents/${idOf(created.body, 'document')}`);
};

export const documentSections: Record<string, Section> = {
  templates,
  document,
  generation,
  history,
  'export.docx': exportDocx,
  'export.pdf': exportPdf,
  deletion,
};
