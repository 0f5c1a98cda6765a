/** The templates the caller can instantiate (`GET /v1/templates`). */
import type { QuireClient } from './client.js';
import type { components } from './generated/v1.js';
import { unwrap } from './unwrap.js';

/** A template as the list answers it (a document with `isTemplate`). */
export type TemplateSummary = components['schemas']['DocumentSummary'];

/** Every template, following the list's pages (`X-Next-Cursor`) to the last one. */
/** Every template, oldest first or newest first (`order`), optionally only titles matching `q`. */
export async function listTemplates(client: QuireClient, view: { q?: string; order?: 'oldest' | 'newest' } = {}): Promise<TemplateSummary[]> {
  const templates: TemplateSummary[] = [];
  let cursor: string | undefined;
  do {
    const result = await client.v1.GET('/v1/templates', { params: { query: { limit: 200, cursor, ...view } } });
    templates.push(...unwrap(result));
    cursor = result.response.headers.get('x-next-cursor') ?? undefined;
  } while (cursor !== undefined);
  return templates;
}

/** A template by slug or id, as `new <template>` names it. */
export async function findTemplate(client: QuireClient, slugOrId: string): Promise<TemplateSummary | undefined> {
  return (await listTemplates(client)).find((template) => template.slug === slugOrId || template.id === slugOrId);
}
