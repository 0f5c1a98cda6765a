/**
 * A process that keeps a live heap and churns objects that live long enough to reach the old
 * generation, then prints the largest heap total it saw and what stayed alive (heap-growth.test.ts).
 * Argument: the heap growing percent to apply first (0: V8's own factor). A fixed amount of work,
 * not a duration: the allocations are the same on a fast or a loaded machine. Run with
 * `--expose-gc`: the most that is alive at once is read after a full collection at the peak of the churn.
 */
import { getHeapStatistics } from 'node:v8';
// A probe of the kernel module beside it (the rule keeps the kernel from importing the modules above it).
// eslint-disable-next-line no-restricted-imports
import { boundHeapGrowth } from '../heap-growth.js';

boundHeapGrowth(Number(process.argv[2] ?? 0));

const MB = 1048576;
// About 50 MB that stays alive the whole run, like a server's caches and modules.
const live = Array.from({ length: 400_000 }, (_, i) => ({ id: i, name: `kept ${i}`, parts: [i, i + 1] }));
let recent: object[] = [];
let largestTotal = 0;

function churn(round: number): void {
  // Objects that survive a few young collections (they are kept for a while), then die: the old
  // generation's garbage a busy server makes.
  for (let i = 0; i < 20_000; i += 1) recent.push({ round, i, text: `churned ${round}.${i}`, cells: [i, round, i * round, 0] });
  largestTotal = Math.max(largestTotal, getHeapStatistics().total_heap_size);
  if (recent.length >= 200_000) {
    if (round === 399) {
      // The churned objects are all still reachable here: the most alive at once.
      (globalThis as { gc?: () => void }).gc?.();
      const liveMb = getHeapStatistics().used_heap_size / MB;
      console.log(JSON.stringify({ largestTotalMb: largestTotal / MB, liveMb, kept: live.length }));
      return;
    }
    recent = [];
  }
  setImmediate(() => churn(round + 1));
}
churn(0);
