/**
 * Makes a document from a template with the given fields and generates it to the end, as a user
 * would through the API (create → generate → follow the progress stream). Asserts each step, so a
 * flow that needs a generated document fails where the making failed, not later.
 */
import { expect } from 'vitest';
import type { Api } from './api.js';
import { collectEvents } from './sse.js';
import type { TestServer } from './test-server.js';

export async function createAndGenerate(server: TestServer, api: Api, token: string, templateId: string, fields: Record<string, unknown>): Promise<string> {
  const created = await api.post('/v1/documents', { templateId, fields });
  expect(created.status).toBe(201);
  const id: string = created.body.document.id;
  expect((await api.post(`/v1/documents/${id}/generate`, {})).status).toBe(200);
  const events = await collectEvents(`${server.url}/v1/documents/${id}/progress`, token, { org: 'acme' });
  expect(events.at(-1)?.event).toBe('pipeline_finished');
  return id;
}
