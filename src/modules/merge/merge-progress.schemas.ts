/**
 * The merge progress stream's events (`GET /v1/merge-runs/{id}/progress`), one schema per kind,
 * told apart by `event`: generated clients get a discriminated union whose `event` is an enum,
 * each kind with its own keys, instead of a string to parse and cast (docs/adr/0631).
 */
import { Type } from 'typebox';
import { Nullable, StringEnum } from '../../kernel/schema.js';

const counts = {
  seq: Type.Integer({ description: 'monotonic per run; resume with Last-Event-ID' }),
  total: Type.Integer({ description: 'rows in the run' }),
  done: Type.Integer({ description: 'rows made so far' }),
  failed: Type.Integer({ description: 'rows failed so far' }),
};
const pending = Type.Integer({ description: 'rows still to make' });
const eta = Nullable(Type.Integer({ description: 'seconds until the run should end, from the pace so far; null before the first row ends' }));

export const MergeStartedEvent = Type.Object(
  { event: StringEnum(['merge_started'] as const), ...counts, pending },
  { $id: 'MergeStartedEvent', description: 'the run starts (or resumes) making rows' },
);
export const MergeRowDoneEvent = Type.Object(
  {
    event: StringEnum(['row_done'] as const),
    ...counts,
    pending,
    etaSeconds: eta,
    row: Type.Integer({ description: 'the row number (1 = first data row)' }),
    fileName: Type.String(),
    phaseMs: Type.Record(Type.String(), Type.Number(), { description: 'phase → milliseconds spent on this row' }),
  },
  { $id: 'MergeRowDoneEvent', description: "a row's document was made" },
);
export const MergeRowFailedEvent = Type.Object(
  {
    event: StringEnum(['row_failed'] as const),
    ...counts,
    pending,
    etaSeconds: eta,
    row: Type.Integer({ description: 'the row number (1 = first data row)' }),
    message: Type.String({ description: 'why the row failed' }),
  },
  { $id: 'MergeRowFailedEvent', description: 'a row failed' },
);
export const MergeEndedEvent = Type.Object(
  {
    event: StringEnum(['merge_ended'] as const),
    ...counts,
    status: StringEnum(['finished', 'failed', 'cancelled'] as const),
    error: Type.Optional(Type.String({ description: 'why the run failed' })),
  },
  { $id: 'MergeEndedEvent', description: 'terminal: the run ended; the stream closes after it' },
);

const KINDS = [
  { kind: 'merge_started', id: 'MergeStartedEvent', schema: MergeStartedEvent },
  { kind: 'row_done', id: 'MergeRowDoneEvent', schema: MergeRowDoneEvent },
  { kind: 'row_failed', id: 'MergeRowFailedEvent', schema: MergeRowFailedEvent },
  { kind: 'merge_ended', id: 'MergeEndedEvent', schema: MergeEndedEvent },
];

/** Every merge progress event, told apart by `event`. */
export const MergeProgressEvent = Type.Unsafe<Record<string, unknown>>({
  $id: 'MergeProgressEvent',
  description: 'One frame of the merge progress stream (`id: <seq>` + `data: <this JSON>`).',
  oneOf: KINDS.map(({ id }) => ({ $ref: id })),
  discriminator: { propertyName: 'event', mapping: Object.fromEntries(KINDS.map(({ kind, id }) => [kind, `#/components/schemas/${id}`])) },
});

export const MERGE_PROGRESS_SCHEMAS = [...KINDS.map(({ schema }) => schema), MergeProgressEvent];
