/** The templates the caller can instantiate (`GET /v1/templates`). */
import type { QuireClient } from './client.js';
import type { components } from './generated/v1.js';
import { unwrap } from './unwrap.js';

/** A template as the list answers it (a document with `isTemplate`). */
export type TemplateSummary = components['schemas']['DocumentSummary'];

/** The first page of templates (the server's default page size). */
export async function listTemplates(client: QuireClient): Promise<TemplateSummary[]> {
  return unwrap(await client.v1.GET('/v1/templates'));
}

/** A template by slug or id, as `new <template>` names it. */
export async function findTemplate(client: QuireClient, slugOrId: string): Promise<TemplateSummary | undefined> {
  return (await listTemplates(client)).find((template) => template.slug === slugOrId || template.id === slugOrId);
}
