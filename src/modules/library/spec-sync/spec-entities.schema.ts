/**
 * The organization entities a template's authoring spec may define (texts, snippets, risk blocks,
 * voices): the library's part of the spec (templates/spec-schema.ts), declared with the library
 * that syncs them, so templates imports library and never the other way round.
 */
import { type Static, Type } from 'typebox';

const Nullable = <T extends ReturnType<typeof Type.String>>(schema: T) => Type.Optional(Type.Union([Type.Null(), schema]));

const SpecText = Type.Object(
  {
    key: Type.String(),
    value: Type.String(),
    valueType: Type.Optional(Type.String()),
    name: Nullable(Type.String()),
    description: Nullable(Type.String()),
    headingTemplate: Nullable(Type.String()),
    narrativeTemplate: Nullable(Type.String()),
    bullets: Type.Optional(Type.Array(Type.String())),
    entityRolesUsed: Type.Optional(Type.Array(Type.String())),
  },
  { additionalProperties: false },
);

const SpecSnippet = Type.Object(
  {
    key: Type.String(),
    name: Nullable(Type.String()),
    description: Nullable(Type.String()),
    phaseOrder: Type.Optional(Type.Integer()),
    items: Type.Optional(Type.Array(Type.Object({ itemType: Type.String(), itemKey: Type.String() }, { additionalProperties: false }))),
    bind: Type.Optional(Type.Boolean({ description: 'bind this snippet to the template' })),
    entityBindings: Type.Optional(Type.Union([Type.Null(), Type.Record(Type.String(), Type.String())])),
  },
  { additionalProperties: false },
);

const SpecRiskBlock = Type.Object(
  {
    key: Type.String(),
    heading: Type.String(),
    template: Type.String(),
    status: Type.Optional(Type.String()),
    statutoryRef: Nullable(Type.String()),
    appliesTo: Nullable(Type.String()),
  },
  { additionalProperties: false },
);

const SpecVoice = Type.Object(
  { name: Type.String(), description: Nullable(Type.String()), samples: Type.Optional(Type.Array(Type.String())) },
  { additionalProperties: false },
);

export const SpecEntitiesSchema = Type.Object(
  {
    texts: Type.Optional(Type.Array(SpecText)),
    snippets: Type.Optional(Type.Array(SpecSnippet)),
    riskBlocks: Type.Optional(Type.Array(SpecRiskBlock)),
    voices: Type.Optional(Type.Array(SpecVoice)),
  },
  { additionalProperties: false },
);

export type SpecEntities = Static<typeof SpecEntitiesSchema>;

/** A problem found in a spec, at a JSON path (compile-spec.ts reports them; syncing the entities adds warnings). */
export interface SpecIssue {
  path: string;
  message: string;
}
