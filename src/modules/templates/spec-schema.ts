/**
 * The authoring spec: one JSON (or YAML) document that describes a template — metadata,
 * fields, sections, data-needs, config, and the organization entities it defines. Item keys
 * are the REST bodies' keys, so a spec reads like the API.
 */
import { LIMITS } from '../../kernel/limits.js';
import { type Static, Type } from 'typebox';

const Nullable = <T extends ReturnType<typeof Type.String>>(schema: T) => Type.Optional(Type.Union([Type.Null(), schema]));

export const SpecField = Type.Object(
  {
    key: Type.String({ description: 'identifier used in templates: letters, digits, _' }),
    label: Nullable(Type.String()),
    description: Nullable(Type.String()),
    valueType: Type.Optional(Type.String({ description: 'string, number, integer, boolean, date, email, url, enum, text' })),
    isRequired: Type.Optional(Type.Boolean()),
    value: Type.Optional(Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null()], { description: 'default (template) or current (document) value' })),
    options: Type.Optional(Type.Union([Type.Null(), Type.Array(Type.String())], { description: 'allowed values of an enum field' })),
  },
  { additionalProperties: false },
);

export const SpecSection = Type.Object(
  {
    key: Type.Optional(Type.String({ description: 'stable key; derived from the title when omitted' })),
    title: Type.String(),
    render_mode: Type.Optional(Type.String()),
    output_type: Type.Optional(Type.String()),
    prompt: Nullable(Type.String({ maxLength: LIMITS.templateChars })),
    output_template: Nullable(Type.String({ maxLength: LIMITS.templateChars })),
  },
  { additionalProperties: false },
);

export const SpecDataNeed = Type.Object(
  {
    output_key: Type.String(),
    kind: Type.String(),
    name: Nullable(Type.String()),
    args_json: Type.Optional(Type.Union([Type.Null(), Type.Record(Type.String(), Type.Unknown())])),
    depends_on: Type.Optional(Type.Union([Type.Null(), Type.Array(Type.String())])),
    prompt_body: Nullable(Type.String({ maxLength: LIMITS.templateChars })),
    tool_ref: Nullable(Type.String()),
    tools_available: Type.Optional(Type.Union([Type.Null(), Type.Array(Type.String())])),
  },
  { additionalProperties: false },
);

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

export const TemplateSpec = Type.Object(
  {
    specVersion: Type.Optional(Type.Literal(1)),
    slug: Type.Optional(Type.String({ description: 'template slug, unique per organization (required to create a template)' })),
    title: Type.String(),
    description: Nullable(Type.String()),
    fields: Type.Optional(Type.Array(SpecField, { maxItems: LIMITS.fieldsPerDocument })),
    sections: Type.Optional(Type.Array(SpecSection, { maxItems: LIMITS.sectionsPerDocument })),
    dataNeeds: Type.Optional(Type.Array(SpecDataNeed, { maxItems: LIMITS.dataNeedsPerDocument })),
    config: Type.Optional(Type.Record(Type.String(), Type.Record(Type.String(), Type.Unknown()))),
    entities: Type.Optional(
      Type.Object(
        {
          texts: Type.Optional(Type.Array(SpecText)),
          snippets: Type.Optional(Type.Array(SpecSnippet)),
          riskBlocks: Type.Optional(Type.Array(SpecRiskBlock)),
          voices: Type.Optional(Type.Array(SpecVoice)),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { $id: 'TemplateSpec', additionalProperties: false, description: 'Authoring spec of a template (JSON, or YAML with Content-Type application/yaml)' },
);

export type TemplateSpecInput = Static<typeof TemplateSpec>;
export type SpecEntities = NonNullable<TemplateSpecInput['entities']>;
