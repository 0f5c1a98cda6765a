/**
 * Decoded generation snapshots kept in the process, by id. A snapshot is written once and never
 * changed (generation-snapshot.repository.ts), so a decoded copy cannot go stale; a deleted one
 * is simply never asked for again, because callers first list the ids the database still holds,
 * in the caller's organization. Every read of a generated document lists its recent snapshots for
 * the sections' staleness: reading and decoding their manifests (tens of KB each) was a quarter
 * of such a GET. Bounded by the characters of the stored JSON (16 M, roughly 40 MB of heap
 * decoded); the least recently used goes first. Records are shared: callers must not change them.
 */
import type { GenerationSnapshotRecord } from './generation-snapshot-record.js';

const MAX_CHARS = 16_000_000;

const records = new Map<string, { record: GenerationSnapshotRecord; chars: number }>();
let totalChars = 0;

export function cachedSnapshot(id: string): GenerationSnapshotRecord | undefined {
  const entry = records.get(id);
  if (entry === undefined) return undefined;
  records.delete(id);
  records.set(id, entry);
  return entry.record;
}

/** Deep-freezes a decoded record: one caller changing a shared record would be seen by every later one; frozen, it throws instead. */
function frozen<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    for (const member of Object.values(value)) frozen(member);
    Object.freeze(value);
  }
  return value;
}

/**
 * Keeps `record`, decoded from `chars` characters of stored JSON (a larger one than the bound is
 * not kept), frozen: the caller that read it gets the same frozen record as every later one.
 */
export function keepSnapshot(record: GenerationSnapshotRecord, chars: number): void {
  frozen(record);
  if (chars > MAX_CHARS || records.has(record.id)) return;
  records.set(record.id, { record, chars });
  totalChars += chars;
  for (const [id, entry] of records) {
    if (totalChars <= MAX_CHARS) break;
    records.delete(id);
    totalChars -= entry.chars;
  }
}

/** How many snapshots are kept (tests). */
export function cachedSnapshotCount(): number {
  return records.size;
}
