/** The active organization's documents (`GET /v1/documents`), one page at a time. */
import type { QuireClient } from './client.js';
import type { components } from './generated/v1.js';
import { unwrap } from './unwrap.js';

export type DocumentSummary = components['schemas']['DocumentSummary'];

export interface DocumentPage {
  documents: DocumentSummary[];
  /** The cursor of the next page; undefined on the last one. */
  nextCursor: string | undefined;
}

export async function listDocuments(client: QuireClient, page: { cursor?: string; limit?: number } = {}): Promise<DocumentPage> {
  const result = await client.v1.GET('/v1/documents', { params: { query: { limit: page.limit ?? 50, cursor: page.cursor } } });
  return { documents: unwrap(result), nextCursor: result.response.headers.get('x-next-cursor') ?? undefined };
}
