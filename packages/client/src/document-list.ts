/** The active organization's documents (`GET /v1/documents`), one page at a time. */
import type { QuireClient } from './client.js';
import type { components, operations } from './generated/v1.js';
import { unwrap } from './unwrap.js';

export type DocumentSummary = components['schemas']['DocumentSummary'];

export interface DocumentPage {
  documents: DocumentSummary[];
  /** The cursor of the next page; undefined on the last one. */
  nextCursor: string | undefined;
}

/** A page of the list; `q` keeps the documents whose title contains it, `state` those in that lifecycle state; `order` oldest (default) or newest first. */
export interface DocumentListQuery {
  cursor?: string;
  limit?: number;
  q?: string;
  state?: NonNullable<NonNullable<operations['listDocuments']['parameters']['query']>['state']>;
  order?: NonNullable<NonNullable<operations['listDocuments']['parameters']['query']>['order']>;
}

export async function listDocuments(client: QuireClient, page: DocumentListQuery = {}): Promise<DocumentPage> {
  const result = await client.v1.GET('/v1/documents', {
    params: { query: { limit: page.limit ?? 50, cursor: page.cursor, q: page.q, state: page.state, order: page.order } },
  });
  return { documents: unwrap(result), nextCursor: result.response.headers.get('x-next-cursor') ?? undefined };
}
