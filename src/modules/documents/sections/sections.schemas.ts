/** Wire schemas of sections, under the contract's exact names. */
import { Type } from 'typebox';
import { LIMITS } from '../../../kernel/limits.js';
import { CheckedByUseCase, Nullable, Ref, StringEnum } from '../../../kernel/schema.js';
import { OUTPUT_TYPES, RENDER_MODES, SECTION_STATUSES } from './section-rules.js';

const optionalText = (description?: string, maxLength: number = LIMITS.templateChars) =>
  Type.Optional(Nullable(Type.String({ maxLength, ...(description ? { description } : {}) })));
// The section commands check these sets and name them in their 422 (`render_mode must be one of …`).
const optionalSet = (values: readonly string[], description: string) =>
  Type.Optional(Nullable(CheckedByUseCase(StringEnum<readonly string[]>(values, { description }))));

export const CreateSectionBody = Type.Object(
  {
    title: Type.String({ minLength: 1, maxLength: LIMITS.titleChars }),
    output_template: optionalText('Jinja template (templated sections)'),
    output_type: optionalSet(OUTPUT_TYPES, 'string (default), markdown, json, list or table'),
    prompt: optionalText('instruction for a synthesized section'),
    render_mode: optionalSet(RENDER_MODES, 'synthesized (default) or templated'),
  },
  { $id: 'CreateSectionBody', additionalProperties: false },
);

export const SectionEditBody = Type.Object(
  {
    content: optionalText(),
    output_template: optionalText(),
    output_type: optionalSet(OUTPUT_TYPES, 'how the output is shaped'),
    prompt: optionalText(),
    render_mode: optionalSet(RENDER_MODES, 'templated (Jinja over the inputs) or synthesized (written by the model)'),
    status: optionalSet(SECTION_STATUSES, 'the section status'),
    title: optionalText(undefined, LIMITS.titleChars),
  },
  { $id: 'SectionEditBody', additionalProperties: false },
);

export const SectionOutputBody = Type.Object(
  { content: Type.String({ maxLength: LIMITS.templateChars, description: 'a hand-edited rendered output' }) },
  { $id: 'SectionOutputBody', additionalProperties: false },
);

export const ReorderSectionsBody = Type.Object(
  { sectionIds: Type.Array(Type.String(), { maxItems: LIMITS.sectionsPerDocument, description: 'every section id of the document exactly once' }) },
  { $id: 'ReorderSectionsBody', additionalProperties: false },
);

export const RegenerateBody = Type.Object(
  { variables: Type.Optional(Type.Record(Type.String(), Type.Unknown())) },
  { $id: 'RegenerateBody', additionalProperties: false },
);

/** Why a generated section is stale: the snapshot diff's cause vocabulary and the path that changed. */
export const StaleCause = Type.Object(
  {
    cause: Type.String({
      description: 'fields, gathered, corrections, computed, library, document, template, voice, brief, model, tool, … (as a snapshot diff names causes)',
    }),
    path: Type.String({
      description:
        'A read path (`fields.client`, `gathered.report`, `computed.total`, `snippets.<key>`), `definition.<attribute>`, `voice`, `brief`, `models`, or an input of an out-of-date gathered value (`tool.<name>`, `models.gather`, `assessment.<id>.<item>`, `dataNeeds.<key>`)',
    }),
    via: Type.Optional(
      Type.String({
        description:
          'The gathered or computed value the section read through which `path` reaches it (that row is re-gathered by the next run); absent when the section read `path` itself',
      }),
    ),
  },
  { $id: 'StaleCause' },
);

/** A section as read back: the body keys of CreateSectionBody/SectionEditBody plus its identity. */
export const Section = Type.Object(
  {
    id: Type.String(),
    documentId: Type.String(),
    key: Type.String({ description: 'stable key, unique in the document' }),
    ordinal: Type.Integer(),
    title: Type.String(),
    status: StringEnum<readonly string[]>(SECTION_STATUSES),
    render_mode: StringEnum<readonly string[]>(RENDER_MODES),
    output_type: StringEnum<readonly string[]>(OUTPUT_TYPES),
    prompt: Nullable(Type.String()),
    output_template: Nullable(Type.String()),
    content: Nullable(Type.String({ description: 'the rendered (or hand-edited) output' })),
    createdAt: Type.String(),
    updatedAt: Type.String(),
    staleBecause: Type.Optional(
      Type.Array(Ref(StaleCause), {
        description:
          'On GET /v1/documents/{id} and GET …/sections, present on a section whose output came from a run (status `generated` or `stale`): what it read then that differs now; empty when current',
      }),
    ),
  },
  { $id: 'Section' },
);

/** One entry of a section's output history. */
export const SectionVersion = Type.Object(
  {
    id: Type.String(),
    sectionId: Type.String(),
    version: Type.Integer({ description: 'numbered from 1 per section' }),
    content: Nullable(Type.String()),
    status: StringEnum<readonly string[]>(SECTION_STATUSES),
    source: Type.String({ description: 'what recorded it: a run, a hand edit, a restore…' }),
    runId: Nullable(Type.Integer({ description: 'the number of the run that produced it (as in its progress events), when a run did' })),
    createdBy: Nullable(Type.String()),
    createdAt: Type.String(),
  },
  { $id: 'SectionVersion' },
);

export const SECTION_SCHEMAS = [
  CreateSectionBody,
  SectionEditBody,
  SectionOutputBody,
  ReorderSectionsBody,
  RegenerateBody,
  StaleCause,
  Section,
  SectionVersion,
];
