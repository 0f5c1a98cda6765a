/**
 * The serialized document detail of `GET /v1/documents/{id}`, kept per process (issue #17: the
 * warm GET). An entry is the response body exactly as the route's serializer wrote it and its
 * entity tag, stored under (organization, document) with the revisions it was read at; it is
 * answered only while the database still gives those revisions. They are counted by database
 * triggers on every write to what the detail reads (migrations 0018 and 0019), so a write by
 * any process is seen by the next GET, and nothing is ever served stale:
 * - the document's revision counts its own rows (all a detail without generated sections
 *   depends on, so such an entry checks only this one), its bound snippets and its generation
 *   snapshots;
 * - the organization's revision counts what a generated section's `staleBecause` reads beyond
 *   the document (library, voices, settings, tool registrations, assessments…): an entry of a
 *   generated document checks both.
 * The route decides what may be stored at all (see `DocumentDetailReader`, document-detail-reader.ts).
 *
 * The revisions are read through Kysely on every GET, on both dialects: one small indexed
 * select is all a cached answer costs the database, and no shortcut can hide another process's
 * write (docs/adr/0261-one-way-to-read.md). On SQLite an entry also keeps the database's change
 * stamp read before its revisions were last found current (storage/change-stamp.ts): while the
 * stamp is still the same nothing at all was committed since, so the revisions are too and the
 * GET reads the stamp only (docs/adr/0381-cached-get-change-stamp.md).
 *
 * An entry keeps the body's UTF-8 bytes, encoded once: a string body would be measured
 * (`Buffer.byteLength`) and encoded again on every answer, which for a ~10 KB detail with one
 * non-ASCII character costs as much as everything else the cached answer does (BENCHMARKS.md,
 * "Request path").
 *
 * Bounded by the bytes of the bodies it holds: storing beyond the budget drops the least
 * recently used entries first, and a body larger than the whole budget is not stored.
 */
import { createHash } from 'node:crypto';
import type { DetailRevisions } from './document-detail.repository.js';

/** A serialized detail as the bytes sent, and its entity tag (a strong tag: the SHA-256 of those bytes). */
export interface SerializedDetail {
  body: Buffer;
  etag: string;
}

/** What an answer is: the JSON text encoded once; the same bytes give the same tag, on any process. */
export function serializedDetail(json: string): SerializedDetail {
  const body = Buffer.from(json, 'utf8');
  return { body, etag: `"${createHash('sha256').update(body).digest('base64url')}"` };
}

/** The default budget: 16 MiB of bodies (about 1,600 details of the seeded DPIA's 10 KB). */
export const DEFAULT_DETAIL_CACHE_BYTES = 16 * 1024 * 1024;

/** What an entry was read at: `organization` null when the detail depends on the document's rows alone. */
export interface StoredRevisions {
  document: string;
  organization: string | null;
}

interface Entry {
  revisions: StoredRevisions;
  detail: SerializedDetail;
  /** The change stamp read before `revisions` were last found current (SQLite), or undefined. */
  confirmedAt: string | undefined;
}

export class DocumentDetailCache {
  /** In least-recently-used order (a Map iterates in insertion order; a hit re-inserts). */
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;

  /**
   * @param maxBytes most body bytes held at once; 0 keeps nothing.
   */
  constructor(private readonly maxBytes: number = DEFAULT_DETAIL_CACHE_BYTES) {}

  /**
   * The detail stored for the document if its revisions were found current at change stamp
   * `stamp` (read before them), which is still the database's: nothing was committed since.
   */
  unchangedSince(orgId: string, documentId: string, stamp: string): SerializedDetail | undefined {
    const key = keyOf(orgId, documentId);
    const entry = this.entries.get(key);
    if (entry === undefined || entry.confirmedAt !== stamp) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.detail;
  }

  /**
   * The detail stored for the document if it was read at the `current` revisions it depends on
   * (then remembered as current at `stamp`, the change stamp read before them); an entry of
   * others is dropped.
   */
  get(orgId: string, documentId: string, current: DetailRevisions, stamp?: string): SerializedDetail | undefined {
    const key = keyOf(orgId, documentId);
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    this.entries.delete(key);
    const { document, organization } = entry.revisions;
    if (document !== current.document || (organization !== null && organization !== current.organization)) {
      this.bytes -= entry.detail.body.length;
      return undefined;
    }
    entry.confirmedAt = stamp;
    this.entries.set(key, entry);
    return entry.detail;
  }

  /**
   * Stores the detail read at `revisions` (read them BEFORE the rows: then the body is at least
   * that new), read in turn after change stamp `stamp` (SQLite).
   */
  set(orgId: string, documentId: string, revisions: StoredRevisions, detail: SerializedDetail, stamp?: string): void {
    const key = keyOf(orgId, documentId);
    const previous = this.entries.get(key);
    if (previous !== undefined) {
      this.entries.delete(key);
      this.bytes -= previous.detail.body.length;
    }
    if (detail.body.length > this.maxBytes) return;
    this.entries.set(key, { revisions, detail, confirmedAt: stamp });
    this.bytes += detail.body.length;
    for (const [oldest, entry] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= entry.detail.body.length;
    }
  }

  /** How many details and body bytes are held (for tests and metrics). */
  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }
}

/** An organization id never contains a space, so the first space ends it: two pairs never share a key. */
function keyOf(orgId: string, documentId: string): string {
  return `${orgId} ${documentId}`;
}
