import { describe, expect, it } from 'vitest';
import type { GenerationSnapshotRecord } from './generation-snapshot-record.js';
import {
  SNAPSHOT_CACHE_CHARS,
  cachedSnapshot,
  cachedSnapshotChars,
  cachedSnapshotCount,
  keepSnapshot,
  setSnapshotCacheBudget,
} from './snapshot-records-cache.js';

const record = (id: string): GenerationSnapshotRecord => ({
  id,
  documentId: 'doc_1',
  runId: `run_${id}`,
  runNumber: 1,
  manifest: {},
  output: { sections: [] },
  manifestHash: 'h',
  createdAt: '2026-01-01T00:00:00.000Z',
});

describe('the decoded snapshots kept in the process', () => {
  it(`stay within ${SNAPSHOT_CACHE_CHARS} characters of stored JSON, the least recently used going first`, () => {
    // Twenty snapshots of a tenth of the budget each: twice what fits.
    const each = SNAPSHOT_CACHE_CHARS / 10;
    for (let i = 0; i < 20; i += 1) keepSnapshot(record(`snap_bound_${i}`), each);
    expect(cachedSnapshotChars()).toBeLessThanOrEqual(SNAPSHOT_CACHE_CHARS);
    expect(cachedSnapshotCount()).toBe(10);
    expect(cachedSnapshot('snap_bound_0')).toBeUndefined();
    expect(cachedSnapshot('snap_bound_19')?.runId).toBe('run_snap_bound_19');
  });

  it('never keeps a snapshot larger than the whole budget', () => {
    keepSnapshot(record('snap_huge'), SNAPSHOT_CACHE_CHARS + 1);
    expect(cachedSnapshot('snap_huge')).toBeUndefined();
    expect(cachedSnapshotChars()).toBeLessThanOrEqual(SNAPSHOT_CACHE_CHARS);
  });

  it('keeps within the budget the operator set (SNAPSHOT_CACHE_MB), dropping what no longer fits, and nothing at 0', () => {
    for (let i = 0; i < 5; i += 1) keepSnapshot(record(`snap_set_${i}`), 1_000);
    setSnapshotCacheBudget(2_500);
    expect(cachedSnapshotChars()).toBeLessThanOrEqual(2_500);
    expect(cachedSnapshot('snap_set_4')?.id).toBe('snap_set_4');
    setSnapshotCacheBudget(0);
    keepSnapshot(record('snap_set_none'), 1);
    expect(cachedSnapshotCount()).toBe(0);
    setSnapshotCacheBudget(SNAPSHOT_CACHE_CHARS);
  });
});
