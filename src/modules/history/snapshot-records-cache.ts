/**
 * Decoded generation snapshots kept in the process, by id. A snapshot is written once and never
 * changed (generation-snapshot.repository.ts), so a decoded copy cannot go stale; a deleted one
 * is simply never asked for again, because callers first list the ids the database still holds,
 * in the caller's organization. Every read of a generated document lists its recent snapshots for
 * the sections' staleness: reading and decoding their manifests (tens of KB each) was a quarter
 * of such a GET. Bounded by the characters of the stored JSON (SNAPSHOT_CACHE_MB, 16 M by default,
 * roughly 40 MB of heap decoded); the least recently used goes first. Records are shared: callers must not change them.
 */
import type { GenerationSnapshotRecord } from './generation-snapshot-record.js';

/** The default budget (SNAPSHOT_CACHE_MB=16): characters of stored JSON, the decoded records taking about 2.5 × that in heap. */
export const SNAPSHOT_CACHE_CHARS = 16_000_000;
let budgetChars = SNAPSHOT_CACHE_CHARS;

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
  if (chars > budgetChars || records.has(record.id)) return;
  records.set(record.id, { record, chars });
  totalChars += chars;
  trimToBudget();
}

function trimToBudget(): void {
  for (const [id, entry] of records) {
    if (totalChars <= budgetChars) break;
    records.delete(id);
    totalChars -= entry.chars;
  }
}

/** Sets the budget in characters of stored JSON (the operator's SNAPSHOT_CACHE_MB; 0 keeps none), dropping what no longer fits. */
export function setSnapshotCacheBudget(chars: number): void {
  budgetChars = chars;
  trimToBudget();
}

/** How many snapshots are kept (tests). */
export function cachedSnapshotCount(): number {
  return records.size;
}

/** Characters of stored JSON the kept snapshots were decoded from (tests, the cache inventory). */
export function cachedSnapshotChars(): number {
  return totalChars;
}
