/**
 * The authoring spec: one JSON (or YAML) document that describes a template — metadata,
 * fields, sections, data-needs, config, and the organization entities it defines. Item keys
 * are the REST bodies' keys, so a spec reads like the API.
 */
import { LIMITS } from '../../kernel/limits.js';
import { type Static, Type } from 'typebox';
import { SpecEntitiesSchema } from '../library/spec-sync/spec-entities.schema.js';
import { InterviewSteps } from '../documents/config/interview-schema.js';

const Nullable = <T extends ReturnType<typeof Type.String>>(schema: T) => Type.Optional(Type.Union([Type.Null(), schema]));

export const SpecField = Type.Object(
  {
    key: Type.String({ description: 'identifier used in templates: letters, digits, _' }),
    label: Nullable(Type.String()),
    description: Nullable(Type.String()),
    valueType: Type.Optional(Type.String({ description: 'string, number, integer, boolean, date, email, url, enum, text' })),
    isRequired: Type.Optional(Type.Boolean()),
    value: Type.Optional(
      Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null()], { description: 'default (template) or current (document) value' }),
    ),
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

export const TemplateSpec = Type.Object(
  {
    specVersion: Type.Optional(Type.Literal(1)),
    slug: Type.Optional(Type.String({ description: 'template slug, unique per organization (required to create a template)' })),
    title: Type.String(),
    description: Nullable(Type.String()),
    fields: Type.Optional(Type.Array(SpecField, { maxItems: LIMITS.fieldsPerDocument })),
    sections: Type.Optional(Type.Array(SpecSection, { maxItems: LIMITS.sectionsPerDocument })),
    dataNeeds: Type.Optional(Type.Array(SpecDataNeed, { maxItems: LIMITS.dataNeedsPerDocument })),
    config: Type.Optional(
      // Typed as every config group; the schema spells out `interview` for authors and tools.
      // An intersection (allOf), not `interview` beside an `additionalProperties` schema: a
      // generator that puts both in one type (oazapfts) makes an optional `interview` clash
      // with the index signature under --strict (TS2411). Validation is the same.
      Type.Unsafe<Record<string, Record<string, unknown>>>(
        Type.Intersect(
          [
            Type.Record(Type.String(), Type.Record(Type.String(), Type.Unknown())),
            Type.Object({
              // Described here so the config schema shows authors how to write guided questions (docs/guided-questions.md).
              interview: Type.Optional(
                Type.Object(
                  { steps: Type.Optional(Type.Union([Type.Null(), InterviewSteps()])) },
                  { additionalProperties: false, description: 'guided questions: steps, conditions (askWhen), help and examples' },
                ),
              ),
            }),
          ],
          { description: 'config group → its keys (see GET /v1/config-schema configGroups)' },
        ),
      ),
    ),
    entities: Type.Optional(SpecEntitiesSchema),
  },
  { $id: 'TemplateSpec', additionalProperties: false, description: 'Authoring spec of a template (JSON, or YAML with Content-Type application/yaml)' },
);

export type TemplateSpecInput = Static<typeof TemplateSpec>;
export type { SpecEntities } from '../library/spec-sync/spec-entities.schema.js';
