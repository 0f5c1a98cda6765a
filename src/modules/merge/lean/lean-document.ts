/**
 * A lean merge row's document, made in memory first: the template's fields with the row's values,
 * its sections without output, its config and snippet bindings — what `instantiateTemplate`
 * writes — and the document's inputs over those records, so readiness and the export's fill run
 * the same functions as for a stored document without reading it back. Written to the database
 * later, with the other rows of its page, in the transaction that records their outcomes.
 */
import { newId } from '../../../kernel/ids.js';
import type { CommandContext } from '../../context.js';
import { resolveConfig } from '../../documents/config/config-groups.js';
import { fieldMap } from '../../documents/document.presenter.js';
import type { DocumentRecord } from '../../documents/document.repository.js';
import { coerceFieldValue } from '../../documents/fields/field-values.js';
import type { FieldRecord } from '../../documents/fields/field.repository.js';
import type { SectionRecord } from '../../documents/sections/section.repository.js';
import type { DocumentInputs } from '../../generation/inputs/load-document-inputs.js';
import type { BindingRecord } from '../../library/bindings/binding.repository.js';
import type { DecisionSpec } from '../../../tenant-code/evaluate-decisions.js';
import type { LeanMergePlan } from './lean-merge-plan.js';

export interface LeanDocument {
  document: DocumentRecord;
  fields: FieldRecord[];
  sections: SectionRecord[];
  bindings: BindingRecord[];
  now: string;
}

/** The row's document as `instantiateTemplate` would make it (the row's values were checked against their fields when the run started). */
export function leanDocumentOf(ctx: CommandContext, plan: LeanMergePlan, title: string, values: Record<string, string>): LeanDocument {
  const now = ctx.clock.now().toISOString();
  const { template } = plan;
  const document: DocumentRecord = {
    id: newId('doc'),
    orgId: ctx.actor.org.orgId,
    slug: null,
    title,
    description: template.description,
    isTemplate: false,
    templateId: template.id,
    state: 'draft',
    config: template.config,
    createdBy: ctx.actor.email,
    createdAt: now,
    updatedAt: now,
  };
  const sent = new Map(Object.entries(values).map(([key, value]) => [key, coerceFieldValue(value)]));
  const fields = plan.fields.map((field) => ({ ...field, id: newId('fld'), documentId: document.id, value: sent.get(field.key) ?? field.value }));
  const sections = plan.sections.map((section) => ({
    ...section,
    id: newId('sec'),
    documentId: document.id,
    content: null,
    status: 'empty',
    createdAt: now,
    updatedAt: now,
  }));
  const bindings = plan.bindings.map((binding, ordinal) => ({
    ...binding,
    id: newId('bind'),
    documentId: document.id,
    ordinal,
    createdAt: now,
    updatedAt: now,
  }));
  return { document, fields, sections, bindings, now };
}

/** The document's inputs over its in-memory records and the plan's shared reads (a new document has nothing gathered, no snapshot, no assessment). */
export function leanInputsOf(ctx: CommandContext, plan: LeanMergePlan, lean: LeanDocument): DocumentInputs {
  const config = resolveConfig(lean.document.config);
  const bindingIdOf = new Map(plan.bindings.map((binding, i) => [binding.id, lean.bindings[i]]));
  const library = {
    ...plan.library,
    bound: plan.library.bound.map((bound) => ({ ...bound, binding: bindingIdOf.get(bound.binding.id) ?? bound.binding })),
  };
  return {
    document: lean.document,
    organization: { slug: ctx.actor.org.slug, name: ctx.actor.org.displayName },
    config,
    computations: {
      ...((config.coordination.computations ?? {}) as Record<string, string>),
      ...((config.synthesis.computations ?? {}) as Record<string, string>),
    },
    decisions: (config.decisions.items ?? []) as DecisionSpec[],
    fields: lean.fields,
    fieldValues: fieldMap(lean.fields),
    sections: lean.sections,
    dataNeeds: [],
    gathered: () => Promise.resolve([]),
    library: () => Promise.resolve(library),
    voice: () => Promise.resolve(plan.voice),
    toolRegistrations: () => Promise.resolve(plan.toolRegistrations),
    assessmentGaps: () => Promise.resolve([]),
    recentSnapshots: () => Promise.resolve([]),
    wordTemplate: () => Promise.resolve(plan.wordTemplate),
  };
}

/** Writes the documents and their parts, a statement per table for them all (inside the caller's transaction). */
export async function insertLeanDocuments(tx: CommandContext, leans: readonly LeanDocument[]): Promise<void> {
  if (leans.length === 0) return;
  const orgId = tx.actor.org.orgId;
  await tx.repos.documents.insertMany(
    orgId,
    leans.map(({ document: { orgId: _orgId, ...document } }) => document),
  );
  // A statement per document for the fields: each carries its document's instant.
  for (const lean of leans) await tx.repos.fields.insertMany(orgId, lean.fields, lean.now);
  await tx.repos.sections.insertMany(
    orgId,
    leans.flatMap((lean) => lean.sections),
  );
  for (const binding of leans.flatMap((lean) => lean.bindings)) await tx.repos.bindings.insert(orgId, binding);
}
