/**
 * `GET /config`: the whole configurable state with defaults resolved — the stored groups plus
 * `fields` (by key) and `sections` (by key), views over the document's rows.
 */
import type { CommandContext } from '../../../context.js';
import type { FieldRecord } from '../../fields/field.repository.js';
import { requireDocument } from '../../require-document.js';
import type { SectionRecord } from '../../sections/section.repository.js';
import { resolveConfig } from '../config-groups.js';

export function fieldsGroup(fields: readonly FieldRecord[]) {
  return Object.fromEntries(
    fields.map((f) => [
      f.key,
      { value: f.value, valueType: f.valueType, isRequired: f.isRequired, label: f.label, description: f.description, options: f.options },
    ]),
  );
}

export function sectionsGroup(sections: readonly SectionRecord[]) {
  return Object.fromEntries(
    sections.map((s) => [
      s.key,
      { id: s.id, title: s.title, render_mode: s.renderMode, output_type: s.outputType, prompt: s.prompt, output_template: s.outputTemplate },
    ]),
  );
}

/**
 * @throws NotFoundError when the document is absent or foreign.
 */
export async function getConfig(ctx: CommandContext, documentId: string) {
  const document = await requireDocument(ctx, documentId);
  const orgId = ctx.actor.org.orgId;
  const [fields, sections] = await Promise.all([ctx.repos.fields.listByDocument(orgId, document.id), ctx.repos.sections.listByDocument(orgId, document.id)]);
  return { ...resolveConfig(document.config), fields: fieldsGroup(fields), sections: sectionsGroup(sections) };
}
