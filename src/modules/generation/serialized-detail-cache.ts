/**
 * The serialized document detail of `GET /v1/documents/{id}`, kept per process (issue #17: the
 * warm GET). An entry is the response body exactly as the route's serializer wrote it and its
 * entity tag, stored under (organization, document) with the document's revision at the moment
 * it was read; it is answered only while the database still gives that revision. The revision
 * is counted by database triggers (migration 0018) on every write to the rows the detail is
 * read from, so a write by any process is seen by the next GET, and nothing is ever served
 * stale. The route decides what may be stored at all (see `readDocumentDetail`).
 *
 * Bounded by the characters of the bodies it holds: storing beyond the budget drops the least
 * recently used entries first, and a body larger than the whole budget is not stored.
 */
import { createHash } from 'node:crypto';

/** A serialized detail and its entity tag (a strong tag: the SHA-256 of the body's bytes). */
export interface SerializedDetail {
  body: string;
  etag: string;
}

/** What an answer's entity tag is: the same bytes give the same tag, on any process. */
export function serializedDetail(body: string): SerializedDetail {
  return { body, etag: `"${createHash('sha256').update(body).digest('base64url')}"` };
}

/** The default budget: ~16 MB of ASCII bodies (about 1,600 details of the seeded DPIA's 10 KB). */
export const DEFAULT_DETAIL_CACHE_CHARS = 16 * 1024 * 1024;

interface Entry {
  revision: string;
  detail: SerializedDetail;
}

export class SerializedDetailCache {
  /** In least-recently-used order (a Map iterates in insertion order; a hit re-inserts). */
  private readonly entries = new Map<string, Entry>();
  private chars = 0;

  /** @param maxChars most body characters held at once; 0 keeps nothing. */
  constructor(private readonly maxChars: number = DEFAULT_DETAIL_CACHE_CHARS) {}

  /** The detail stored for the document at exactly `revision`; an entry of another revision is dropped. */
  get(orgId: string, documentId: string, revision: string): SerializedDetail | undefined {
    const key = keyOf(orgId, documentId);
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    this.entries.delete(key);
    if (entry.revision !== revision) {
      this.chars -= entry.detail.body.length;
      return undefined;
    }
    this.entries.set(key, entry);
    return entry.detail;
  }

  /** Stores the detail read at `revision` (read the revision BEFORE the rows: then the body is at least that new). */
  set(orgId: string, documentId: string, revision: string, detail: SerializedDetail): void {
    const key = keyOf(orgId, documentId);
    const previous = this.entries.get(key);
    if (previous !== undefined) {
      this.entries.delete(key);
      this.chars -= previous.detail.body.length;
    }
    if (detail.body.length > this.maxChars) return;
    this.entries.set(key, { revision, detail });
    this.chars += detail.body.length;
    for (const [oldest, entry] of this.entries) {
      if (this.chars <= this.maxChars) break;
      this.entries.delete(oldest);
      this.chars -= entry.detail.body.length;
    }
  }

  /** How many details and body characters are held (for tests and metrics). */
  get size(): { entries: number; chars: number } {
    return { entries: this.entries.size, chars: this.chars };
  }
}

/** An organization id never contains a space, so the first space ends it: two pairs never share a key. */
function keyOf(orgId: string, documentId: string): string {
  return `${orgId} ${documentId}`;
}
