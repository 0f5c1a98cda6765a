/**
 * The tour of Word templates (uploads sent straight to the service: Prism re-encodes a binary part as text): inspect a .docx against the pass's template, store it on the template (and
 * refuse one with a syntax error, 422 with its report), read it and its file, give the tour's
 * document its own, read that and its file, draw the document's first page (503 without
 * LibreOffice), then remove both.
 */
import { paragraph, wordTemplateDocx } from '../support/word-template-docx.js';
import { canConvertPdf } from './tour-documents.js';
import { type Section } from './tour.js';
import { checkDownload, checkUpload } from './wire-checks.js';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

const wordTemplates: Section = async (tour) => {
  const c = tour.client;
  // The pass's own template (the passes run side by side): one pass's removal is not another's.
  const slug = `tour-memo-${tour.suffix}`;
  const TEMPLATE = `/v1/templates/${slug}/word-template`;
  const file = async (name: string, body: string[]) => ({ fields: {}, files: [{ name, field: 'file', bytes: await wordTemplateDocx({ body }), type: DOCX }] });
  const letter = await file('letter.docx', [paragraph('Dear {{ cli', 'ent }},'), paragraph('{{ body() }}')]);
  await checkUpload(tour.wire, 'POST', `/v1/word-templates/inspect?template=${slug}`, letter, { status: 200 });
  await checkUpload(tour.wire, 'PUT', TEMPLATE, letter, { status: 200 });
  await checkUpload(tour.wire, 'PUT', TEMPLATE, await file('broken.docx', [paragraph('{% if %}')]), { status: 422 });
  await c.get(TEMPLATE);
  await checkDownload(tour.wire, `${TEMPLATE}/file`, { status: 200, contentType: DOCX });

  const id = tour.state.documentId;
  const own = `/v1/documents/${id}/word-template`;
  await checkUpload(tour.wire, 'PUT', own, await file('note.docx', [paragraph('Note for {{ client }}')]), { status: 200 });
  await c.get(own);
  await checkDownload(tour.wire, `${own}/file`, { status: 200, contentType: DOCX });
  await checkDownload(
    tour.wire,
    `/v1/documents/${id}/preview.png?page=1&dpi=40`,
    canConvertPdf() ? { status: 200, contentType: 'image/png' } : { status: 503, contentType: 'application/json' },
  );
  await c.delete(own, 204);
  await c.delete(TEMPLATE, 204);
  await c.get(TEMPLATE, 404);
};

export const wordTemplateSections: Record<string, Section> = { 'word templates': wordTemplates };
