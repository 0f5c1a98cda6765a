/**
 * Wire schemas of a document's configuration: one named schema per group (the stored groups'
 * schemas of config-groups.ts under a name, plus the `fields` and `sections` views), the body of
 * `PUT …/config` and the resolved config `GET`/`PUT …/config` answer with.
 */
import { type TSchema, Type } from 'typebox';
import { CheckedByUseCase, Nullable, Ref, StringEnum } from '../../../kernel/schema.js';
import { VALUE_TYPES } from '../fields/field-values.js';
import { OUTPUT_TYPES, RENDER_MODES } from '../sections/section-rules.js';
import { STORED_GROUPS, STORED_GROUP_NAMES, type StoredGroupName } from './config-groups.js';

const GROUP_DESCRIPTIONS: Record<StoredGroupName, string> = {
  models: 'the model per pipeline step (null: the service default)',
  synthesis: 'the batched synthesis call: instructions, output schema, computations',
  coordination: 'gathering: computations, concurrency, per-need timeout, orchestration',
  decisions: 'conclusions computed by rules over fields, computed values and gathered data (approve / reject…)',
  interview: 'guided questions: the fields in steps, each asked always or on a condition, with help and examples',
  brief: 'what the document is for and for whom',
  voice: 'the writing style (a voice of the library)',
  verify: 'the citation fact-check',
  render: 'page, fonts, numbering, header/footer, table of contents of the export',
  tools: 'which registered tools data-needs may call, and their timeout',
};

const schemaName = (group: string) => `${group[0].toUpperCase()}${group.slice(1)}Config`;

/** `models` → `ModelsConfig`, …: a stored group's keys, each nullable (null resets it to its default). */
function namedGroup(group: StoredGroupName): TSchema {
  return { ...STORED_GROUPS[group].schema, $id: schemaName(group), description: GROUP_DESCRIPTIONS[group] } as TSchema;
}

export const STORED_GROUP_SCHEMAS = STORED_GROUP_NAMES.map(namedGroup);

/** One field in the `fields` group, by key. */
export const FieldConfig = Type.Object(
  {
    value: Type.Optional(Nullable(Type.Union([Type.String(), Type.Number(), Type.Boolean()]), { description: 'stored as its string form' })),
    valueType: Type.Optional(CheckedByUseCase(StringEnum<readonly string[]>(VALUE_TYPES))),
    isRequired: Type.Optional(Type.Boolean()),
    label: Type.Optional(Nullable(Type.String())),
    description: Type.Optional(Nullable(Type.String())),
    options: Type.Optional(Nullable(Type.Array(Type.String(), { description: 'allowed values of an enum field' }))),
  },
  { $id: 'FieldConfig', additionalProperties: false },
);

/** One section in the `sections` group, by key. */
export const SectionConfig = Type.Object(
  {
    id: Type.Optional(Type.String({ readOnly: true, description: 'read only' })),
    title: Type.Optional(Type.String()),
    render_mode: Type.Optional(CheckedByUseCase(StringEnum<readonly string[]>(RENDER_MODES))),
    output_type: Type.Optional(CheckedByUseCase(StringEnum<readonly string[]>(OUTPUT_TYPES))),
    prompt: Type.Optional(Nullable(Type.String())),
    output_template: Type.Optional(Nullable(Type.String())),
  },
  { $id: 'SectionConfig', additionalProperties: false },
);

const groupProperties = Object.fromEntries(STORED_GROUP_NAMES.map((group) => [group, Type.Unsafe<Record<string, unknown>>({ $ref: schemaName(group) })]));

const viewProperties = {
  fields: Type.Record(Type.String(), Ref(FieldConfig), { description: 'field key → its value and definition' }),
  sections: Type.Record(Type.String(), Ref(SectionConfig), { description: 'section key → its definition' }),
};

/**
 * `PUT …/config`: only the groups and keys sent change; a key sent as null resets it. The config
 * command checks every group and reports every problem in one 422, so the body is checked there.
 */
export const ConfigBody = CheckedByUseCase(
  Type.Object(Object.fromEntries(Object.entries({ ...groupProperties, ...viewProperties }).map(([name, schema]) => [name, Type.Optional(schema)])), {
    $id: 'ConfigBody',
    additionalProperties: false,
    description: 'groups → keys to change; null resets a key to its default',
  }),
);

/** The whole configuration, defaults resolved (`GET`/`PUT …/config`). */
export const DocumentConfig = Type.Object({ ...groupProperties, ...viewProperties }, { $id: 'DocumentConfig' });

export const CONFIG_SCHEMAS = [...STORED_GROUP_SCHEMAS, FieldConfig, SectionConfig, ConfigBody, DocumentConfig];
