/**
 * The live memory the export bench and the export memory test read (test/support/live-memory.ts,
 * docs/adr/0801-live-memory-after-two-gcs.md): Buffers that died before the reading are not in it,
 * reachable ones are, each once.
 */
import { expect, it } from 'vitest';
import { exposedGc, heapAndExternal, liveBytes } from '../support/live-memory.js';

const MB = 2 ** 20;
/** 64 Buffers of 1 MB: each its own ArrayBuffer (larger than Node's pool), as a page of an export is. */
const buffers = (): Buffer[] => Array.from({ length: 64 }, (_, i) => Buffer.alloc(MB, i));

it('leaves out the Buffers that died since the last GC (one GC still counted all 64 MB of them)', () => {
  const gc = exposedGc();
  const before = liveBytes(gc);
  let garbage: Buffer[] | undefined = buffers();
  expect(heapAndExternal() - before).toBeGreaterThan(63 * MB);
  expect(garbage).toHaveLength(64);
  garbage = undefined;
  expect(liveBytes(gc) - before).toBeLessThan(4 * MB);
});

it('counts the Buffers still reachable, once each', () => {
  const gc = exposedGc();
  const before = liveBytes(gc);
  const kept = buffers();
  const held = liveBytes(gc) - before;
  expect(held).toBeGreaterThan(63 * MB);
  expect(held).toBeLessThan(66 * MB);
  expect(kept).toHaveLength(64);
});
