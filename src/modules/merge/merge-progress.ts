/** A merge job attempt's running counts, and what each progress event says about them (counts, ETA). */
import type { MergeRowStatus } from './merge-run.repository.js';

export interface Progress {
  counts: Record<MergeRowStatus, number>;
  total: number;
  /** Rows finished by this attempt and when it started, for the ETA. */
  finishedHere: number;
  startedAt: number;
}

/** Seconds left at this attempt's pace, or null before its first row. */
export function etaSeconds(progress: Progress, now: number): number | null {
  if (progress.finishedHere === 0) return null;
  const perRow = (now - progress.startedAt) / progress.finishedHere;
  return Math.round((perRow * progress.counts.pending) / 1000);
}

export function countsOf(progress: Progress): { total: number; done: number; failed: number; pending: number } {
  return { total: progress.total, done: progress.counts.done, failed: progress.counts.failed, pending: progress.counts.pending };
}

/** Counts one finished row. */
export function countRow(progress: Progress, status: 'done' | 'failed'): void {
  progress.counts.pending -= 1;
  progress.counts[status] += 1;
  progress.finishedHere += 1;
}
