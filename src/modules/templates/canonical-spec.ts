/**
 * The canonical spec of a template or document: every key written out, in a fixed order, so
 * that `GET /spec` followed by `PUT /spec` with the same body changes nothing.
 */
import type { DataNeedRecord } from '../documents/data-needs/data-need.repository.js';
import type { DocumentRecord } from '../documents/document.repository.js';
import type { FieldRecord } from '../documents/fields/field.repository.js';
import type { SectionRecord } from '../documents/sections/section.repository.js';
import type { SpecEntities } from './spec-schema.js';

export interface CanonicalSpecInput {
  document: DocumentRecord;
  fields: readonly FieldRecord[];
  sections: readonly SectionRecord[];
  dataNeeds: readonly DataNeedRecord[];
  entities: Required<SpecEntities>;
}

export function canonicalSpec({ document, fields, sections, dataNeeds, entities }: CanonicalSpecInput) {
  return {
    specVersion: 1 as const,
    ...(document.slug ? { slug: document.slug } : {}),
    title: document.title,
    description: document.description,
    fields: fields.map((f) => ({
      key: f.key,
      label: f.label,
      description: f.description,
      valueType: f.valueType,
      isRequired: f.isRequired,
      value: f.value,
      options: f.options,
    })),
    sections: sections.map((s) => ({
      key: s.key,
      title: s.title,
      render_mode: s.renderMode,
      output_type: s.outputType,
      prompt: s.prompt,
      output_template: s.outputTemplate,
    })),
    dataNeeds: dataNeeds.map((n) => ({
      output_key: n.outputKey,
      kind: n.kind,
      name: n.name,
      args_json: n.args,
      depends_on: n.dependsOn,
      prompt_body: n.promptBody,
      tool_ref: n.toolRef,
      tools_available: n.toolsAvailable,
    })),
    config: document.config,
    entities,
  };
}
