/**
 * How far V8 lets a heap grow past what a full collection left alive before it collects again.
 *
 * V8 sets each heap's next limit to what survived the last full collection times a factor it
 * picks from the collector's speed against the allocation rate, up to 4 on a machine with
 * memory to spare. A busy server that allocates fast (every request's objects, some living long
 * enough to reach the old generation) gets the largest factor: measured on the soak, 90 MB
 * alive let the main heap grow to 300+ MB of garbage before each collection, and the resident
 * size followed that saw-tooth, by ±100 MB from one minute to the next, though nothing leaked
 * (heap snapshots minutes apart held the same live objects). A fixed factor bounds the heap at
 * alive × (1 + percent/100): a flatter, smaller resident size for a few more full collections,
 * which V8 runs mostly concurrently and incrementally (BENCHMARKS.md "Soak" measures both).
 *
 * V8 flags are per process: this applies to the main thread and every worker thread's heap.
 * The flag is read at each collection, so setting it after start-up takes effect from the next
 * one. 0 leaves V8 its own factor.
 */
import { setFlagsFromString } from 'node:v8';

/** The default growth past the live heap: alive × 1.5 (HEAP_GROWING_PERCENT). */
export const DEFAULT_HEAP_GROWING_PERCENT = 50;

/** Fixes V8's heap growing factor for this process at 1 + `percent`/100; 0 keeps V8's own. */
export function boundHeapGrowth(percent: number): void {
  if (!Number.isInteger(percent) || percent < 0) throw new Error(`heap growing percent must be a whole number ≥ 0, got ${percent}`);
  if (percent === 0) return;
  setFlagsFromString(`--heap-growing-percent=${percent}`);
}
