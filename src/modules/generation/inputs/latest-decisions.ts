/**
 * The decisions of a document's latest run, as its generation snapshot pinned them (issue 31):
 * what the detail shows, what the export's annex lists and what finalizing checks the text against.
 */
import type { DecisionResult } from '../../../tenant-code/evaluate-decisions.js';
import type { GenerationSnapshotRecord } from '../../history/generation-snapshot.repository.js';

/** The newest snapshot's decisions (snapshots newest first); null when no run recorded any (runs before issue 31 did not). */
export function latestDecisions(snapshots: readonly GenerationSnapshotRecord[]): DecisionResult[] | null {
  const pinned = (snapshots[0]?.manifest as { decisions?: unknown } | undefined)?.decisions;
  return Array.isArray(pinned) && pinned.length > 0 ? (pinned as DecisionResult[]) : null;
}
