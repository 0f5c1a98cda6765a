/** The template list follows the server's pages, so `new <template>` finds one past the first page. */
import { afterEach, expect, it } from 'vitest';
import { createQuireClient, findTemplate, listTemplates } from '../src/index.js';
import { type ScriptedServer, json, startScriptedServer } from './support/scripted-server.js';

let server: ScriptedServer | undefined;
afterEach(async () => server?.close());

const template = (slug: string) => ({
  id: `doc_${slug}`,
  slug,
  title: slug,
  description: null,
  isTemplate: true,
  templateId: null,
  state: 'draft',
  createdAt: '2026-11-24T00:00:00Z',
  updatedAt: '2026-11-24T00:00:00Z',
  fields: {},
});

it('reads every page of templates, passing X-Next-Cursor back as cursor', async () => {
  server = await startScriptedServer([
    json(200, [template('memo')], { 'x-next-cursor': 'c1' }),
    json(200, [template('dpia')], { 'x-next-cursor': 'c2' }),
    json(200, [template('letter')]),
  ]);
  const client = createQuireClient({ baseUrl: server.url, token: 't0k', org: 'acme' });
  expect((await listTemplates(client)).map((t) => t.slug)).toEqual(['memo', 'dpia', 'letter']);
  expect(server.requests.map((r) => new URL(r.url, server?.url).searchParams.get('cursor'))).toEqual([null, 'c1', 'c2']);
});

it('finds a template that is only on a later page', async () => {
  server = await startScriptedServer([json(200, [template('memo')], { 'x-next-cursor': 'c1' }), json(200, [template('letter')])]);
  const client = createQuireClient({ baseUrl: server.url, token: 't0k', org: 'acme' });
  expect((await findTemplate(client, 'letter'))?.id).toBe('doc_letter');
});
