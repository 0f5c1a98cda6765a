import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DEFAULT_HEAP_GROWING_PERCENT, boundHeapGrowth } from './heap-growth.js';

const PROBE = fileURLToPath(new URL('./test-support/heap-growth-probe.ts', import.meta.url));

/** Runs the probe in a process of its own (V8 flags are per process): the largest heap total it saw, and the most alive at once. */
function probe(percent: number): Promise<{ largestTotalMb: number; liveMb: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', PROBE, String(percent)], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`the probe exited with ${code}`));
      resolve(JSON.parse(out) as { largestTotalMb: number; liveMb: number });
    });
  });
}

describe('boundHeapGrowth', () => {
  it("keeps a busy heap near what is alive instead of V8's growth of up to 4 × (this runtime honours the flag)", async () => {
    const [own, bounded] = await Promise.all([probe(0), probe(DEFAULT_HEAP_GROWING_PERCENT)]);
    // The same work in both (about 105 MB alive at the peak): V8's own factor let the heap reach
    // 4.4 × that (458 MB), bounded 2.2 × (231 MB: alive × 1.5 after a collection, plus what is
    // allocated while the next one marks, plus the young generation).
    expect(bounded.largestTotalMb).toBeLessThan(own.largestTotalMb * 0.7);
    expect(bounded.largestTotalMb).toBeLessThan(bounded.liveMb * 2.5);
  }, 120_000);

  it('refuses a negative or fractional percent, and 0 leaves V8 its own factor', () => {
    expect(() => boundHeapGrowth(-1)).toThrow(/whole number/);
    expect(() => boundHeapGrowth(1.5)).toThrow(/whole number/);
    expect(() => boundHeapGrowth(0)).not.toThrow();
  });
});
