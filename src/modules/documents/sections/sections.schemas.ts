/** Wire schemas of sections, under the contract's exact names. */
import { Type } from 'typebox';
import { Nullable } from '../../../kernel/schema.js';

const optionalText = (description?: string) => Type.Optional(Nullable(Type.String(description ? { description } : {})));

export const CreateSectionBody = Type.Object(
  {
    title: Type.String({ minLength: 1 }),
    output_template: optionalText('Jinja template (templated sections)'),
    output_type: optionalText('string (default), markdown, json, list or table'),
    prompt: optionalText('instruction for a synthesized section'),
    render_mode: optionalText('synthesized (default) or templated'),
  },
  { $id: 'CreateSectionBody', additionalProperties: false },
);

export const SectionEditBody = Type.Object(
  {
    content: optionalText(),
    output_template: optionalText(),
    output_type: optionalText(),
    prompt: optionalText(),
    render_mode: optionalText(),
    status: optionalText('empty, generated, edited, stale or failed'),
    title: optionalText(),
  },
  { $id: 'SectionEditBody', additionalProperties: false },
);

export const SectionOutputBody = Type.Object(
  { content: Type.String({ description: 'a hand-edited rendered output' }) },
  { $id: 'SectionOutputBody', additionalProperties: false },
);

export const ReorderSectionsBody = Type.Object(
  { sectionIds: Type.Array(Type.String(), { description: 'every section id of the document exactly once' }) },
  { $id: 'ReorderSectionsBody', additionalProperties: false },
);

export const RegenerateBody = Type.Object(
  { variables: Type.Optional(Type.Record(Type.String(), Type.Unknown())) },
  { $id: 'RegenerateBody', additionalProperties: false },
);

export const SECTION_SCHEMAS = [CreateSectionBody, SectionEditBody, SectionOutputBody, ReorderSectionsBody, RegenerateBody];
