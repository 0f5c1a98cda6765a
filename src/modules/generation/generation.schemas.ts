/** Wire schemas of gathering, generation and synthesis, under the contract's exact names. */
import { type TSchema, Type } from 'typebox';
import { Nullable, Ref, StringEnum } from '../../kernel/schema.js';
import { GAP_KINDS, GAP_SUBJECT_TYPES, UI_STATES } from '../../pipeline/readiness.js';
import { Source } from '../documents/documents.schemas.js';
import { NextCursor } from '../paging.js';

const Variables = Type.Optional(Type.Record(Type.String(), Type.Unknown(), { description: 'extra template variables for this run' }));

const Refresh = Type.Optional(
  Type.Boolean({
    default: false,
    description:
      'gather every data-need afresh (no need_cached); by default a stored gathered value is reused only when everything it was derived from is unchanged',
  }),
);

export const GatherBody = Type.Object({ refresh: Refresh, variables: Variables }, { $id: 'GatherBody', additionalProperties: false });

export const GenerateBody = Type.Object(
  {
    variables: Variables,
    force: Type.Optional(Type.Boolean({ default: false, description: 'overwrite every section, hand-edited ones too' })),
    preserveEdited: Type.Optional(Type.Boolean({ default: false, description: 'keep hand-edited sections, regenerate the rest' })),
    refresh: Refresh,
  },
  { $id: 'GenerateBody', additionalProperties: false },
);

export const GenerateResponse = Type.Object(
  {
    started: Type.Boolean(),
    alreadyRunning: Type.Boolean(),
    documentId: Type.String(),
    progressUrl: Type.String(),
  },
  { $id: 'GenerateResponse' },
);

export const GenerateConflictResponse = Type.Object(
  {
    detail: Type.Object({
      blockedEdited: Type.Boolean({ description: 'always true' }),
      editedSectionTitles: Type.Array(Type.String()),
    }),
  },
  { $id: 'GenerateConflictResponse' },
);

export const SynthesizedContext = Type.Object(
  {
    id: Type.String(),
    mode: Type.String(),
    createdAt: Type.String(),
    model: Type.Optional(Nullable(Type.String())),
    payloadJson: Type.Optional(Type.Unknown()),
    schemaPath: Type.Optional(Nullable(Type.String())),
  },
  { $id: 'SynthesizedContext' },
);

export const SynthesisResponse = Type.Object({ synthesizedContext: Nullable(Ref(SynthesizedContext)) }, { $id: 'SynthesisResponse' });

export const SynthesisHistoryResponse = Type.Object(
  { synthesizedContexts: Type.Array(Ref(SynthesizedContext), { description: 'newest first' }), nextCursor: NextCursor },
  { $id: 'SynthesisHistoryResponse' },
);

/** One thing standing between the document and a good generation, and what a person can do. */
export const ReadinessGap = Type.Object(
  {
    kind: StringEnum(GAP_KINDS),
    message: Type.String({ description: 'what is wrong and what to do, in words' }),
    subjectType: StringEnum(GAP_SUBJECT_TYPES),
    subjectId: Type.String({ description: 'the row id; for a computation, its name' }),
    key: Type.Optional(Type.String({ description: 'the field, section or output key concerned' })),
    blocking: Type.Boolean({ description: 'blocking gaps stop generation; the others are shown but let it proceed' }),
    needsInput: Type.Optional(Type.Boolean({ description: 'a person fixes it by entering a value' })),
  },
  { $id: 'ReadinessGap' },
);

/** `GET …/readiness`, and `pipeline_blocked.readiness`. */
export const Readiness = Type.Object(
  {
    generation_should_proceed: Type.Boolean(),
    ui_state: StringEnum(UI_STATES, { description: 'ready; needs_input (a person can fill the gaps); blocked (the definition must change)' }),
    gaps: Type.Array(Ref(ReadinessGap)),
  },
  { $id: 'Readiness' },
);

/** `GET …/computed`: the computations over the persisted gathered rows, never dispatching a tool. */
export const ComputedResponse = Type.Object(
  {
    computed: Type.Record(Type.String(), Type.Unknown(), { description: 'computation name → its value (free JSON)' }),
    readiness: Type.Object({
      complete: Type.Boolean({ description: 'every computation evaluated and every data-need gathered' }),
      gatheredKeys: Type.Array(Type.String()),
      notGathered: Type.Array(Type.String(), { description: 'output keys of data-needs with no gathered value yet' }),
      errors: Type.Record(Type.String(), Type.String(), { description: 'computation name → why it failed' }),
    }),
    fns: Type.Record(Type.String(), Type.String(), { description: 'computation name → its JSONata expression' }),
  },
  { $id: 'ComputedResponse' },
);

/** `POST …/gather`: the source lane's result. */
export const GatherResponse = Type.Object(
  {
    gathered: Type.Record(Type.String(), Type.Unknown(), { description: 'output key → the gathered payload (free JSON)' }),
    needs: Type.Array(
      Type.Object({
        outputKey: Type.String(),
        kind: Type.String(),
        cached: Type.Boolean({ description: 'reused: everything it was derived from is unchanged' }),
        elapsedMs: Type.Number(),
        inputsHash: Nullable(Type.String()),
      }),
    ),
    failures: Type.Array(Type.Object({ outputKey: Type.String(), error: Type.String() })),
    sources: Type.Array(Ref(Source)),
  },
  { $id: 'GatherResponse' },
);

// ---- The progress stream (`GET …/progress`, text/event-stream): one frame per event. ----

const frame = {
  seq: Type.Integer({ description: 'monotonic per document; resume with Last-Event-ID' }),
  runId: Type.Integer({ description: 'the run number; a change means a fresh run' }),
  ts: Type.Number({ description: 'epoch seconds' }),
};
const need = { dataNeedId: Type.String(), outputKey: Type.String(), kind: Type.String() };

/** `{event: name, seq, runId, ts, ...data}` under the name `<PascalName>Event`. */
function eventSchema(name: string, data: Record<string, TSchema>, description: string) {
  const id = `${name
    .split('_')
    .map((part) => part[0].toUpperCase() + part.slice(1))
    .join('')}Event`;
  const schema = Type.Object({ event: Type.Literal(name), ...frame, ...data }, { $id: id, description });
  return schema as typeof schema & { $id: string };
}

const PlaceholderCompleteness = Type.Object({
  complete: Type.Boolean({ description: 'no rendered output still holds an unfilled placeholder' }),
  missingPlaceholders: Type.Array(Type.Object({ sectionId: Type.String(), names: Type.Array(Type.String()) })),
});
const UnsupportedSection = Type.Object({
  sectionId: Type.String(),
  title: Type.String(),
  claims: Type.Array(
    Type.Object({ sentence: Type.String(), citations: Type.Array(Type.Integer()), missing: Type.Array(Type.String()), reason: Type.Optional(Type.String()) }),
  ),
});

const FailedSection = Type.Object({
  sectionId: Type.String(),
  title: Type.String(),
  error: Type.String({ description: 'why the section could not be written (its model answer stayed unusable after repair and retries)' }),
});

/** One schema per event kind, in lifecycle order (src/pipeline/events.ts). */
export const PROGRESS_EVENT_SCHEMAS = [
  eventSchema('pipeline_started', {}, 'the run begins'),
  eventSchema('pipeline_blocked', { readiness: Ref(Readiness) }, 'terminal: the readiness gate refused (missing required fields or insufficient data)'),
  eventSchema('gather_started', {}, 'the source lane begins'),
  eventSchema('need_started', need, 'a data-need starts gathering'),
  eventSchema('need_finished', { ...need, elapsedMs: Type.Number() }, 'a data-need gathered its value'),
  eventSchema('need_failed', { ...need, elapsedMs: Type.Number(), error: Type.String() }, 'a data-need failed'),
  eventSchema('need_cached', need, 'a data-need reused its stored value (nothing it was derived from changed)'),
  eventSchema('orchestrate_started', {}, 'the orchestrator is dispatched'),
  eventSchema('synthesize_started', {}, 'the batched synthesis call starts'),
  eventSchema('render_started', { sectionId: Type.String() }, 'a section starts rendering'),
  eventSchema('verify_started', {}, 'the citation fact-check starts'),
  eventSchema('verify_section_started', { sectionId: Type.String() }, 'a cited section starts being checked'),
  eventSchema(
    'verify_section_finished',
    { sectionId: Type.String(), supported: Type.Boolean({ description: 'every cited claim is supported by its sources' }) },
    'a cited section was checked',
  ),
  eventSchema(
    'pipeline_finished',
    {
      readiness: PlaceholderCompleteness,
      unsupported_sections: Type.Array(UnsupportedSection),
      failed_sections: Type.Optional(
        Type.Array(FailedSection, {
          description: 'sections the run could not write: each keeps its earlier text with status `failed`, and finalizing refuses until it is written again',
        }),
      ),
    },
    'terminal: success (possibly with failed sections)',
  ),
  eventSchema('pipeline_failed', { error: Type.String({ description: 'the error message' }) }, 'terminal: the run failed'),
];

/** Every progress event: one of the kinds above, told apart by `event`. */
export const ProgressEvent = Type.Unsafe<Record<string, unknown>>({
  $id: 'ProgressEvent',
  description:
    'One frame of the progress stream (`id: <seq>` + `data: <this JSON>`). Terminal events: pipeline_finished, pipeline_failed, pipeline_blocked; the server closes the stream after one.',
  oneOf: PROGRESS_EVENT_SCHEMAS.map((schema) => ({ $ref: schema.$id })),
  discriminator: {
    propertyName: 'event',
    mapping: Object.fromEntries(PROGRESS_EVENT_SCHEMAS.map((schema) => [schema.properties.event.const, `#/components/schemas/${schema.$id}`])),
  },
});

export const GENERATION_SCHEMAS = [
  GatherBody,
  GenerateBody,
  GenerateResponse,
  GenerateConflictResponse,
  SynthesizedContext,
  SynthesisResponse,
  SynthesisHistoryResponse,
  ReadinessGap,
  Readiness,
  ComputedResponse,
  GatherResponse,
  ...PROGRESS_EVENT_SCHEMAS,
  ProgressEvent,
];
