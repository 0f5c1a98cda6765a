/** Wire schemas of data-needs (source actions), under the contract's exact names. */
import { Type } from 'typebox';
import { Nullable } from '../../../kernel/schema.js';

const needKeys = {
  args_json: Type.Optional(Nullable(Type.Record(Type.String(), Type.Unknown()))),
  depends_on: Type.Optional(Nullable(Type.Array(Type.String(), { description: 'output_keys of needs this one waits for' }))),
  name: Type.Optional(Nullable(Type.String())),
  prompt_body: Type.Optional(Nullable(Type.String())),
  tool_ref: Type.Optional(Nullable(Type.String())),
  tools_available: Type.Optional(Nullable(Type.Array(Type.String()))),
};

export const DataNeedCreateBody = Type.Object(
  {
    kind: Type.String({ description: 'field, static, template, tool, llm or assessment' }),
    output_key: Type.String({ minLength: 1 }),
    ...needKeys,
  },
  { $id: 'DataNeedCreateBody', additionalProperties: false },
);

export const DataNeedUpdateBody = Type.Object(
  {
    kind: Type.Optional(Nullable(Type.String())),
    output_key: Type.Optional(Nullable(Type.String())),
    ...needKeys,
  },
  { $id: 'DataNeedUpdateBody', additionalProperties: false },
);

export const DATA_NEED_SCHEMAS = [DataNeedCreateBody, DataNeedUpdateBody];
