/** Wire schemas of extracted items (§4.5) and their review answers. */
import { Type } from 'typebox';
import { Nullable, Ref, StringEnum } from '../../../kernel/schema.js';
import { Confidence, Provenance, Timestamp, stored } from '../wire-common.schemas.js';
import { ReviewStatus, Severity, ValidationStatus, ValueState, ValueTypeEnum } from '../wire-enums.js';

export const ItemCheckResult = Type.Object(
  { id: Type.String(), severity: Severity, passed: Type.Boolean(), message: Type.Optional(Nullable(Type.String())), skipped: Type.Optional(Type.Boolean()) },
  { ...stored, $id: 'ItemCheckResult', description: 'One rule check outcome (D6); skipped checks count as passed' },
);

export const ItemValidation = Type.Object(
  {
    status: ValidationStatus,
    checks: Type.Array(Ref(ItemCheckResult)),
    blockers: Type.Array(
      Type.Object(
        {
          type: StringEnum(['low_confidence', 'failed_check', 'absent_required', 'conflicting', 'unreadable', 'rerun_conflict', 'issuer_history_changed'], {
            description: "issuer_history_changed: a stable value (IBAN, VAT id) differs from the one confirmed on the issuer's earlier documents",
          }),
          check_id: Type.Optional(Type.String()),
          message: Type.Optional(Type.String()),
        },
        stored,
      ),
      { description: 'Why the item needs review' },
    ),
    decided_by: Type.Optional(Nullable(Type.String())),
    decided_at: Type.Optional(Nullable(Type.String())),
    decision_source: Type.Optional(Nullable(StringEnum(['human', 'automation', 'carried_forward']))),
    note: Type.Optional(Nullable(Type.String())),
    acknowledged_warnings: Type.Optional(Type.Array(Type.String())),
  },
  { ...stored, $id: 'ItemValidation', description: 'Rule checks plus the human decision (D6)' },
);

export const ItemAlternate = Type.Object(
  {
    value: Type.Unknown({ description: "The typed value this candidate read (free JSON, typed by the item's value_type)" }),
    value_text: Nullable(Type.String({ description: 'A stable string form of value' })),
    raw_text: Nullable(Type.String({ description: 'The text as printed' })),
    confidence: Ref(Confidence),
    provenance: Ref(Provenance),
  },
  { ...stored, $id: 'ItemAlternate', description: 'Another candidate for a field that occurs once: less confident than (or printed after) the chosen value' },
);

export const ExtractedItem = Type.Object(
  {
    id: Type.String({ description: '`itm_` id' }),
    organization_id: Type.String(),
    document_id: Type.String({ description: 'The source document (`sdoc_` id)' }),
    assessment_id: Nullable(Type.String()),
    run_id: Type.String(),
    processor_id: Type.String(),
    key: Type.String(),
    label: Type.String(),
    path: Type.String(),
    parent_id: Nullable(Type.String()),
    occurrence_index: Type.Integer({ minimum: 0 }),
    value_type: ValueTypeEnum,
    value_state: ValueState,
    value: Type.Unknown({ description: 'The effective value (the active correction, else the extraction), typed by value_type; free JSON' }),
    value_text: Nullable(Type.String({ description: 'A stable string form of value (what feeds /v1 fields)' })),
    raw_text: Nullable(Type.String({ description: 'The text as printed' })),
    extracted: Type.Object(
      {
        value: Type.Unknown(),
        value_text: Type.Optional(Nullable(Type.String())),
        raw_text: Type.Optional(Nullable(Type.String())),
        value_state: Type.Optional(ValueState),
      },
      { ...stored, description: 'What the processor produced; never changes' },
    ),
    is_corrected: Type.Boolean(),
    confidence: Ref(Confidence),
    provenance: Ref(Provenance),
    candidates: Type.Array(Type.Unknown(), { description: 'For conflicting items: each candidate with value, confidence and anchors' }),
    alternates: Type.Array(Ref(ItemAlternate), {
      description: 'For a field that occurs once: the other candidates the processor read, best first; the item holds the best. Empty when there were none',
    }),
    validation: Ref(ItemValidation),
    current_correction_id: Nullable(Type.String()),
    version: Type.Integer({ description: 'Optimistic concurrency: send as expected_version' }),
    superseded_by: Nullable(Type.String()),
    created_at: Timestamp(),
    updated_at: Timestamp(),
  },
  { $id: 'ExtractedItem', description: 'A value extracted from a source document, with provenance, confidence and review state' },
);

export const ExtractedItemList = Type.Object(
  {
    document_id: Type.String(),
    run_id: Nullable(Type.String({ description: 'The current run; null before one succeeded' })),
    review_status: ReviewStatus,
    items: Type.Array(Ref(ExtractedItem)),
    next_cursor: Nullable(Type.String()),
  },
  { $id: 'ExtractedItemList' },
);

export const ValidateAllResult = Type.Object(
  {
    document_id: Type.String(),
    validated: Type.Integer({ minimum: 0 }),
    skipped: Type.Array(Type.Object({ item_id: Type.String(), reason: StringEnum(['needs_review', 'already_decided', 'low_confidence']) })),
    failed: Type.Array(Type.Object({ item_id: Type.String(), failed_checks: Type.Array(Type.String()) })),
    review_status: ReviewStatus,
    dry_run: Type.Boolean(),
  },
  { $id: 'ValidateAllResult' },
);

export const EXTRACTED_ITEM_SCHEMAS = [ItemCheckResult, ItemValidation, ItemAlternate, ExtractedItem, ExtractedItemList, ValidateAllResult];
