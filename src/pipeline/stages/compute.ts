/**
 * The compute stage: named JSONata expressions over fields, gathered values and earlier
 * computations. Pure and deterministic — `$now()` and `$millis()` return the run's pinned
 * time, so a reproduced run computes the same values. Also serves `GET /computed`.
 *
 * The expressions are tenant-authored, so they are evaluated in a tenant-code worker
 * (tenant-code/evaluate-computations.ts) within a deadline, a heap cap and JSONata's depth,
 * time and sequence budgets; never on the main thread.
 */
import { computeBounded } from '../../tenant-code/tenant-code-pool.js';
import type { ComputeInput, ComputeOutput } from '../../tenant-code/evaluate-computations.js';

export type { ComputeInput, ComputeOutput } from '../../tenant-code/evaluate-computations.js';

/** Evaluates each computation in name order; each sees the ones before it under `computed`. */
export function computeValues(input: ComputeInput): Promise<ComputeOutput> {
  return computeBounded(input);
}
