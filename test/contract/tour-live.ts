/**
 * The tour of the live streams (ADR 0591, 0592) and section drafts (ADR 0621): a document's stream
 * and the organization's each deliver the change a step makes, checked against `LiveEvent`; a draft
 * is saved, read and discarded.
 */
import type { Section } from './tour.js';
import { checkLive } from './wire-checks.js';

const live: Section = async (tour) => {
  const c = tour.client;
  const created = await c.post('/v1/documents', { templateId: 'engagement-letter' }, 201);
  const documentId: string = created.body.document.id;
  const sectionUrl = `/v1/documents/${documentId}/sections/${created.body.sections[0].id}`;
  const edited = (event: Record<string, unknown>) => event.kind === 'section.changed' && event.documentId === documentId;
  const onDocument = await checkLive(
    tour.wire,
    `/v1/documents/${documentId}/live`,
    async () => {
      await c.put(`${sectionUrl}/output`, { content: 'Seen live on the document stream.' });
    },
    edited,
  );
  if (!onDocument) throw new Error('the document stream did not deliver the edit');
  const onOrganization = await checkLive(
    tour.wire,
    '/v1/live',
    async () => {
      await c.put(`${sectionUrl}/output`, { content: 'Seen live on the organization stream.' });
    },
    edited,
  );
  if (!onOrganization) throw new Error('the organization stream did not deliver the edit');
  await c.get('/v1/documents/doc_missing/live', 404);
};

const drafts: Section = async (tour) => {
  const c = tour.client;
  const created = await c.post('/v1/documents', { templateId: 'engagement-letter' }, 201);
  const draftUrl = `/v1/documents/${created.body.document.id}/sections/${created.body.sections[0].id}/draft`;
  await c.put(draftUrl, { content: 'Half a sentence typed' });
  await c.get(draftUrl);
  await c.delete(draftUrl);
};

export const liveSections: Record<string, Section> = { live, drafts };
