/** Wire schemas of version history, under the contract's exact names. */
import { Type } from 'typebox';
import { Nullable, Ref, StringEnum } from '../../kernel/schema.js';
import { SECTION_STATUSES } from '../documents/sections/section-rules.js';
import { CAUSE_KINDS, type CauseKind } from './section-diff.js';

const REPRODUCE_MODES = ['offline', 'live'] as const;

export const CreateSnapshotBody = Type.Object(
  { label: Type.Optional(Nullable(Type.String({ description: 'omitted: an automatic "Version N"' }))) },
  { $id: 'CreateSnapshotBody', additionalProperties: false },
);

export const DeleteSnapshotResponse = Type.Object({ ok: Type.Boolean() }, { $id: 'DeleteSnapshotResponse' });

/** `POST …/reproduce` body (optional): `offline` replays the pinned model outputs; `live` asks the model again. */
export const ReproduceGenerationBody = Type.Object(
  {
    mode: Type.Optional(
      StringEnum(REPRODUCE_MODES, {
        default: 'offline',
        description: 'offline (default): replay from the manifest, no model call; live: re-run synthesized sections against the model with the pinned inputs',
      }),
    ),
  },
  { $id: 'ReproduceGenerationBody', additionalProperties: false },
);

export const ReproducedSection = Type.Object(
  {
    sectionId: Type.String(),
    key: Type.String(),
    title: Type.String(),
    renderMode: Type.String(),
    outcome: StringEnum(['identical', 'different', 'not_replayable']),
    identical: Type.Boolean({ description: 'the re-rendered output is byte-identical to the pinned one' }),
    content: Nullable(Type.String(), { description: 'the re-rendered output; null when it could not be re-rendered' }),
    reason: Nullable(Type.String(), { description: 'why the section is not_replayable or different, when known' }),
  },
  { $id: 'ReproducedSection' },
);

export const GenerationReproduction = Type.Object(
  {
    generationSnapshotId: Type.String(),
    runId: Type.Integer({ description: 'the run number of the reproduced snapshot' }),
    mode: StringEnum(REPRODUCE_MODES),
    identical: Type.Boolean({ description: 'every section is byte-identical' }),
    modelCalls: Type.Integer({ description: 'model calls made (0 offline)' }),
    sections: Type.Array(Ref(ReproducedSection)),
  },
  { $id: 'GenerationReproduction' },
);

export const DiffCause = Type.Object(
  {
    kind: Type.Unsafe<CauseKind>({ type: 'string', enum: [...CAUSE_KINDS], description: 'the kind of input that differs' }),
    keys: Type.Array(Type.String(), { description: 'what changed within the kind: field names, gathered keys, definition attributes, …' }),
    detail: Type.String(),
  },
  { $id: 'DiffCause' },
);

export const InputChange = Type.Object(
  {
    path: Type.String({ description: 'the read path: `fields.client_name`, `computed.total`, `gathered.report`' }),
    before: Type.Unknown({
      description: 'the value in `from` (free JSON; null when absent; a value over 2,000 characters as JSON is cut to its start, ending in "…")',
    }),
    after: Type.Unknown({ description: 'the value in `to`, shown as `before`' }),
  },
  { $id: 'InputChange' },
);

export const TextDiffPart = Type.Object(
  {
    op: StringEnum(['equal', 'insert', 'delete'], { description: 'equal: in both; insert: only in `to`; delete: only in `from`' }),
    text: Type.String({ description: 'words, spaces and punctuation as written; the parts joined (without inserts / deletes) give each side' }),
  },
  { $id: 'TextDiffPart' },
);

export const SectionOutputDiff = Type.Object(
  {
    sectionId: Type.String(),
    key: Type.String(),
    title: Type.String(),
    renderMode: Nullable(Type.String()),
    status: StringEnum(['changed', 'unchanged', 'only_in_from', 'only_in_to']),
    changed: Type.Boolean({ description: 'the output differs' }),
    attribution: StringEnum(['section', 'document'], {
      description:
        "section: the section's own recorded inputs that differ (listed even when the output did not change); document: manifest-wide differences (snapshots without a derivation record; listed only when the output changed)",
    }),
    causes: Type.Array(Ref(DiffCause)),
    inputs: Type.Array(Ref(InputChange), {
      description: 'each input the section read that differs, with its value in `from` and in `to` (hash-only causes such as the voice have none)',
    }),
    textDiff: Type.Array(Ref(TextDiffPart), { description: 'the output from `from` to `to`, word by word; empty when unchanged' }),
  },
  { $id: 'SectionOutputDiff' },
);

export const GenerationSnapshotRef = Type.Object(
  { id: Type.String(), runId: Type.Integer(), manifestHash: Type.String(), engineVersion: Nullable(Type.String()), createdAt: Type.String() },
  { $id: 'GenerationSnapshotRef' },
);

export const GenerationSnapshotDiff = Type.Object(
  {
    documentId: Type.String(),
    from: Ref(GenerationSnapshotRef),
    to: Ref(GenerationSnapshotRef),
    identical: Type.Boolean({ description: 'no section output changed' }),
    sections: Type.Array(Ref(SectionOutputDiff)),
  },
  { $id: 'GenerationSnapshotDiff' },
);

/** A section's output as a snapshot captured it. */
export const SnapshotSection = Type.Object(
  {
    sectionId: Type.String(),
    key: Type.String(),
    title: Type.String(),
    content: Nullable(Type.String()),
    status: StringEnum<readonly string[]>(SECTION_STATUSES),
  },
  { $id: 'SnapshotSection' },
);

/** A whole-document output snapshot, restorable onto the live sections. */
export const Snapshot = Type.Object(
  {
    id: Type.String(),
    documentId: Type.String(),
    version: Type.Integer({ description: 'numbered from 1 per document' }),
    label: Type.String({ description: 'the label sent, else "Version N"' }),
    sections: Type.Array(Ref(SnapshotSection)),
    createdBy: Nullable(Type.String()),
    createdAt: Type.String(),
  },
  { $id: 'Snapshot' },
);

export const RestoreSnapshotResponse = Type.Object(
  { snapshotId: Type.String(), restoredSectionIds: Type.Array(Type.String(), { description: 'the live sections whose output was restored' }) },
  { $id: 'RestoreSnapshotResponse' },
);

const usage = Nullable(
  Type.Object(
    {
      inputTokens: Type.Optional(Type.Integer()),
      outputTokens: Type.Optional(Type.Integer()),
      cost: Type.Optional(Nullable(Type.Object({ currency: Type.String(), amount: Type.Number() }))),
    },
    { additionalProperties: true, description: 'model tokens of the run, and their cost when a price is configured' },
  ),
);

const generationSnapshotSummary = {
  id: Type.String(),
  documentId: Type.String(),
  runId: Type.Integer({ description: 'the run number' }),
  runKind: Nullable(Type.String({ description: 'generate or regenerate' })),
  engineVersion: Nullable(Type.String()),
  manifestHash: Type.String(),
  usage,
  sectionCount: Type.Integer(),
  createdAt: Type.String(),
};

/** An immutable per-run pin, as listed (newest first). */
export const GenerationSnapshotSummary = Type.Object(generationSnapshotSummary, { $id: 'GenerationSnapshotSummary' });

const pinned = (description: string) => Type.Optional(Type.Unknown({ description }));

/** Everything a run read and decided, pinned so the run can be reproduced. */
export const GenerationManifest = Type.Object(
  {
    engineVersion: Type.Optional(Type.String()),
    run: pinned('{id, number, kind, startedAt, pinnedNow}'),
    template: pinned('{id, specHash}'),
    document: pinned('the document header as the run read it'),
    fieldValues: pinned('field key → value'),
    gathered: pinned('per data-need: outputKey, kind, cached, inputsHash, derivation, payloadHash, source'),
    computed: pinned('computation name → value'),
    computeErrors: pinned('computation name → error'),
    decisions: pinned('per decision: key, label, status, outcome, outcomeLabel, reasons, the rule that fired, the inputs it saw'),
    synthesizedContext: pinned('the synthesized payload (free JSON)'),
    models: pinned('the models used, per step and per section'),
    prompts: pinned('the prompts sent: synthesis, needs, sections'),
    voice: pinned('the voice'),
    brief: pinned('the brief'),
    sources: pinned('the numbered sources'),
    sections: pinned('the section definitions rendered'),
    renderContext: pinned('the variables templates rendered with'),
    writeInputs: pinned('per synthesized section: what it was written from'),
    modelOutputs: pinned('per synthesized section: the model answer (replayed by reproduce)'),
    derivation: pinned('{format, sections}: what each section read'),
    usage: pinned('tokens and cost'),
    completeness: pinned('placeholder completeness'),
    unsupported_sections: pinned('sections with unsupported claims'),
  },
  { $id: 'GenerationManifest', additionalProperties: true, description: 'Pinned inputs of a run; older manifests may lack newer keys' },
);

/** `GET …/generation-snapshots/{id}`: the summary, the full manifest and the output. */
export const GenerationSnapshot = Type.Object(
  {
    ...generationSnapshotSummary,
    manifest: Ref(GenerationManifest),
    output: Type.Object({
      sections: Type.Array(Type.Object({ sectionId: Type.String(), key: Type.String(), title: Type.String(), content: Nullable(Type.String()) })),
    }),
  },
  { $id: 'GenerationSnapshot' },
);

export const HISTORY_SCHEMAS = [
  SnapshotSection,
  Snapshot,
  RestoreSnapshotResponse,
  GenerationSnapshotSummary,
  GenerationManifest,
  GenerationSnapshot,
  CreateSnapshotBody,
  DeleteSnapshotResponse,
  ReproduceGenerationBody,
  ReproducedSection,
  GenerationReproduction,
  DiffCause,
  InputChange,
  TextDiffPart,
  SectionOutputDiff,
  GenerationSnapshotRef,
  GenerationSnapshotDiff,
];
