/** Wire schemas of data-needs (source actions), under the contract's exact names. */
import { Type } from 'typebox';
import { LIMITS } from '../../../kernel/limits.js';
import { CheckedByUseCase, Nullable, StringEnum } from '../../../kernel/schema.js';
import { DATA_NEED_KINDS } from './data-need-rules.js';

const KIND_DESCRIPTION = 'where the value comes from: field, static, template, tool, llm or assessment';

const needKeys = {
  args_json: Type.Optional(
    Nullable(Type.Record(Type.String(), Type.Unknown(), { description: "the kind's arguments (free JSON: a static value, a tool's args…)" })),
  ),
  depends_on: Type.Optional(
    Nullable(Type.Array(Type.String(), { maxItems: LIMITS.dataNeedsPerDocument, description: 'output_keys of needs this one waits for' })),
  ),
  name: Type.Optional(Nullable(Type.String({ maxLength: LIMITS.titleChars }))),
  prompt_body: Type.Optional(Nullable(Type.String({ maxLength: LIMITS.templateChars }))),
  tool_ref: Type.Optional(Nullable(Type.String({ maxLength: LIMITS.titleChars }))),
  tools_available: Type.Optional(Nullable(Type.Array(Type.String(), { maxItems: LIMITS.listItems }))),
};

// The data-need rules check the kind and name the set in their 422.
const Kind = CheckedByUseCase(StringEnum<readonly string[]>(DATA_NEED_KINDS, { description: KIND_DESCRIPTION }));

export const DataNeedCreateBody = Type.Object(
  {
    kind: Kind,
    output_key: Type.String({ minLength: 1 }),
    ...needKeys,
  },
  { $id: 'DataNeedCreateBody', additionalProperties: false },
);

export const DataNeedUpdateBody = Type.Object(
  {
    kind: Type.Optional(Nullable(Kind)),
    output_key: Type.Optional(Nullable(Type.String())),
    ...needKeys,
  },
  { $id: 'DataNeedUpdateBody', additionalProperties: false },
);

/** A data-need as read back: the DataNeedCreateBody keys plus its identity. */
export const DataNeed = Type.Object(
  {
    id: Type.String(),
    documentId: Type.String(),
    ordinal: Type.Integer(),
    kind: StringEnum<readonly string[]>(DATA_NEED_KINDS, { description: KIND_DESCRIPTION }),
    output_key: Type.String(),
    name: Nullable(Type.String()),
    args_json: Nullable(Type.Record(Type.String(), Type.Unknown(), { description: "free JSON: the kind's arguments" })),
    depends_on: Nullable(Type.Array(Type.String())),
    prompt_body: Nullable(Type.String()),
    tool_ref: Nullable(Type.String()),
    tools_available: Nullable(Type.Array(Type.String())),
    createdAt: Type.String(),
    updatedAt: Type.String(),
  },
  { $id: 'DataNeed' },
);

export const DATA_NEED_SCHEMAS = [DataNeedCreateBody, DataNeedUpdateBody, DataNeed];
