/**
 * An assessment's completeness in words a reviewer reads at a glance: what still stands between
 * it and complete (documents being read, items missing, items waiting for review), never a bare
 * "Incomplete" beside a score that says 100%, and each gap named by its requirement or file.
 */
import type { Completeness } from './assessment-api';

type Gap = Completeness['gaps'][number];

/** "1 document", "2 documents". */
export function countOf(n: number, singular: string, plural = `${singular}s`): string {
  return `${n} ${n === 1 ? singular : plural}`;
}

/** One sentence: complete, or what keeps the assessment from it. */
export function completenessSummary(c: Pick<Completeness, 'complete' | 'requirements' | 'documents' | 'items'>): string {
  const required = c.requirements.filter((r) => r.occurrence.startsWith('required'));
  const satisfied = required.filter((r) => r.status === 'satisfied').length;
  if (c.complete)
    return required.length > 0 ? `Complete: all ${countOf(required.length, 'required item')} satisfied.` : 'Complete: every document is read and reviewed.';
  const reasons: string[] = [];
  if (c.documents.total === 0) reasons.push('no documents yet');
  if (c.documents.pending > 0) reasons.push(`${countOf(c.documents.pending, 'document')} still being read`);
  if (c.documents.failed > 0) reasons.push(`${countOf(c.documents.failed, 'document')} could not be read`);
  if (satisfied < required.length) reasons.push(`${satisfied} of ${countOf(required.length, 'required item')} satisfied`);
  if (c.items.needs_review > 0) reasons.push(`${countOf(c.items.needs_review, 'item')} waiting for review`);
  return `Not complete yet: ${reasons.length > 0 ? reasons.join('; ') : 'waiting for review'}.`;
}

const REASON_WORDS: Record<string, string> = {
  missing: 'not found in the documents',
  needs_validation: 'found, waiting for review',
  low_confidence: 'found, but read with low confidence',
  conflicting: 'the documents disagree',
  failed_checks: 'found, but fails its checks',
  too_few: 'fewer found than required',
  document_failed: 'the document could not be read',
};

/** A gap as a line: the requirement's label (or the file's name), then what is wrong, in words. */
export function gapLine(gap: Gap, requirements: Completeness['requirements'], filenames: ReadonlyMap<string, string>): string {
  const requirement = requirements.find((r) => r.key === gap.requirement_key);
  const subject =
    requirement?.label ??
    (gap.document_id !== undefined ? filenames.get(gap.document_id) : undefined) ??
    (gap.document_id !== undefined ? 'A document' : 'A requirement');
  const reason = REASON_WORDS[gap.reason] ?? gap.reason.replaceAll('_', ' ');
  return `${subject}: ${reason}`;
}
