/** Wire schemas of the organization library, under the contract's exact names. */
import { Type } from 'typebox';
import { Nullable, Ref } from '../../kernel/schema.js';

const optionalNullableText = () => Type.Optional(Nullable(Type.String()));

export const CreateTextBody = Type.Object(
  {
    key: Type.String({ minLength: 1 }),
    value: Type.String(),
    valueType: Type.Optional(Type.String({ default: 'string' })),
    name: optionalNullableText(),
    description: optionalNullableText(),
    headingTemplate: optionalNullableText(),
    narrativeTemplate: optionalNullableText(),
    bullets: Type.Optional(Type.Array(Type.String())),
    entityRolesUsed: Type.Optional(Type.Array(Type.String())),
  },
  { $id: 'CreateTextBody', additionalProperties: false },
);

export const UpdateTextBody = Type.Object(
  {
    key: optionalNullableText(),
    value: optionalNullableText(),
    valueType: optionalNullableText(),
    name: optionalNullableText(),
    description: optionalNullableText(),
    headingTemplate: optionalNullableText(),
    narrativeTemplate: optionalNullableText(),
    bullets: Type.Optional(Nullable(Type.Array(Type.String()))),
    entityRolesUsed: Type.Optional(Nullable(Type.Array(Type.String()))),
  },
  { $id: 'UpdateTextBody', additionalProperties: false },
);

export const SnippetCreateBody = Type.Object(
  {
    key: Type.String({ minLength: 1 }),
    name: optionalNullableText(),
    description: optionalNullableText(),
    phaseOrder: Type.Optional(Type.Integer({ default: 0 })),
  },
  { $id: 'SnippetCreateBody', additionalProperties: false },
);

export const SnippetUpdateBody = Type.Object(
  {
    key: optionalNullableText(),
    name: optionalNullableText(),
    description: optionalNullableText(),
    phaseOrder: Type.Optional(Nullable(Type.Integer())),
  },
  { $id: 'SnippetUpdateBody', additionalProperties: false },
);

export const SnippetItemInput = Type.Object(
  {
    itemType: Type.String({ description: 'text or risk_block' }),
    itemKey: Type.String({ description: 'key of a text or risk block of the organization' }),
  },
  { $id: 'SnippetItemInput', additionalProperties: false },
);

export const SetSnippetItemsBody = Type.Object(
  { items: Type.Array(Ref(SnippetItemInput), { description: 'replaces all items; ordinals 0..N-1 in array order' }) },
  { $id: 'SetSnippetItemsBody', additionalProperties: false },
);

export const BindSnippetBody = Type.Object(
  {
    snippetId: Type.String(),
    entityBindings: Type.Optional(Nullable(Type.Record(Type.String(), Type.String(), { description: 'role → entity id' }))),
    ordinal: Type.Optional(Nullable(Type.Integer({ description: 'omitted: appended after the last binding' }))),
  },
  { $id: 'BindSnippetBody', additionalProperties: false },
);

export const UpdateDocumentSnippetBody = Type.Object(
  {
    entityBindings: Type.Optional(Nullable(Type.Record(Type.String(), Type.String()))),
    ordinal: Type.Optional(Nullable(Type.Integer())),
  },
  { $id: 'UpdateDocumentSnippetBody', additionalProperties: false },
);

export const CreateRiskBlockBody = Type.Object(
  {
    key: Type.String(),
    heading: Type.String(),
    template: Type.String({ description: 'Jinja template of the analysis' }),
    status: Type.Optional(Type.String({ default: 'draft', description: 'draft or approved' })),
    statutoryRef: optionalNullableText(),
    appliesTo: optionalNullableText(),
  },
  { $id: 'CreateRiskBlockBody', additionalProperties: false },
);

export const UpdateRiskBlockBody = Type.Object(
  {
    appliesTo: optionalNullableText(),
    heading: optionalNullableText(),
    key: optionalNullableText(),
    status: optionalNullableText(),
    statutoryRef: optionalNullableText(),
    template: optionalNullableText(),
  },
  { $id: 'UpdateRiskBlockBody', additionalProperties: false },
);

export const CreateVoiceBody = Type.Object(
  {
    name: Type.String({ minLength: 1, description: 'unique per organization' }),
    description: Type.Optional(Nullable(Type.String({ description: 'the style rubric' }))),
    samples: Type.Optional(Type.Array(Type.String(), { description: 'example passages' })),
  },
  { $id: 'CreateVoiceBody', additionalProperties: false },
);

export const UpdateVoiceBody = Type.Object(
  {
    name: optionalNullableText(),
    description: Type.Optional(Nullable(Type.String({ description: 'null clears it' }))),
    samples: Type.Optional(Nullable(Type.Array(Type.String()))),
  },
  { $id: 'UpdateVoiceBody', additionalProperties: false },
);

export const CreateEntityBody = Type.Object(
  {
    name: Type.String({ minLength: 1, description: 'what a binding of this entity renders as' }),
    kind: Type.Optional(Nullable(Type.String({ description: 'e.g. organization, person' }))),
    attributes: Type.Optional(Type.Record(Type.String(), Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null()]), { description: 'read by templates as roles.<role>.<attribute>' })),
  },
  { $id: 'CreateEntityBody', additionalProperties: false },
);

const EntityAttributeValues = Type.Record(Type.String(), Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null()]), { description: 'read by templates as roles.<role>.<attribute>' });

export const UpdateEntityBody = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, description: 'a rename reaches every document binding the entity (their sections reading the snippets show stale)' })),
    kind: Type.Optional(Nullable(Type.String({ description: 'null clears it' }))),
    attributes: Type.Optional(Nullable({ ...EntityAttributeValues, description: 'replaces the whole map; null clears it' })),
  },
  { $id: 'UpdateEntityBody', additionalProperties: false },
);

export const Entity = Type.Object(
  {
    id: Type.String({ description: '`ent_…`' }),
    name: Type.String(),
    kind: Nullable(Type.String()),
    attributes: EntityAttributeValues,
    createdBy: Nullable(Type.String({ description: 'who created it (orchestrate: the caller)' })),
    createdAt: Type.String(),
    updatedAt: Type.String(),
  },
  { $id: 'Entity' },
);

export const CreateToolRegistrationBody = Type.Object(
  {
    name: Type.String({ minLength: 1 }),
    category: Type.String(),
    classPath: Type.String({ description: 'one of the built-in tool classes' }),
    configJson: Type.Optional(Type.Record(Type.String(), Type.Unknown(), { description: 'non-secret configuration only' })),
  },
  { $id: 'CreateToolRegistrationBody', additionalProperties: false },
);

export const LIBRARY_SCHEMAS = [
  CreateTextBody, UpdateTextBody, SnippetCreateBody, SnippetUpdateBody, SnippetItemInput, SetSnippetItemsBody,
  BindSnippetBody, UpdateDocumentSnippetBody, CreateRiskBlockBody, UpdateRiskBlockBody, CreateVoiceBody,
  UpdateVoiceBody, CreateEntityBody, UpdateEntityBody, Entity, CreateToolRegistrationBody,
];
