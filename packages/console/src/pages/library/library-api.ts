/**
 * The library's calls the console makes, over the typed client (`client.v1`): each returns the
 * data or throws QuireApiError with the server's `{detail}`. Lists follow `X-Next-Cursor` (or
 * `nextCursor` for risk blocks) to the last page, so the page shows the whole library.
 */
import { type QuireClient, unwrapResult } from '@quire/client';
import { PAGE_SIZE, allPages } from '../../shell/all-pages';
import type { v1 } from '@quire/client';

type Schemas = v1.components['schemas'];

/** How a library list is viewed: its order and a name filter (the API's `sort` and `q`, ADR 0681). */
export type ListSort = 'newest' | 'oldest' | 'updated' | 'name';
export interface ListView {
  sort?: ListSort;
  q?: string;
}
export type Text = Schemas['Text'];
export type TextBody = Schemas['CreateTextBody'];
export type RiskBlock = Schemas['RiskBlock'];
export type RiskBlockBody = Schemas['CreateRiskBlockBody'];
export type Voice = Schemas['Voice'];
export type VoiceBody = Schemas['CreateVoiceBody'];

/** A DELETE answers 204 with no body: nothing to return, but a refusal still throws its `{detail}`. */
function expectDone(result: { error?: unknown; response: Response }): void {
  if (!result.response.ok) unwrapResult({ error: result.error, response: result.response });
}

export async function listTexts(client: QuireClient, view: ListView = {}): Promise<Text[]> {
  return allPages((cursor) => client.v1.GET('/v1/texts', { params: { query: { limit: PAGE_SIZE, cursor, ...view } } }));
}

export async function createText(client: QuireClient, body: TextBody): Promise<Text> {
  return unwrapResult(await client.v1.POST('/v1/texts', { body }));
}

export async function updateText(client: QuireClient, id: string, body: Partial<TextBody>): Promise<Text> {
  return unwrapResult(await client.v1.PATCH('/v1/texts/{text_id}', { params: { path: { text_id: id } }, body }));
}

export async function deleteText(client: QuireClient, id: string): Promise<void> {
  const result = await client.v1.DELETE('/v1/texts/{text_id}', { params: { path: { text_id: id } } });
  expectDone(result);
}

export async function listRiskBlocks(client: QuireClient, view: ListView = {}): Promise<RiskBlock[]> {
  const all: RiskBlock[] = [];
  let cursor: string | undefined;
  do {
    const page = unwrapResult(await client.v1.GET('/v1/risk-blocks', { params: { query: { limit: PAGE_SIZE, cursor, ...view } } }));
    all.push(...page.riskBlocks);
    cursor = page.nextCursor ?? undefined;
  } while (cursor !== undefined);
  return all;
}

export async function createRiskBlock(client: QuireClient, body: RiskBlockBody): Promise<RiskBlock> {
  return unwrapResult(await client.v1.POST('/v1/risk-blocks', { body }));
}

export async function updateRiskBlock(client: QuireClient, id: string, body: Partial<RiskBlockBody>): Promise<RiskBlock> {
  return unwrapResult(await client.v1.PATCH('/v1/risk-blocks/{risk_block_id}', { params: { path: { risk_block_id: id } }, body }));
}

export async function deleteRiskBlock(client: QuireClient, id: string): Promise<void> {
  const result = await client.v1.DELETE('/v1/risk-blocks/{risk_block_id}', { params: { path: { risk_block_id: id } } });
  expectDone(result);
}

export async function listVoices(client: QuireClient, view: ListView = {}): Promise<Voice[]> {
  return allPages((cursor) => client.v1.GET('/v1/voices', { params: { query: { limit: PAGE_SIZE, cursor, ...view } } }));
}

export async function createVoice(client: QuireClient, body: VoiceBody): Promise<Voice> {
  return unwrapResult(await client.v1.POST('/v1/voices', { body }));
}

export async function updateVoice(client: QuireClient, id: string, body: Partial<VoiceBody>): Promise<Voice> {
  return unwrapResult(await client.v1.PATCH('/v1/voices/{voice_id}', { params: { path: { voice_id: id } }, body }));
}

export async function deleteVoice(client: QuireClient, id: string): Promise<void> {
  const result = await client.v1.DELETE('/v1/voices/{voice_id}', { params: { path: { voice_id: id } } });
  expectDone(result);
}

export type Snippet = Schemas['Snippet'];
export type SnippetBody = Schemas['SnippetCreateBody'];
export type SnippetItemInput = Schemas['SnippetItemInput'];

export async function listSnippets(client: QuireClient, view: ListView = {}): Promise<Snippet[]> {
  return allPages((cursor) => client.v1.GET('/v1/snippets', { params: { query: { limit: PAGE_SIZE, cursor, ...view } } }));
}

export async function createSnippet(client: QuireClient, body: SnippetBody): Promise<Snippet> {
  return unwrapResult(await client.v1.POST('/v1/snippets', { body }));
}

export async function updateSnippet(client: QuireClient, id: string, body: Partial<SnippetBody>): Promise<Snippet> {
  return unwrapResult(await client.v1.PATCH('/v1/snippets/{snippet_id}', { params: { path: { snippet_id: id } }, body }));
}

/** Replaces the snippet's items, in order. */
export async function setSnippetItems(client: QuireClient, id: string, items: SnippetItemInput[]): Promise<void> {
  unwrapResult(await client.v1.PUT('/v1/snippets/{snippet_id}/items', { params: { path: { snippet_id: id } }, body: { items } }));
}

export async function deleteSnippet(client: QuireClient, id: string): Promise<void> {
  expectDone(await client.v1.DELETE('/v1/snippets/{snippet_id}', { params: { path: { snippet_id: id } } }));
}

export type ToolRegistration = Schemas['ToolRegistration'];
export type ToolRegistrationBody = Schemas['CreateToolRegistrationBody'];
export type Webhook = Schemas['Webhook'];
export type WebhookBody = Schemas['CreateWebhookBody'];
export type WebhookWithSecret = Schemas['WebhookWithSecret'];

export async function listToolRegistrations(client: QuireClient, view: ListView = {}): Promise<ToolRegistration[]> {
  return allPages((cursor) => client.v1.GET('/v1/tool-registrations', { params: { query: { limit: PAGE_SIZE, cursor, ...view } } }));
}

export async function createToolRegistration(client: QuireClient, body: ToolRegistrationBody): Promise<ToolRegistration> {
  return unwrapResult(await client.v1.POST('/v1/tool-registrations', { body }));
}

export async function deleteToolRegistration(client: QuireClient, id: string): Promise<void> {
  expectDone(await client.v1.DELETE('/v1/tool-registrations/{tool_id}', { params: { path: { tool_id: id } } }));
}

export async function listWebhooks(client: QuireClient, view: ListView = {}): Promise<Webhook[]> {
  return allPages((cursor) => client.v1.GET('/v1/webhooks', { params: { query: { limit: PAGE_SIZE, cursor, ...view } } }));
}

export async function createWebhook(client: QuireClient, body: WebhookBody): Promise<WebhookWithSecret> {
  return unwrapResult(await client.v1.POST('/v1/webhooks', { body }));
}

export async function updateWebhook(client: QuireClient, id: string, body: Partial<WebhookBody> & { enabled?: boolean }): Promise<Webhook> {
  return unwrapResult(await client.v1.PATCH('/v1/webhooks/{webhook_id}', { params: { path: { webhook_id: id } }, body }));
}

export async function deleteWebhook(client: QuireClient, id: string): Promise<void> {
  expectDone(await client.v1.DELETE('/v1/webhooks/{webhook_id}', { params: { path: { webhook_id: id } } }));
}

export type WebhookDelivery = Schemas['WebhookDelivery'];

export async function getWebhook(client: QuireClient, id: string): Promise<Webhook> {
  return unwrapResult(await client.v1.GET('/v1/webhooks/{webhook_id}', { params: { path: { webhook_id: id } } }));
}

/** Every state a delivery can be in (the status select's order). */
export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const satisfies readonly WebhookDelivery['status'][];

/** The latest deliveries, newest first, only those in `status` when given: one page is what a person reads (the log can be long). */
export async function listWebhookDeliveries(client: QuireClient, id: string, status?: WebhookDelivery['status'], limit = 50): Promise<WebhookDelivery[]> {
  return unwrapResult(await client.v1.GET('/v1/webhooks/{webhook_id}/deliveries', { params: { path: { webhook_id: id }, query: { limit, status } } }));
}

/** Sends a `ping` now (not retried) and answers its delivery: what the endpoint replied. */
export async function pingWebhook(client: QuireClient, id: string): Promise<WebhookDelivery> {
  return unwrapResult(await client.v1.POST('/v1/webhooks/{webhook_id}/ping', { params: { path: { webhook_id: id } } }));
}

/** A new signing secret, answered this once. */
export async function rotateWebhookSecret(client: QuireClient, id: string): Promise<WebhookWithSecret> {
  return unwrapResult(await client.v1.POST('/v1/webhooks/{webhook_id}/rotate-secret', { params: { path: { webhook_id: id } } }));
}

export type Entity = Schemas['Entity'];
export type EntityBody = Schemas['CreateEntityBody'];

export async function listEntities(client: QuireClient, view: ListView = {}): Promise<Entity[]> {
  return allPages((cursor) => client.v1.GET('/v1/entities', { params: { query: { limit: PAGE_SIZE, cursor, ...view } } }));
}

export async function createEntity(client: QuireClient, body: EntityBody): Promise<Entity> {
  return unwrapResult(await client.v1.POST('/v1/entities', { body }));
}

export async function updateEntity(client: QuireClient, id: string, body: Partial<EntityBody>): Promise<Entity> {
  return unwrapResult(await client.v1.PATCH('/v1/entities/{entity_id}', { params: { path: { entity_id: id } }, body }));
}

export async function deleteEntity(client: QuireClient, id: string): Promise<void> {
  expectDone(await client.v1.DELETE('/v1/entities/{entity_id}', { params: { path: { entity_id: id } } }));
}
