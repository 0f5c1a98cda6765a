/**
 * The closed sets of the assessment area's wire (ASSESSMENTS.md §4), each one `enum` in the
 * contract. One list per set, read by the request schemas (validation) and the response schemas
 * (documentation) alike, so the two never disagree.
 */
import { StringEnum } from '../../kernel/schema.js';
import { ALL_KINDS } from '../../extraction/types.js';
import { CORRECTION_REASONS } from './corrections/correction-input.js';

export const FILE_KINDS = ALL_KINDS;
export { CORRECTION_REASONS };
/** The values of §4.2 `review_status` (derived in uploads/source-document.presenter.ts). */
export const REVIEW_STATUSES = ['not_started', 'pending', 'in_review', 'validated', 'rejected'] as const;
export const VALUE_STATES = ['present', 'absent', 'blank', 'not_applicable', 'unreadable', 'conflicting', 'inferred'] as const;
export const VALUE_TYPES = [
  'string',
  'number',
  'integer',
  'money',
  'date',
  'datetime',
  'boolean',
  'email',
  'phone',
  'percent',
  'enum',
  'address',
  'object',
  'array',
] as const;
export const OCCURRENCES = ['required_once', 'optional_once', 'required_multiple', 'optional_multiple'] as const;
export const VALIDATION_STATUSES = ['pending', 'needs_review', 'auto_validated', 'validated', 'corrected', 'rejected'] as const;
export const PROCESSING_STATUSES = ['uploaded', 'queued', 'processing', 'processed', 'partially_processed', 'failed', 'skipped'] as const;
export const TEXT_LAYERS = ['present', 'absent', 'partial', 'not_applicable'] as const;
export const RUN_STATUSES = ['queued', 'running', 'succeeded', 'partially_succeeded', 'failed', 'cancelled'] as const;
export const RUN_TRIGGERS = ['upload', 'rerun', 'batch', 'add_documents'] as const;
export const SEVERITIES = ['error', 'warning', 'info'] as const;
export const CORRECTION_STATUSES = ['active', 'superseded', 'reverted'] as const;
export const BATCH_STATUSES = ['draft', 'queued', 'running', 'completed', 'completed_with_errors', 'failed', 'cancelled'] as const;
export const BATCH_DOCUMENT_STATUSES = ['pending', 'queued', 'processing', 'succeeded', 'failed', 'skipped', 'excluded'] as const;
export const BATCH_SCOPES = ['all', 'pending', 'failed'] as const;
export const PRIORITIES = ['low', 'normal', 'high'] as const;
export const EXPORT_POLICIES = ['validated_only', 'all'] as const;
export const AUTOMATIONS = ['never', 'confident'] as const;

/** Enum schemas used by more than one route or response. */
export const ValueState = StringEnum(VALUE_STATES, { description: '§4.5 value_state' });
export const ValueTypeEnum = StringEnum(VALUE_TYPES, { description: '§4.3 value_type' });
export const Occurrence = StringEnum(OCCURRENCES);
export const ValidationStatus = StringEnum(VALIDATION_STATUSES);
export const ReviewStatus = StringEnum(REVIEW_STATUSES, { description: 'Derived from the items unless the document was rejected' });
export const ProcessingStatus = StringEnum(PROCESSING_STATUSES);
export const RunStatus = StringEnum(RUN_STATUSES);
export const RunTrigger = StringEnum(RUN_TRIGGERS);
export const Severity = StringEnum(SEVERITIES);
export const CorrectionReason = StringEnum(CORRECTION_REASONS);
export const BatchScope = StringEnum(BATCH_SCOPES);
export const ExportPolicy = StringEnum(EXPORT_POLICIES);
