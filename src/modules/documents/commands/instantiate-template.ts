/**
 * `POST /v1/documents`: a new document instance from a template, copying its fields (with the
 * sent values applied), sections (without output), data-needs, config and snippet bindings,
 * in one transaction. A sent value that can never be valid for the template field's type
 * refuses the whole request (no document is created).
 */
import { NotFoundError } from '../../../kernel/errors.js';
import { newId } from '../../../kernel/ids.js';
import type { CommandContext } from '../../context.js';
import type { DocumentRecord } from '../document.repository.js';
import { assertFieldCountFits } from '../fields/field-count.js';
import type { FieldRecord } from '../fields/field.repository.js';
import { assertFieldValuesFit, coerceFieldValue } from '../fields/field-values.js';
import { assertTitle } from '../sections/section-rules.js';

export interface InstantiateTemplateInput {
  templateId: string;
  title?: string | null;
  fields?: Record<string, unknown>;
}

/**
 * The template's fields with the sent values applied (each sent value is taken out of `sent` as it is
 * used), then the sent values the template does not define.
 */
async function copyFields(
  tx: CommandContext,
  templateFields: readonly FieldRecord[],
  sent: Map<string, string>,
  documentId: string,
  now: string,
): Promise<void> {
  const orgId = tx.actor.org.orgId;
  for (const field of templateFields) {
    await tx.repos.fields.insert(orgId, { ...field, id: newId('fld'), documentId, value: sent.get(field.key) ?? field.value }, now);
    sent.delete(field.key);
  }
  // Values for keys the template does not define become plain string fields, kept, not dropped.
  let ordinal = templateFields.length;
  for (const [key, value] of sent) {
    await tx.repos.fields.insert(
      orgId,
      {
        id: newId('fld'),
        documentId,
        key,
        value,
        valueType: 'string',
        isRequired: false,
        label: null,
        description: null,
        options: null,
        ordinal: ordinal++,
      },
      now,
    );
  }
}

/** The template's sections (without output), data needs and snippet bindings, onto the new document. */
async function copyTemplateParts(tx: CommandContext, templateId: string, documentId: string, now: string): Promise<void> {
  const orgId = tx.actor.org.orgId;
  for (const section of await tx.repos.sections.listByDocument(orgId, templateId)) {
    await tx.repos.sections.insert(orgId, {
      ...section,
      id: newId('sec'),
      documentId,
      content: null,
      status: 'empty',
      createdAt: now,
      updatedAt: now,
    });
  }
  for (const need of await tx.repos.dataNeeds.listByDocument(orgId, templateId)) {
    await tx.repos.dataNeeds.insert(orgId, { ...need, id: newId('dn'), documentId, createdAt: now, updatedAt: now });
  }
  const bindings = tx.repos.bindings;
  // Renumbered 0..N-1 in the template's binding order: copies made in one instant must not
  // fall back on creation time (equal here) to break ordinal ties.
  for (const [ordinal, binding] of (await bindings.listByDocument(orgId, templateId)).entries()) {
    await bindings.insert(orgId, { ...binding, id: newId('bind'), documentId, ordinal, createdAt: now, updatedAt: now });
  }
}

/**
 * @throws NotFoundError when the template is absent, not a template, or of another organization.
 * @throws DomainValidationError for a blank title, or a sent value that can never be valid for its field's type.
 */
export async function instantiateTemplate(ctx: CommandContext, input: InstantiateTemplateInput): Promise<DocumentRecord> {
  const orgId = ctx.actor.org.orgId;
  const template = (await ctx.repos.documents.findById(orgId, input.templateId)) ?? (await ctx.repos.documents.findTemplateBySlug(orgId, input.templateId));
  if (!template || !template.isTemplate) throw new NotFoundError(`template ${input.templateId} not found`);
  const title = input.title === undefined || input.title === null ? template.title : assertTitle(input.title);

  return ctx.transaction(async (tx) => {
    const sent = new Map(Object.entries(input.fields ?? {}).map(([k, v]) => [k, coerceFieldValue(v)]));
    const templateFields = await tx.repos.fields.listByDocument(orgId, template.id);
    const templateKeys = new Set(templateFields.map((f) => f.key));
    assertFieldCountFits(templateFields.length, [...sent.keys()].filter((k) => !templateKeys.has(k)).length);
    // Only the sent values are checked: a template default that does not fit is the template's
    // problem (a spec warning, then a readiness gap), not this caller's.
    assertFieldValuesFit(templateFields.flatMap((field) => (sent.has(field.key) ? [{ field, value: sent.get(field.key) ?? '' }] : [])));

    const now = tx.clock.now().toISOString();
    const document = await tx.repos.documents.insert(orgId, {
      id: newId('doc'),
      slug: null,
      title,
      description: template.description,
      isTemplate: false,
      templateId: template.id,
      state: 'draft',
      config: template.config,
      createdBy: tx.actor.email,
      createdAt: now,
      updatedAt: now,
    });

    await copyFields(tx, templateFields, sent, document.id, now);
    await copyTemplateParts(tx, template.id, document.id, now);
    return document;
  });
}
