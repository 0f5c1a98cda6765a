/**
 * The main error answers, each a shape the contract must describe: 401 without a token, 404 for
 * a missing id, another organization's id and an unknown organization, 422 with a string
 * `detail` and with the `[{loc, msg, type}]` array, and a body-less POST whose keys are all
 * optional. (The 409 generate conflict is in the generation section, where it arises.)
 */
import type { Section } from './tour.js';

const v1Errors: Section = async (tour) => {
  const c = tour.client;
  const id = tour.state.documentId;
  await c.get('/v1/whoami', 401, { token: null, invalidRequest: true });
  await c.get('/v1/documents/doc_missing', 404);
  await c.get(`/v1/documents/${id}`, 404, { org: 'globex' });
  await c.get('/v1/templates', 404, { org: 'no-such-org' });
  // 422 with a string detail: a well-formed body the service refuses (a blank title).
  await c.patch(`/v1/documents/${id}`, { title: '   ' }, 422);
  // A class that is not a built-in one (the contract's enum names them): refused, nothing registered.
  await c.post('/v1/tool-registrations', { name: 'shell', category: 'misc', classPath: 'python.exec', configJson: {} }, 422, { invalidRequest: true });
  // 422 with the array detail: a body that breaks the schema.
  await c.post('/v1/documents', { title: 'No template' }, 422, { invalidRequest: true });
  await c.put(`/v1/documents/${id}/state`, { state: 'published' }, 422, { invalidRequest: true });
  // Every key of the snapshot body is optional, so no body at all is a snapshot too.
  await c.send('POST', `/v1/documents/${id}/snapshots`, { expect: 201 });
};

const assessmentErrors: Section = async (tour) => {
  const c = tour.client;
  await c.get('/assessments', 401, { token: null, invalidRequest: true });
  await c.get('/assessments/asm_missing', 404);
  await c.get('/documents/doc_missing/extracted-items', 404);
  await c.post('/batches', { name: 'x', document_ids: [], extra: 1 }, 422, { invalidRequest: true });
  await c.post('/batches', { name: '  ', document_ids: [] }, 422);
};

export const v1ErrorSections: Record<string, Section> = { 'v1 errors': v1Errors };
export const assessmentErrorSections: Record<string, Section> = { 'assessment errors': assessmentErrors };
