/**
 * What the soak (bench/soak.ts) concludes from its RSS samples, kept apart so its arithmetic is
 * tested (test/bench/soak-analysis.test.ts) without a 30-minute run.
 *
 * Issue 35 item 4: "RSS at the end within 10 % of minute 5". Single samples are noisy (a pooled
 * worker's heap before its collection can add 50 MB for one sample), so both ends are medians of
 * the samples in a window: the reference is the median of the samples within ±30 s of minute 5 (of
 * a third of the run when it is shorter than 15 minutes, so a short look still has a warm-up), the
 * end the median of the last minute's samples. The slope over the last half is a least-squares line
 * through its samples: a leak shows as a steady positive slope even when the end is still within
 * bound.
 */

export interface MemorySample {
  /** Seconds since the load started. */
  t: number;
  /** The server's resident set size, MB. */
  rss: number;
  /** The server's main-thread heap used (from its /metrics), MB; undefined when the read failed. */
  heapUsed?: number;
}

export interface SoakVerdict {
  /** Seconds into the run the reference is taken at (300 in a run of 15 minutes or more). */
  referenceAt: number;
  /** Median RSS within ±30 s of `referenceAt`, MB. */
  reference: number;
  /** Median RSS of the last minute, MB. */
  end: number;
  /** (end − reference) / reference. */
  growth: number;
  /** RSS slope over the last half of the run, MB per minute. */
  slopeMbPerMinute: number;
  /** Heap used at the reference and at the end (medians as above), MB; undefined without heap samples. */
  heapReference?: number;
  heapEnd?: number;
  /** Whether the end is within `bound` of the reference. */
  withinBound: boolean;
}

export const REFERENCE_SECONDS = 300;
const WINDOW_SECONDS = 30;
const END_WINDOW_SECONDS = 60;

export function median(values: number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Least-squares slope of y against x; 0 with fewer than two distinct x. */
export function slope(points: Array<{ x: number; y: number }>): number {
  const n = points.length;
  if (n < 2) return 0;
  const mx = points.reduce((s, p) => s + p.x, 0) / n;
  const my = points.reduce((s, p) => s + p.y, 0) / n;
  const sxx = points.reduce((s, p) => s + (p.x - mx) ** 2, 0);
  if (sxx === 0) return 0;
  return points.reduce((s, p) => s + (p.x - mx) * (p.y - my), 0) / sxx;
}

/** The reference point of a run of `durationSeconds`: minute 5, or a third of a run shorter than 15 minutes. */
export function referenceSeconds(durationSeconds: number): number {
  return Math.min(REFERENCE_SECONDS, Math.round(durationSeconds / 3));
}

/** Judges a run of `durationSeconds` from its samples; `bound` is the allowed relative change (0.1). */
export function judgeSoak(samples: MemorySample[], durationSeconds: number, bound = 0.1): SoakVerdict {
  if (samples.length === 0) throw new Error('the soak took no samples');
  const referenceAt = referenceSeconds(durationSeconds);
  const last = Math.max(...samples.map((s) => s.t));
  const around = samples.filter((s) => Math.abs(s.t - referenceAt) <= WINDOW_SECONDS);
  const tail = samples.filter((s) => s.t >= last - END_WINDOW_SECONDS);
  if (around.length === 0) throw new Error(`no sample within ${WINDOW_SECONDS} s of ${referenceAt} s`);
  const reference = median(around.map((s) => s.rss));
  const end = median(tail.map((s) => s.rss));
  const growth = (end - reference) / reference;
  const secondHalf = samples.filter((s) => s.t >= durationSeconds / 2);
  const heap = (list: MemorySample[]) => {
    const values = list.map((s) => s.heapUsed).filter((v): v is number => v !== undefined);
    return values.length === 0 ? undefined : median(values);
  };
  return {
    referenceAt,
    reference,
    end,
    growth,
    slopeMbPerMinute: slope(secondHalf.map((s) => ({ x: s.t / 60, y: s.rss }))),
    heapReference: heap(around),
    heapEnd: heap(tail),
    withinBound: Math.abs(growth) <= bound,
  };
}
