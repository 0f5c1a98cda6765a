/** Wire schemas of assessments (§4.1), completeness (§4.8) and processing details (§4.9). */
import { Type } from 'typebox';
import { Nullable, Ref, StringEnum } from '../../../kernel/schema.js';
import { ProcessingRun } from '../processing/processing-run.schemas.js';
import { RejectedFile, SourceDocument } from '../uploads/source-document.schemas.js';
import { ProcessingError, ProcessingWarning, Timestamp, stored } from '../wire-common.schemas.js';
import { AUTOMATIONS, Occurrence, ProcessingStatus, ReviewStatus, RunStatus, RunTrigger, ValueTypeEnum } from '../wire-enums.js';

const Count = Type.Integer({ minimum: 0 });
const Share = Type.Number({ minimum: 0, maximum: 1 });

export const AssessmentRequirement = Type.Object(
  {
    key: Type.String(),
    label: Type.Optional(Type.String()),
    value_type: Type.Optional(ValueTypeEnum),
    occurrence: Type.Optional(Occurrence),
    min_confidence: Type.Optional(Share),
    require_validation: Type.Optional(Type.Boolean()),
    min_count: Type.Optional(Type.Integer({ minimum: 1 })),
  },
  { ...stored, $id: 'AssessmentRequirement', description: 'A key the case file must provide' },
);

export const Assessment = Type.Object(
  {
    id: Type.String({ description: '`asm_` id' }),
    organization_id: Type.String(),
    name: Type.String(),
    description: Nullable(Type.String()),
    status: StringEnum(['draft', 'processing', 'in_review', 'complete', 'failed'], { description: 'Derived from its documents and completeness' }),
    processor_id: Nullable(Type.String()),
    automation: StringEnum(AUTOMATIONS, { description: 'never: every item waits for a human; confident: confident items auto-validate (D7)' }),
    requirements: Type.Array(Ref(AssessmentRequirement)),
    linked_document_id: Nullable(Type.String({ description: 'The /v1 document this case file feeds' })),
    counts: Type.Object({ documents: Count, processing: Count, failed: Count, items: Count, needs_review: Count, validated: Count }),
    completeness: Type.Object({ status: StringEnum(['complete', 'incomplete']), score: Share, computed_at: Timestamp() }),
    created_by: Nullable(Type.String()),
    created_at: Timestamp(),
    updated_at: Timestamp(),
  },
  { $id: 'Assessment', description: 'A case file: uploaded documents, their extracted items and what is still missing' },
);

export const AssessmentPage = Type.Object(
  { assessments: Type.Array(Ref(Assessment)), next_cursor: Nullable(Type.String({ description: 'Pass as `cursor` for the next page; null on the last' })) },
  { $id: 'AssessmentPage' },
);

export const AssessmentCreated = Type.Object(
  { assessment: Ref(Assessment), documents: Type.Array(Ref(SourceDocument)), rejected_files: Type.Array(Ref(RejectedFile)) },
  { $id: 'AssessmentCreated' },
);

export const RequirementReport = Type.Object(
  {
    key: Type.String(),
    label: Type.String(),
    source: StringEnum(['assessment', 'processor_schema']),
    occurrence: Occurrence,
    status: StringEnum(['satisfied', 'missing', 'needs_validation', 'low_confidence', 'conflicting', 'failed_checks', 'too_few']),
    item_ids: Type.Array(Type.String()),
    document_ids: Type.Array(Type.String()),
    best_confidence: Nullable(Share),
    searched_document_ids: Type.Optional(Type.Array(Type.String(), { description: 'With status missing: the documents searched' })),
  },
  { $id: 'RequirementReport' },
);

export const CompletenessGap = Type.Object(
  {
    requirement_key: Type.Optional(Type.String()),
    document_id: Type.Optional(Type.String()),
    reason: Type.String({ description: 'A requirement status other than satisfied, or document_failed' }),
    message: Type.String(),
    item_ids: Type.Optional(Type.Array(Type.String())),
  },
  { $id: 'CompletenessGap' },
);

export const Completeness = Type.Object(
  {
    assessment_id: Type.String(),
    status: StringEnum(['complete', 'incomplete']),
    complete: Type.Boolean(),
    score: Type.Number({ minimum: 0, maximum: 1, description: 'Satisfied required requirements ÷ required requirements' }),
    ui_state: StringEnum(['ready', 'processing', 'needs_review', 'needs_input']),
    requirements: Type.Array(Ref(RequirementReport)),
    gaps: Type.Array(Ref(CompletenessGap)),
    documents: Type.Object({ total: Count, processed: Count, partially_processed: Count, failed: Count, pending: Count, skipped: Count }),
    items: Type.Object({ total: Count, validated: Count, corrected: Count, auto_validated: Count, needs_review: Count, pending: Count, rejected: Count }),
    computed_at: Timestamp(),
  },
  { $id: 'Completeness', description: 'What the assessment still lacks; `gaps` and `ui_state` echo /v1 readiness' },
);

const Grade = StringEnum(['poor', 'fair', 'good', 'excellent']);

export const PageReport = Type.Object(
  {
    page_number: Type.Integer({ minimum: 1 }),
    method: StringEnum(['text_layer', 'ocr', 'native']),
    parse_score: Nullable(Share),
    ocr_score: Nullable(Share),
    grade: Nullable(Grade),
    item_count: Count,
    warnings: Type.Array(Ref(ProcessingWarning)),
  },
  { ...stored, $id: 'PageReport', description: 'How one page was read' },
);

export const DocumentProcessingDetail = Type.Object(
  {
    document_id: Type.String(),
    filename: Type.String(),
    mime_type: Type.String(),
    size_bytes: Count,
    sha256: Type.String(),
    page_count: Nullable(Count),
    processing_status: ProcessingStatus,
    skip_reason: Nullable(Type.String()),
    review_status: ReviewStatus,
    latest_run: Nullable(Ref(ProcessingRun)),
    pages: Type.Array(Ref(PageReport)),
    errors: Type.Array(Ref(ProcessingError)),
    run_history: Type.Array(Type.Object({ id: Type.String(), status: RunStatus, trigger: RunTrigger, finished_at: Nullable(Timestamp()) })),
  },
  { $id: 'DocumentProcessingDetail' },
);

export const ProcessingDetails = Type.Object(
  {
    assessment_id: Type.String(),
    documents: Type.Array(Ref(DocumentProcessingDetail)),
    summary: Type.Object({ documents: Count, pages: Count, ocr_pages: Count, failed: Count, mean_grade: Nullable(Grade), low_grade: Nullable(Grade) }),
  },
  { $id: 'ProcessingDetails', description: 'Per document: the latest run, per-page method and quality, errors and run history' },
);

export const ASSESSMENT_SCHEMAS = [
  AssessmentRequirement,
  Assessment,
  AssessmentPage,
  AssessmentCreated,
  RequirementReport,
  CompletenessGap,
  Completeness,
  PageReport,
  DocumentProcessingDetail,
  ProcessingDetails,
];
