/**
 * `section_failed`: a section the last run could not write (its model answer stayed unusable
 * after the bounded repair and retries; issue 31, row 8). It keeps its earlier text with status
 * `failed`. Like a draft risk block, it is a warning while the document is a draft — generating
 * again is how it is fixed, so it must not stop generation — and it blocks finalizing until the
 * section is written again or edited by hand.
 */
import type { ReadinessGap } from '../../../pipeline/readiness.js';
import type { DocumentInputs } from './load-document-inputs.js';

interface PinnedFailures {
  failed_sections?: Array<{ sectionId: string; error: string }>;
}

/** The reason the latest run that failed the section gave, from the recent snapshots (newest first). */
async function reasonsOf(inputs: DocumentInputs): Promise<Map<string, string>> {
  const reasons = new Map<string, string>();
  for (const snapshot of await inputs.recentSnapshots()) {
    for (const f of (snapshot.manifest as PinnedFailures).failed_sections ?? []) if (!reasons.has(f.sectionId)) reasons.set(f.sectionId, f.error);
  }
  return reasons;
}

export async function failedSectionGaps(inputs: DocumentInputs): Promise<ReadinessGap[]> {
  const failed = inputs.sections.filter((s) => s.status === 'failed');
  if (failed.length === 0) return [];
  const finalized = inputs.document.state === 'finalized';
  const reasons = await reasonsOf(inputs);
  return failed.map((section) => {
    const reason = reasons.get(section.id);
    return {
      kind: 'section_failed' as const,
      message: `Section "${section.title}" could not be written by the last run${reason ? ` (${reason})` : ''}: generate it again or write it by hand${finalized ? ' before finalizing' : ''}`,
      subjectType: 'section' as const,
      subjectId: section.id,
      key: section.key,
      blocking: finalized,
    };
  });
}
