/** The templates the caller can instantiate (`GET /v1/templates`). */
import type { QuireClient } from './client.js';
import { asArray, optionalStringAt, stringAt } from './open-responses.js';
import { unwrap } from './unwrap.js';

export interface TemplateSummary {
  id: string;
  slug: string | null;
  title: string;
  description: string | null;
}

export async function listTemplates(client: QuireClient): Promise<TemplateSummary[]> {
  const templates = unwrap(await client.v1.GET('/v1/templates'));
  return asArray(templates, 'templates').map((template) => ({
    id: stringAt(template, 'id'),
    slug: optionalStringAt(template, 'slug'),
    title: stringAt(template, 'title'),
    description: optionalStringAt(template, 'description'),
  }));
}

/** A template by slug or id, as `new <template>` names it. */
export async function findTemplate(client: QuireClient, slugOrId: string): Promise<TemplateSummary | undefined> {
  return (await listTemplates(client)).find((template) => template.slug === slugOrId || template.id === slugOrId);
}
