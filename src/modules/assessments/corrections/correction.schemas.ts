/** Wire schema of a correction (§4.6): immutable revisions with the value before and after. */
import { Type } from 'typebox';
import { Nullable, Ref, StringEnum } from '../../../kernel/schema.js';
import { Provenance, Timestamp, stored } from '../wire-common.schemas.js';
import { CORRECTION_STATUSES, CorrectionReason, ValueState } from '../wire-enums.js';

export const CorrectedValue = Type.Object(
  {
    value: Type.Unknown({ description: "Typed by the item's value_type; free JSON" }),
    value_state: ValueState,
    provenance: Ref(Provenance),
    reanchored: Type.Boolean({ description: "false: the correction kept the extraction's anchors" }),
  },
  { ...stored, $id: 'CorrectedValue' },
);

export const CorrectionRevision = Type.Object(
  {
    revision: Type.Integer({ minimum: 1 }),
    status: StringEnum(CORRECTION_STATUSES),
    corrected: Ref(CorrectedValue),
    reason: CorrectionReason,
    note: Nullable(Type.String()),
    updated_by: Nullable(Type.String()),
    updated_at: Timestamp(),
  },
  { $id: 'CorrectionRevision', description: 'An earlier revision of a correction' },
);

export const Correction = Type.Object(
  {
    id: Type.String({ description: '`cor_` id' }),
    organization_id: Type.String(),
    item_id: Type.String(),
    document_id: Type.String(),
    assessment_id: Nullable(Type.String()),
    run_id: Type.String(),
    revision: Type.Integer({ minimum: 1 }),
    status: StringEnum(CORRECTION_STATUSES),
    previous: Type.Object(
      {
        value: Type.Unknown(),
        value_state: ValueState,
        provenance: Ref(Provenance),
        item_version: Type.Integer(),
        extracted: Type.Optional(Type.Object({ value: Type.Unknown(), value_state: ValueState }, stored)),
      },
      { ...stored, description: 'The item as it was when corrected' },
    ),
    corrected: Ref(CorrectedValue),
    reason: CorrectionReason,
    note: Nullable(Type.String()),
    history: Type.Array(Ref(CorrectionRevision)),
    created_by: Nullable(Type.String()),
    created_at: Timestamp(),
    updated_by: Nullable(Type.String()),
    updated_at: Timestamp(),
    time_spent_ms: Nullable(Type.Integer({ minimum: 0 })),
  },
  { $id: 'Correction', description: 'A human correction of an extracted item; every update is a new revision' },
);

export const CORRECTION_SCHEMAS = [CorrectedValue, CorrectionRevision, Correction];
