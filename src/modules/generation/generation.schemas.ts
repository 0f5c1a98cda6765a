/** Wire schemas of gathering, generation and synthesis, under the contract's exact names. */
import { Type } from 'typebox';
import { Nullable, Ref } from '../../kernel/schema.js';
import { NextCursor } from '../paging.js';

const Variables = Type.Optional(Type.Record(Type.String(), Type.Unknown(), { description: 'extra template variables for this run' }));

const Refresh = Type.Optional(
  Type.Boolean({
    default: false,
    description: 'gather every data-need afresh (no need_cached); by default a stored gathered value is reused only when everything it was derived from is unchanged',
  }),
);

export const GatherBody = Type.Object(
  { refresh: Refresh, variables: Variables },
  { $id: 'GatherBody', additionalProperties: false },
);

export const GenerateBody = Type.Object(
  {
    variables: Variables,
    force: Type.Optional(Type.Boolean({ default: false, description: 'overwrite every section, hand-edited ones too' })),
    preserveEdited: Type.Optional(Type.Boolean({ default: false, description: 'keep hand-edited sections, regenerate the rest' })),
    refresh: Refresh,
  },
  { $id: 'GenerateBody', additionalProperties: false },
);

export const OrchestrateBody = Type.Object(
  { source_text: Type.String({ description: 'intake text to extract facts from' }) },
  { $id: 'OrchestrateBody', additionalProperties: false },
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

export const SynthesisResponse = Type.Object(
  { synthesizedContext: Nullable(Ref(SynthesizedContext)) },
  { $id: 'SynthesisResponse' },
);

export const SynthesisHistoryResponse = Type.Object(
  { synthesizedContexts: Type.Array(Ref(SynthesizedContext), { description: 'newest first' }), nextCursor: NextCursor },
  { $id: 'SynthesisHistoryResponse' },
);

export const GENERATION_SCHEMAS = [
  GatherBody, GenerateBody, OrchestrateBody, GenerateResponse, GenerateConflictResponse,
  SynthesizedContext, SynthesisResponse, SynthesisHistoryResponse,
];
