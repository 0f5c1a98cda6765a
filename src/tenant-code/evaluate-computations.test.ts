import { afterEach, describe, expect, it, vi } from 'vitest';
import { COMPUTATION_LIMITS } from './budgets.js';
import { evaluateComputations } from './evaluate-computations.js';

const NOW = '2026-01-01T00:00:00.000Z';
const evaluate = (computations: Record<string, string>) => evaluateComputations({ computations, fields: {}, gathered: {}, now: NOW });

describe('a computation is bounded by the CPU time of its thread, not by the wall clock', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('finishes a small computation while the host keeps its thread off the CPU (the wall clock runs 100 ms per look)', async () => {
    // What an oversubscribed host does to a worker: wall-clock time passes while the thread waits
    // for a CPU. Stretching the clock itself makes that certain, whatever the machine's load.
    const realNow = Date.now.bind(Date);
    let looks = 0;
    vi.spyOn(Date, 'now').mockImplementation(() => realNow() + 100 * ++looks);
    const answer = await evaluate({ total: '$sum($map([1..2000], function($v){ $v }))' });
    expect(answer).toEqual({ computed: { total: 2_001_000 }, errors: {} });
  });

  it('stops a computation that spends more CPU than its budget, naming the budget, and still runs the ones after it', async () => {
    const answer = await evaluate({
      a_loop: '$sum($map([1..90000], function($i){$sum($map([1..90000], function($j){$i * $j}))}))',
      b_after: '1 + 1',
    });
    expect(answer.errors).toEqual({ a_loop: `computation "a_loop" ran past its time budget of ${COMPUTATION_LIMITS.cpuTimeMs} ms of CPU` });
    expect(answer.budgetExceeded).toMatchObject({ name: 'a_loop', budget: 'time' });
    expect(answer.computed).toEqual({ a_loop: null, b_after: 2 });
  });
});
