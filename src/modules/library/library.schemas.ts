/** Wire schemas of the organization library, under the contract's exact names. */
import { Type } from 'typebox';
import { NextCursor } from '../paging.js';
import { LIMITS } from '../../kernel/limits.js';
import { CheckedByUseCase, Nullable, Ref, StringEnum } from '../../kernel/schema.js';
import { VALUE_TYPES } from '../documents/fields/field-values.js';
import { RULE_ACTION_NAMES } from './orchestration/rule-actions.js';
import { RISK_BLOCK_STATUSES } from './risk-blocks/risk-block-rules.js';
import { SNIPPET_ITEM_TYPES } from './snippets/snippet.repository.js';
import { TOOL_CLASS_PATHS } from './tool-registrations/tool-class-catalog.js';

const optionalNullableText = () => Type.Optional(Nullable(Type.String({ maxLength: LIMITS.textValueChars })));

// The library commands check these sets and name them in their 422 (`status must be one of draft, approved`).
const ValueType = CheckedByUseCase(StringEnum<readonly string[]>(VALUE_TYPES, { description: 'the type of the value' }));
const RiskBlockStatus = CheckedByUseCase(
  StringEnum<readonly string[]>(RISK_BLOCK_STATUSES, { description: 'draft or approved; only approved blocks may be finalized' }),
);
const ItemType = CheckedByUseCase(StringEnum<readonly string[]>(SNIPPET_ITEM_TYPES, { description: 'text or risk_block' }));
const ToolClassPath = CheckedByUseCase(
  StringEnum<readonly string[]>(TOOL_CLASS_PATHS, {
    description:
      'the built-in tool class: http.json (a JSON API at a configured URL), mcp.http (a Model Context Protocol server), builtin.date_add, builtin.currency_convert',
  }),
);

export const CreateTextBody = Type.Object(
  {
    key: Type.String({ minLength: 1, maxLength: LIMITS.titleChars }),
    value: Type.String({ maxLength: LIMITS.textValueChars }),
    valueType: Type.Optional({ ...ValueType, default: 'string' }),
    name: optionalNullableText(),
    description: optionalNullableText(),
    headingTemplate: optionalNullableText(),
    narrativeTemplate: optionalNullableText(),
    bullets: Type.Optional(Type.Array(Type.String(), { maxItems: LIMITS.listItems })),
    entityRolesUsed: Type.Optional(Type.Array(Type.String(), { maxItems: LIMITS.listItems })),
  },
  { $id: 'CreateTextBody', additionalProperties: false },
);

export const UpdateTextBody = Type.Object(
  {
    key: optionalNullableText(),
    value: optionalNullableText(),
    valueType: Type.Optional(Nullable(ValueType)),
    name: optionalNullableText(),
    description: optionalNullableText(),
    headingTemplate: optionalNullableText(),
    narrativeTemplate: optionalNullableText(),
    bullets: Type.Optional(Nullable(Type.Array(Type.String(), { maxItems: LIMITS.listItems }))),
    entityRolesUsed: Type.Optional(Nullable(Type.Array(Type.String(), { maxItems: LIMITS.listItems }))),
  },
  { $id: 'UpdateTextBody', additionalProperties: false },
);

export const SnippetCreateBody = Type.Object(
  {
    key: Type.String({ minLength: 1, maxLength: LIMITS.titleChars }),
    name: optionalNullableText(),
    description: optionalNullableText(),
    phaseOrder: Type.Optional(Type.Integer({ default: 0, minimum: -1_000_000, maximum: 1_000_000 })),
  },
  { $id: 'SnippetCreateBody', additionalProperties: false },
);

export const SnippetUpdateBody = Type.Object(
  {
    key: optionalNullableText(),
    name: optionalNullableText(),
    description: optionalNullableText(),
    phaseOrder: Type.Optional(Nullable(Type.Integer({ minimum: -1_000_000, maximum: 1_000_000 }))),
  },
  { $id: 'SnippetUpdateBody', additionalProperties: false },
);

export const SnippetItemInput = Type.Object(
  {
    itemType: ItemType,
    itemKey: Type.String({ description: 'key of a text or risk block of the organization' }),
  },
  { $id: 'SnippetItemInput', additionalProperties: false },
);

export const SetSnippetItemsBody = Type.Object(
  { items: Type.Array(Ref(SnippetItemInput), { maxItems: LIMITS.listItems, description: 'replaces all items; ordinals 0..N-1 in array order' }) },
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
    status: Type.Optional({ ...RiskBlockStatus, default: 'draft' }),
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
    status: Type.Optional(Nullable(RiskBlockStatus)),
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
    samples: Type.Optional(Nullable(Type.Array(Type.String(), { maxItems: LIMITS.listItems }))),
  },
  { $id: 'UpdateVoiceBody', additionalProperties: false },
);

export const CreateEntityBody = Type.Object(
  {
    name: Type.String({ minLength: 1, description: 'what a binding of this entity renders as' }),
    kind: Type.Optional(Nullable(Type.String({ description: 'e.g. organization, person' }))),
    attributes: Type.Optional(
      Type.Record(Type.String(), Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null()]), {
        description: 'read by templates as roles.<role>.<attribute>',
      }),
    ),
  },
  { $id: 'CreateEntityBody', additionalProperties: false },
);

const EntityAttributeValues = Type.Record(Type.String(), Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null()]), {
  description: 'read by templates as roles.<role>.<attribute>',
});

export const UpdateEntityBody = Type.Object(
  {
    name: Type.Optional(
      Type.String({ minLength: 1, description: 'a rename reaches every document binding the entity (their sections reading the snippets show stale)' }),
    ),
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
    classPath: ToolClassPath,
    configJson: Type.Optional(Type.Record(Type.String(), Type.Unknown(), { description: 'non-secret configuration only' })),
  },
  { $id: 'CreateToolRegistrationBody', additionalProperties: false },
);

// ---- What the library answers with: the body keys under the same names, plus id and times. ----

const times = { createdAt: Type.String(), updatedAt: Type.String() };

export const Text = Type.Object(
  {
    id: Type.String(),
    key: Type.String(),
    value: Type.String(),
    valueType: StringEnum<readonly string[]>(VALUE_TYPES),
    name: Nullable(Type.String()),
    description: Nullable(Type.String()),
    headingTemplate: Nullable(Type.String()),
    narrativeTemplate: Nullable(Type.String()),
    bullets: Type.Array(Type.String()),
    entityRolesUsed: Type.Array(Type.String()),
    ...times,
  },
  { $id: 'Text' },
);

export const SnippetItem = Type.Object(
  {
    id: Type.String(),
    ordinal: Type.Integer(),
    itemType: StringEnum<readonly string[]>(SNIPPET_ITEM_TYPES),
    itemKey: Type.String({ description: 'the current key of the text or risk block' }),
    itemId: Type.String({ description: 'the id of the text or risk block' }),
  },
  { $id: 'SnippetItem' },
);

export const Snippet = Type.Object(
  {
    id: Type.String(),
    key: Type.String(),
    name: Nullable(Type.String()),
    description: Nullable(Type.String()),
    phaseOrder: Type.Integer(),
    items: Type.Array(Ref(SnippetItem), { description: 'in order' }),
    ...times,
  },
  { $id: 'Snippet' },
);

export const SnippetBinding = Type.Object(
  {
    id: Type.String(),
    documentId: Type.String(),
    snippetId: Type.String(),
    entityBindings: Type.Record(Type.String(), Type.String(), { description: 'role → entity id' }),
    ordinal: Type.Integer(),
    snippet: Nullable(Ref(Snippet), { description: 'the bound snippet with its items (null if it vanished meanwhile)' }),
    ...times,
  },
  { $id: 'SnippetBinding' },
);

export const RiskBlock = Type.Object(
  {
    id: Type.String(),
    key: Type.String(),
    heading: Type.String(),
    template: Type.String(),
    status: StringEnum<readonly string[]>(RISK_BLOCK_STATUSES),
    statutoryRef: Nullable(Type.String()),
    appliesTo: Nullable(Type.String()),
    approvedBy: Nullable(Type.String()),
    approvedAt: Nullable(Type.String()),
    ...times,
  },
  { $id: 'RiskBlock' },
);

export const RiskBlocksResponse = Type.Object({ riskBlocks: Type.Array(Ref(RiskBlock)), nextCursor: NextCursor }, { $id: 'RiskBlocksResponse' });

export const Voice = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    description: Nullable(Type.String({ description: 'the style rubric' })),
    samples: Type.Array(Type.String()),
    ...times,
  },
  { $id: 'Voice' },
);

export const ToolRegistration = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    category: Type.String(),
    classPath: StringEnum<readonly string[]>(TOOL_CLASS_PATHS),
    configJson: Type.Record(Type.String(), Type.Unknown(), { description: 'the non-secret configuration (free JSON per class)' }),
    ...times,
  },
  { $id: 'ToolRegistration' },
);

/** Where a gathered (or tool) value came from, so it can be cited. */
export const GatheredSource = Type.Object(
  {
    title: Type.String(),
    kind: Type.String(),
    url: Type.Optional(Nullable(Type.String())),
    tool: Type.Optional(Nullable(Type.String())),
    documentId: Type.Optional(Nullable(Type.String())),
    page: Type.Optional(Nullable(Type.Integer())),
    quote: Type.Optional(Nullable(Type.String())),
    text: Type.Optional(Nullable(Type.String())),
    itemIds: Type.Optional(Nullable(Type.Array(Type.String()))),
  },
  { $id: 'GatheredSource' },
);

export const ToolInvocationResult = Type.Object(
  { value: Type.Unknown({ description: 'what the tool answered (free JSON)' }), source: Ref(GatheredSource) },
  { $id: 'ToolInvocationResult' },
);

/** One action of a rule: `set_field` (key, value or fromFact, overwrite) or `bind_snippet` (snippetKey, entityBindings). */
export const RuleActionSchema = Type.Object(
  {
    action: StringEnum(RULE_ACTION_NAMES),
    key: Type.Optional(Type.String({ description: 'set_field: the field' })),
    value: Type.Optional(Type.Union([Type.String(), Type.Number(), Type.Boolean()], { description: 'set_field: a literal value' })),
    fromFact: Type.Optional(Type.String({ description: 'set_field: a dot path into the facts, e.g. `entities.organizations.0`' })),
    overwrite: Type.Optional(Type.Boolean({ description: 'set_field: replace a value the field already has (default false)' })),
    snippetKey: Type.Optional(Type.String({ description: 'bind_snippet: the snippet of the library' })),
    entityBindings: Type.Optional(Type.Record(Type.String(), Type.String(), { description: 'bind_snippet: role → entity id' })),
  },
  { $id: 'RuleAction', additionalProperties: true },
);

export const OrchestrationRule = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    description: Nullable(Type.String()),
    ordinal: Type.Integer(),
    when: Type.Record(Type.String(), Type.Unknown(), { description: 'JsonLogic condition over {fields, entities, text}' }),
    then: Type.Array(Ref(RuleActionSchema), { description: 'what the rule does when its condition holds' }),
    ...times,
  },
  { $id: 'OrchestrationRule' },
);

export const OrchestrationRulesResponse = Type.Object(
  { rules: Type.Array(Ref(OrchestrationRule), { description: 'in evaluation order' }) },
  { $id: 'OrchestrationRulesResponse' },
);

export const LIBRARY_SCHEMAS = [
  Text,
  SnippetItem,
  Snippet,
  SnippetBinding,
  RiskBlock,
  RiskBlocksResponse,
  Voice,
  ToolRegistration,
  GatheredSource,
  ToolInvocationResult,
  RuleActionSchema,
  OrchestrationRule,
  OrchestrationRulesResponse,
  CreateTextBody,
  UpdateTextBody,
  SnippetCreateBody,
  SnippetUpdateBody,
  SnippetItemInput,
  SetSnippetItemsBody,
  BindSnippetBody,
  UpdateDocumentSnippetBody,
  CreateRiskBlockBody,
  UpdateRiskBlockBody,
  CreateVoiceBody,
  UpdateVoiceBody,
  CreateEntityBody,
  UpdateEntityBody,
  Entity,
  CreateToolRegistrationBody,
];
