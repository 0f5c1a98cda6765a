/**
 * The live streams' events (issue 33 item 1, ADR 0591): one schema per kind, told apart by `kind`.
 * Each says WHAT changed and where, never the new content: a view re-reads what it shows (the
 * read is authorized and shaped like every read), so an event cannot leak or go stale.
 */
import { type TSchema, Type } from 'typebox';
import { StringEnum } from '../../kernel/schema.js';

/** Every kind, in one place: the repository, publishers and the OpenAPI union read it. */
export const LIVE_EVENT_KINDS = [
  'run.progress',
  'section.changed',
  'fields.changed',
  'document.changed',
  'snapshot.changed',
  'comment.changed',
  'suggestion.changed',
  'assessment.changed',
  'merge_run.changed',
] as const;
export type LiveEventKind = (typeof LIVE_EVENT_KINDS)[number];

const frame = {
  seq: Type.Integer({ description: "the organization's change sequence number (also the SSE `id`); resume after it with Last-Event-ID or ?after=" }),
  ts: Type.Number({ description: 'when the change was committed, seconds since the epoch' }),
  by: Type.Union([Type.Null(), Type.String()], { description: 'the user who made the change, or null for the service itself (a run, a worker)' }),
};
const onDocument = { documentId: Type.String({ description: 'the document that changed' }) };

function liveEventSchema(kind: LiveEventKind, data: Record<string, TSchema>, description: string) {
  const id = `${kind
    .split(/[._]/)
    .map((part) => part[0].toUpperCase() + part.slice(1))
    .join('')}Event`;
  const schema = Type.Object({ kind: Type.Literal(kind), ...frame, ...data }, { $id: id, description });
  return schema as typeof schema & { $id: string };
}

const SectionAction = StringEnum(['created', 'edited', 'restored', 'deleted', 'reordered', 'updated'] as const);
const SnapshotAction = StringEnum(['created', 'restored', 'deleted'] as const);
const CommentAction = StringEnum(['created', 'updated', 'resolved', 'reopened', 'deleted'] as const);
const SuggestionAction = StringEnum(['proposed', 'accepted', 'rejected'] as const);

export const LIVE_EVENT_SCHEMAS = [
  liveEventSchema(
    'run.progress',
    {
      ...onDocument,
      runId: Type.Integer({ description: 'the run number (as on the progress stream)' }),
      progressSeq: Type.Integer({ description: 'the last progress-stream seq this change covers' }),
      event: Type.String({ description: 'the last progress event written (pipeline_started, render_started, pipeline_finished, …)' }),
      terminal: Type.Boolean({ description: 'the run ended (pipeline_finished, pipeline_failed or pipeline_blocked)' }),
    },
    "a run of the document moved on: one event per batch of progress events (the run's detail is on the progress stream)",
  ),
  liveEventSchema(
    'section.changed',
    {
      ...onDocument,
      sectionId: Type.Union([Type.Null(), Type.String()], { description: 'null when several sections changed (a reorder)' }),
      action: SectionAction,
    },
    'a section was created, edited by hand, restored, deleted, updated or reordered (a regenerated section arrives as run.progress)',
  ),
  liveEventSchema(
    'fields.changed',
    { ...onDocument, keys: Type.Array(Type.String(), { description: 'the field keys sent' }) },
    "the document's field values changed",
  ),
  liveEventSchema(
    'document.changed',
    {
      ...onDocument,
      state: Type.Optional(Type.String({ description: 'the lifecycle state after the change, when it changed' })),
      deleted: Type.Optional(Type.Boolean()),
    },
    'the document itself changed: its lifecycle state, title, description, or it was deleted',
  ),
  liveEventSchema('snapshot.changed', { ...onDocument, snapshotId: Type.String(), action: SnapshotAction }, 'a snapshot was taken, restored or deleted'),
  liveEventSchema(
    'comment.changed',
    {
      ...onDocument,
      sectionId: Type.Union([Type.Null(), Type.String()]),
      commentId: Type.String({ description: 'the comment created, edited or deleted; for resolved and reopened, the thread' }),
      action: CommentAction,
    },
    'a comment on the document changed',
  ),
  liveEventSchema(
    'suggestion.changed',
    { ...onDocument, sectionId: Type.String(), suggestionId: Type.String(), action: SuggestionAction },
    'a suggested edit was proposed, accepted or rejected (an accepted one also arrives as section.changed)',
  ),
  liveEventSchema(
    'assessment.changed',
    {
      assessmentId: Type.Union([Type.Null(), Type.String()], { description: 'null for an uploaded document outside any assessment' }),
      sourceDocumentId: Type.Optional(Type.String()),
      status: Type.Optional(Type.String({ description: 'the processing status after the change' })),
    },
    "an assessment's documents or their processing changed (organization stream only)",
  ),
  liveEventSchema(
    'merge_run.changed',
    { mergeRunId: Type.String(), status: Type.String({ description: 'the merge run status after the change' }) },
    'a merge run advanced or ended (organization stream only)',
  ),
];

/** Every live event: one of the kinds above, told apart by `kind`. */
export const LiveEvent = Type.Unsafe<Record<string, unknown>>({
  $id: 'LiveEvent',
  description:
    'One frame of a live stream (`id: <seq>` + `data: <this JSON>`): what changed, never the new content; a view re-reads what it shows. Comment lines keep the connection open.',
  oneOf: LIVE_EVENT_SCHEMAS.map((schema) => ({ $ref: schema.$id })),
  discriminator: {
    propertyName: 'kind',
    mapping: Object.fromEntries(LIVE_EVENT_SCHEMAS.map((schema) => [schema.properties.kind.const, `#/components/schemas/${schema.$id}`])),
  },
});

export const LIVE_SCHEMAS = [...LIVE_EVENT_SCHEMAS, LiveEvent];
