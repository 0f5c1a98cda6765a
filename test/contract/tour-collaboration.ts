/**
 * The tour of working together on a document (ADRs 0611, 0612): the people to mention, a comment
 * thread (open, reply, edit, resolve, reopen, delete), the thread lists with `mentions=me`, and
 * suggested edits (propose, list, accept, reject, and the 409 of a stale base) — on a document of
 * its own, so it runs beside the other sections.
 */
import type { Section } from './tour.js';

const comments: Section = async (tour) => {
  const c = tour.client;
  const people = await c.get('/v1/people');
  const me = (people.body as Array<{ userId: string; email: string | null }>)[0];
  if (!me) throw new Error('no person to mention');
  const created = await c.post('/v1/documents', { templateId: 'engagement-letter' }, 201);
  const documentId: string = created.body.document.id;
  const sectionId: string = created.body.sections[0].id;
  const thread = await c.post(`/v1/documents/${documentId}/sections/${sectionId}/threads`, { body: 'Is the fee right?', mentions: [me.userId] }, 201);
  const threadId: string = thread.body.id;
  const reply = await c.post(`/v1/documents/${documentId}/threads/${threadId}/comments`, { body: 'Checking with finance.' }, 201);
  await c.patch(`/v1/documents/${documentId}/comments/${reply.body.id}`, { body: 'Checked with finance: right.' });
  await c.get(`/v1/documents/${documentId}/threads?mentions=me&status=open`);
  await c.get('/v1/threads?mentions=me');
  await c.post(`/v1/documents/${documentId}/threads/${threadId}/resolve`, undefined);
  await c.post(`/v1/documents/${documentId}/threads/${threadId}/reopen`, undefined);
  await c.delete(`/v1/documents/${documentId}/comments/${reply.body.id}`);
};

const suggestions: Section = async (tour) => {
  const c = tour.client;
  const created = await c.post('/v1/documents', { templateId: 'engagement-letter' }, 201);
  const documentId: string = created.body.document.id;
  const sectionUrl = `/v1/documents/${documentId}/sections/${created.body.sections[0].id}`;
  await c.put(`${sectionUrl}/output`, { content: 'We will deliver the work.' });
  const accepted = await c.post(`${sectionUrl}/suggestions`, { content: 'We will deliver the work by March.', note: 'a date' }, 201);
  await c.get(`/v1/documents/${documentId}/suggestions?status=pending`);
  await c.post(`/v1/documents/${documentId}/suggestions/${accepted.body.id}/accept`, {});
  const rejected = await c.post(`${sectionUrl}/suggestions`, { content: 'We might deliver.' }, 201);
  await c.post(`/v1/documents/${documentId}/suggestions/${rejected.body.id}/reject`, { note: 'too vague' });
  // A proposal written against an older version: 409.
  await c.post(`${sectionUrl}/suggestions`, { content: 'Late.', baseVersion: 1 }, 409);
};

export const collaborationSections: Record<string, Section> = { comments, suggestions };
