/** Wire schemas of version history, under the contract's exact names. */
import { Type } from 'typebox';
import { Nullable, Ref } from '../../kernel/schema.js';
import { CAUSE_KINDS, type CauseKind } from './section-diff.js';

export const CreateSnapshotBody = Type.Object(
  { label: Type.Optional(Nullable(Type.String({ description: 'omitted: an automatic "Version N"' }))) },
  { $id: 'CreateSnapshotBody', additionalProperties: false },
);

export const DeleteSnapshotResponse = Type.Object({ ok: Type.Boolean() }, { $id: 'DeleteSnapshotResponse' });

/** `POST …/reproduce` body (optional): `offline` replays the pinned model outputs; `live` asks the model again. */
export const ReproduceGenerationBody = Type.Object(
  {
    mode: Type.Optional(
      Type.Union([Type.Literal('offline'), Type.Literal('live')], {
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
    outcome: Type.Union([Type.Literal('identical'), Type.Literal('different'), Type.Literal('not_replayable')]),
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
    mode: Type.Union([Type.Literal('offline'), Type.Literal('live')]),
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

export const SectionOutputDiff = Type.Object(
  {
    sectionId: Type.String(),
    key: Type.String(),
    title: Type.String(),
    renderMode: Nullable(Type.String()),
    status: Type.Union([Type.Literal('changed'), Type.Literal('unchanged'), Type.Literal('only_in_from'), Type.Literal('only_in_to')]),
    changed: Type.Boolean({ description: 'the output differs' }),
    attribution: Type.Union([Type.Literal('section'), Type.Literal('document')], {
      description: "section: the section's own recorded inputs that differ (listed even when the output did not change); document: manifest-wide differences (snapshots without a derivation record; listed only when the output changed)",
    }),
    causes: Type.Array(Ref(DiffCause)),
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

export const HISTORY_SCHEMAS = [
  CreateSnapshotBody,
  DeleteSnapshotResponse,
  ReproduceGenerationBody,
  ReproducedSection,
  GenerationReproduction,
  DiffCause,
  SectionOutputDiff,
  GenerationSnapshotRef,
  GenerationSnapshotDiff,
];
