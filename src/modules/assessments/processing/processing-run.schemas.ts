/** Wire schema of a processing run (§4.4) and of the rerun answer. */
import { Type } from 'typebox';
import { Nullable, Ref } from '../../../kernel/schema.js';
import { ProcessingError, ProcessingWarning, Timestamp, stored } from '../wire-common.schemas.js';
import { RunStatus, RunTrigger } from '../wire-enums.js';

export const CarriedForward = Type.Object(
  { corrections: Type.Integer({ minimum: 0 }), validations: Type.Integer({ minimum: 0 }), conflicts: Type.Integer({ minimum: 0 }) },
  { ...stored, $id: 'CarriedForward', description: 'Human work a rerun re-applied, and the conflicts it flagged (D9)' },
);

export const ProcessingRun = Type.Object(
  {
    id: Type.String({ description: '`run_` id' }),
    organization_id: Type.String(),
    document_id: Type.String(),
    batch_run_id: Nullable(Type.String()),
    trigger: RunTrigger,
    processor_id: Type.String(),
    processor_version: Nullable(Type.String()),
    engine_versions: Type.Record(Type.String(), Type.String(), { description: 'Engine → version, pinned for reproduction' }),
    input_sha256: Type.String(),
    status: RunStatus,
    started_at: Nullable(Timestamp()),
    finished_at: Nullable(Timestamp()),
    duration_ms: Nullable(Type.Integer({ minimum: 0 })),
    preserve_corrections: Type.Boolean(),
    force: Type.Boolean(),
    carried_forward: Ref(CarriedForward),
    item_count: Type.Integer({ minimum: 0 }),
    errors: Type.Array(Ref(ProcessingError)),
    warnings: Type.Array(Ref(ProcessingWarning)),
  },
  { $id: 'ProcessingRun', description: 'One extraction of a source document' },
);

export const RerunResponse = Type.Object(
  {
    started: Type.Boolean(),
    already_running: Type.Boolean({ description: 'true: a run of this document is active; run_id is that run' }),
    document_id: Type.String(),
    run_id: Type.String(),
    status_url: Type.String({ description: 'Where to poll the run (processing details)' }),
  },
  { $id: 'RerunResponse' },
);

export const PROCESSING_RUN_SCHEMAS = [CarriedForward, ProcessingRun, RerunResponse];
