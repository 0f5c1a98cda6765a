/** Wire schemas of batches, batch runs and batch documents (§4.7). */
import { Type } from 'typebox';
import { Nullable, Ref, StringEnum } from '../../../kernel/schema.js';
import { Timestamp, stored } from '../wire-common.schemas.js';
import { BATCH_DOCUMENT_STATUSES, BATCH_STATUSES, BatchScope, PRIORITIES, RunStatus } from '../wire-enums.js';

const Count = Type.Integer({ minimum: 0 });
const NextCursor = Nullable(Type.String({ description: 'Pass as `cursor` for the next page; null on the last' }));

export const BatchOptions = Type.Object(
  {
    skip_already_processed: Type.Optional(Type.Boolean()),
    preserve_corrections: Type.Optional(Type.Boolean()),
    force: Type.Optional(Type.Boolean()),
    max_concurrency: Type.Optional(Type.Integer({ minimum: 1, maximum: 16 })),
  },
  { ...stored, $id: 'BatchOptions' },
);

export const Batch = Type.Object(
  {
    id: Type.String({ description: '`bat_` id' }),
    organization_id: Type.String(),
    assessment_id: Nullable(Type.String()),
    name: Type.String(),
    processor_id: Nullable(Type.String()),
    options: Ref(BatchOptions),
    status: StringEnum(BATCH_STATUSES, { description: 'Derived from the latest run; draft before the first' }),
    counts: Type.Object({ total: Count, pending: Count, queued: Count, processing: Count, succeeded: Count, failed: Count, skipped: Count, excluded: Count }),
    latest_run_id: Nullable(Type.String()),
    created_by: Nullable(Type.String()),
    created_at: Timestamp(),
    updated_at: Timestamp(),
  },
  { $id: 'Batch', description: 'A set of source documents processed together, with per-document rows' },
);

export const BatchRun = Type.Object(
  {
    id: Type.String({ description: '`brun_` id' }),
    organization_id: Type.String(),
    batch_id: Type.String(),
    run_number: Type.Integer({ minimum: 1 }),
    scope: BatchScope,
    trigger: Type.String({ description: 'manual (POST …/runs) or process (POST /batches/process)' }),
    status: RunStatus,
    percent_completed: Type.Integer({ minimum: 0, maximum: 100 }),
    counts: Type.Object({ targeted: Count, succeeded: Count, failed: Count, skipped: Count }, stored),
    started_at: Nullable(Timestamp()),
    finished_at: Nullable(Timestamp()),
    error: Nullable(Type.String()),
  },
  { $id: 'BatchRun' },
);

export const BatchDocument = Type.Object(
  {
    id: Type.String({ description: '`bdoc_` id' }),
    organization_id: Type.String(),
    batch_id: Type.String(),
    document_id: Type.String({ description: 'The source document (`sdoc_` id)' }),
    position: Count,
    included: Type.Boolean(),
    processor_id: Nullable(Type.String()),
    priority: StringEnum(PRIORITIES),
    status: StringEnum(BATCH_DOCUMENT_STATUSES),
    skip_reason: Nullable(Type.String()),
    attempts: Count,
    last_run_id: Nullable(Type.String()),
    last_error: Nullable(
      Type.Object(
        {
          code: Type.Optional(Type.String()),
          category: Type.Optional(Type.String()),
          message: Type.Optional(Type.String()),
          component: Type.Optional(Type.String()),
          page_number: Type.Optional(Nullable(Type.Integer())),
        },
        { ...stored, description: 'The last failure: a processing error or a policy refusal' },
      ),
    ),
    result: Nullable(Type.Object({ item_count: Type.Optional(Count), pages_processed: Type.Optional(Count) }, stored)),
    updated_at: Timestamp(),
  },
  { $id: 'BatchDocument', description: 'One source document in a batch' },
);

export const BatchPage = Type.Object({ batches: Type.Array(Ref(Batch)), next_cursor: NextCursor }, { $id: 'BatchPage' });
export const BatchDocumentPage = Type.Object({ batch_documents: Type.Array(Ref(BatchDocument)), next_cursor: NextCursor }, { $id: 'BatchDocumentPage' });

export const BatchCreated = Type.Object(
  {
    batch: Ref(Batch),
    batch_documents: Type.Array(Ref(BatchDocument)),
    rejected: Type.Array(Type.Object({ document_id: Type.String(), reason: StringEnum(['not_found']) }), {
      description: 'Unknown or foreign ids, never stored',
    }),
  },
  { $id: 'BatchCreated' },
);

export const BatchRunStarted = Type.Object(
  { started: Type.Boolean({ description: 'true' }), already_running: Type.Boolean({ description: 'false' }), run: Ref(BatchRun) },
  { $id: 'BatchRunStarted' },
);

export const BatchRunNotStarted = Type.Object(
  { started: Type.Boolean({ description: 'false' }), already_running: Type.Boolean(), run_id: Nullable(Type.String({ description: 'The active run' })) },
  { $id: 'BatchRunNotStarted', description: 'A run of this batch is already active (one per batch)' },
);

export const BatchProcessResult = Type.Object(
  {
    runs: Type.Array(Ref(BatchRun)),
    skipped: Type.Array(Type.Object({ batch_id: Type.String(), reason: StringEnum(['already_running', 'nothing_to_do']) })),
  },
  { $id: 'BatchProcessResult' },
);

export const BATCH_SCHEMAS = [
  BatchOptions,
  Batch,
  BatchRun,
  BatchDocument,
  BatchPage,
  BatchDocumentPage,
  BatchCreated,
  BatchRunStarted,
  BatchRunNotStarted,
  BatchProcessResult,
];
