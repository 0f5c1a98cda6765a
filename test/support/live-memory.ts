/**
 * What a process keeps alive, read after full GCs (issue 35 item 2, docs/adr/0801-live-memory-after-two-gcs.md).
 *
 * One forced GC is not enough to read it: V8 frees dead ArrayBuffers (every Node Buffer) on a
 * background thread after the GC and takes their bytes off `external` only when the main thread
 * next finishes that sweep, at the next GC. So right after a single `gc()`, `external` still counts
 * every Buffer that died since the previous GC: 20–35 MB at the JSON export's throughput on SQLite,
 * which the export bench read as live memory growing with the item count. A second GC finishes the
 * first one's sweep, and what is left is what is reachable.
 *
 * `external` already includes `arrayBuffers` (Node's documentation): adding both counts each Buffer twice.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

type Gc = () => void;

/** `gc` as `--expose-gc` gives it, or made available in a process started without the flag (a test worker). */
export function exposedGc(): Gc {
  const given = (globalThis as { gc?: Gc }).gc;
  if (given) return given;
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as Gc;
}

/** V8 heap in use plus memory outside it held by JS objects (Buffers included), bytes. */
export function heapAndExternal(): number {
  const m = process.memoryUsage();
  return m.heapUsed + m.external;
}

/**
 * The bytes reachable now: two full GCs, then V8's heap plus external memory. Costs two full GCs
 * (tens of ms on a 100 MB heap), so it is for benches and memory tests, not the service.
 */
export function liveBytes(gc: Gc = exposedGc()): number {
  gc();
  // The second GC finishes the first one's ArrayBuffer sweep, taking the dead Buffers off `external`.
  gc();
  return heapAndExternal();
}
