/**
 * §4.8 completeness: every requirement (the assessment's own, then the processor schema's
 * required item types) is matched against the current items of the assessment's documents.
 * Pure: the caller loads the rows — only the items of the requirements' keys
 * (`requirementKeys`), and the item totals from the tallies (docs/adr/0651-item-tallies.md).
 */
import type { ExtractedItemRecord } from '../../extracted-items/extracted-item.repository.js';
import { getProcessor } from '../../../../extraction/processor-catalog.js';
import type { SourceDocumentRecord } from '../../uploads/source-document.repository.js';
import type { AssessmentRecord, Requirement } from '../assessment.repository.js';

export type RequirementStatus = 'satisfied' | 'missing' | 'needs_validation' | 'low_confidence' | 'conflicting' | 'failed_checks' | 'too_few';

export interface RequirementReport {
  key: string;
  label: string;
  source: 'assessment' | 'processor_schema';
  occurrence: NonNullable<Requirement['occurrence']>;
  status: RequirementStatus;
  item_ids: string[];
  document_ids: string[];
  best_confidence: number | null;
  searched_document_ids?: string[];
}

export interface Gap {
  requirement_key?: string;
  document_id?: string;
  reason: string;
  message: string;
  item_ids?: string[];
}

export interface Completeness {
  assessment_id: string;
  status: 'complete' | 'incomplete';
  complete: boolean;
  score: number;
  ui_state: 'ready' | 'processing' | 'needs_review' | 'needs_input';
  requirements: RequirementReport[];
  gaps: Gap[];
  documents: { total: number; processed: number; partially_processed: number; failed: number; pending: number; skipped: number };
  items: { total: number; validated: number; corrected: number; auto_validated: number; needs_review: number; pending: number; rejected: number };
  computed_at: string;
}

const ACCEPTED = new Set(['validated', 'corrected', 'auto_validated']);
const hasValue = (i: ExtractedItemRecord): boolean => (i.value_state === 'present' || i.value_state === 'inferred') && i.validation_status !== 'rejected';

function requirementsOf(assessment: AssessmentRecord, docs: readonly SourceDocumentRecord[]): Array<Requirement & { source: RequirementReport['source'] }> {
  const list: Array<Requirement & { source: RequirementReport['source'] }> = assessment.requirements.map((r) => ({ ...r, source: 'assessment' as const }));
  const seen = new Set(list.map((r) => r.key));
  const processorIds = new Set(docs.map((d) => d.processor_id).filter((p): p is string => p !== null));
  for (const processorId of processorIds) {
    for (const type of getProcessor(processorId)?.item_types ?? []) {
      if (!type.occurrence.startsWith('required') || type.key.includes('*') || seen.has(type.key)) continue;
      seen.add(type.key);
      list.push({ key: type.key, label: type.label, occurrence: type.occurrence, source: 'processor_schema' });
    }
  }
  return list;
}

function statusOf(req: Requirement, items: ExtractedItemRecord[]): RequirementStatus {
  const occurrence = req.occurrence ?? 'required_once';
  const withValue = items.filter(hasValue);
  const min = occurrence.endsWith('multiple') ? Math.max(1, req.min_count ?? 1) : 1;
  if (withValue.length === 0) return 'missing';
  if (withValue.length < min) return 'too_few';
  if (withValue.some((i) => i.validation.checks.some((c) => !c.passed && c.severity === 'error'))) return 'failed_checks';
  if (occurrence.endsWith('once') && new Set(withValue.map((i) => JSON.stringify(i.value))).size > 1) return 'conflicting';
  const accepted = withValue.filter((i) => ACCEPTED.has(i.validation_status));
  const humanAccepted = withValue.some((i) => i.validation_status === 'validated' || i.validation_status === 'corrected');
  const best = Math.max(...withValue.map((i) => i.confidence.overall ?? 0));
  if (req.min_confidence !== undefined && !humanAccepted && best < req.min_confidence) return 'low_confidence';
  if (req.require_validation !== false && accepted.length === 0) return 'needs_validation';
  return 'satisfied';
}

/** The item keys completeness reads items of: what the caller loads (and nothing else). */
export function requirementKeys(assessment: AssessmentRecord, docs: readonly SourceDocumentRecord[]): string[] {
  return requirementsOf(assessment, docs).map((r) => r.key);
}

/** Each requirement with its status and the items and documents that answer it. */
function requirementReports(assessment: AssessmentRecord, docs: readonly SourceDocumentRecord[], items: readonly ExtractedItemRecord[]): RequirementReport[] {
  return requirementsOf(assessment, docs).map((req) => {
    const matching = items.filter((i) => i.key === req.key);
    const status = statusOf(req, matching);
    const withValue = matching.filter(hasValue);
    const confidences = withValue.map((i) => i.confidence.overall).filter((c): c is number => c !== null);
    return {
      key: req.key,
      label: req.label ?? req.key,
      source: req.source,
      occurrence: req.occurrence ?? 'required_once',
      status,
      item_ids: withValue.map((i) => i.id),
      document_ids: [...new Set(withValue.map((i) => i.document_id))],
      best_confidence: confidences.length > 0 ? Math.max(...confidences) : null,
      ...(status === 'missing' ? { searched_document_ids: docs.map((d) => d.id) } : {}),
    };
  });
}

/** The unsatisfied required requirements, then the documents whose processing failed. */
function gapsOf(requirements: readonly RequirementReport[], docs: readonly SourceDocumentRecord[]): Gap[] {
  const gaps: Gap[] = [];
  for (const r of requirements) {
    if (r.status === 'satisfied' || !r.occurrence.startsWith('required')) continue;
    gaps.push({ requirement_key: r.key, reason: r.status, message: gapMessage(r), ...(r.item_ids.length > 0 ? { item_ids: r.item_ids } : {}) });
  }
  for (const d of docs) {
    if (d.processing_status === 'failed') gaps.push({ document_id: d.id, reason: 'document_failed', message: `processing of ${d.filename} failed` });
  }
  return gaps;
}

function documentCounts(docs: readonly SourceDocumentRecord[]): Completeness['documents'] {
  const count = (s: string): number => docs.filter((d) => d.processing_status === s).length;
  return {
    total: docs.length,
    processed: count('processed'),
    partially_processed: count('partially_processed'),
    failed: count('failed'),
    pending: count('uploaded') + count('queued') + count('processing'),
    skipped: count('skipped'),
  };
}

/** Item totals from per-status counts (the tallies, or a count of loaded items). */
export function itemTotalsOf(byStatus: Partial<Record<string, number>>): Completeness['items'] {
  const itemCount = (s: string): number => byStatus[s] ?? 0;
  return {
    total: Object.values(byStatus).reduce<number>((sum, n) => sum + (n ?? 0), 0),
    validated: itemCount('validated'),
    corrected: itemCount('corrected'),
    auto_validated: itemCount('auto_validated'),
    needs_review: itemCount('needs_review'),
    pending: itemCount('pending'),
    rejected: itemCount('rejected'),
  };
}

/**
 * Computes completeness from the assessment, its documents, their current items of the
 * requirements' keys (more items change nothing) and the totals of all their current items.
 */
export function computeCompleteness(
  assessment: AssessmentRecord,
  docs: readonly SourceDocumentRecord[],
  items: readonly ExtractedItemRecord[],
  itemTotals: Completeness['items'],
  now: string,
): Completeness {
  const requirements = requirementReports(assessment, docs, items);
  const gaps = gapsOf(requirements, docs);
  const documents = documentCounts(docs);
  const required = requirements.filter((r) => r.occurrence.startsWith('required'));
  const satisfied = required.filter((r) => r.status === 'satisfied').length;
  const score = required.length === 0 ? (docs.length > 0 ? 1 : 0) : satisfied / required.length;
  const needsReview = itemTotals.needs_review;
  const complete =
    docs.length > 0 && documents.pending === 0 && documents.failed === 0 && satisfied === required.length && (required.length > 0 || needsReview === 0);
  const ui_state: Completeness['ui_state'] =
    documents.pending > 0
      ? 'processing'
      : complete
        ? 'ready'
        : required.some((r) => r.status === 'missing' || r.status === 'too_few') || docs.length === 0
          ? 'needs_input'
          : 'needs_review';
  return {
    assessment_id: assessment.id,
    status: complete ? 'complete' : 'incomplete',
    complete,
    score: Math.round(score * 1000) / 1000,
    ui_state,
    requirements,
    gaps,
    documents,
    items: itemTotals,
    computed_at: now,
  };
}

function gapMessage(r: RequirementReport): string {
  switch (r.status) {
    case 'missing':
      return `No document provided ${r.label}`;
    case 'too_few':
      return `Too few values for ${r.label}`;
    case 'needs_validation':
      return `${r.label} needs a reviewer's validation`;
    case 'low_confidence':
      return `${r.label} was extracted with low confidence`;
    case 'conflicting':
      return `Documents disagree on ${r.label}`;
    default:
      return `${r.label} fails an error check`;
  }
}
