/**
 * Applies a compiled spec to a document as desired state: fields, sections and data-needs are
 * matched by key and created, updated or deleted to match; the config overrides are replaced.
 * Rows that already match are not written, so re-applying the canonical spec changes nothing.
 * Runs inside the caller's transaction.
 */
import { newId } from '../../kernel/ids.js';
import type { CommandContext } from '../context.js';
import type { DataNeedChanges } from '../documents/data-needs/data-need.repository.js';
import type { DocumentChanges, DocumentRecord } from '../documents/document.repository.js';
import type { FieldChanges } from '../documents/fields/field.repository.js';
import type { SectionChanges } from '../documents/sections/section.repository.js';
import type { NormalizedSpec } from './compile-spec.js';
import { stableStringify } from '../../pipeline/inputs-hash.js';

function changed<T extends object>(current: T, desired: Partial<T>): Partial<T> {
  const diff: Partial<T> = {};
  for (const [key, value] of Object.entries(desired) as Array<[keyof T, T[keyof T]]>) {
    // Key order is not a change: a stored config (the interview's questions, say) comes back from
    // the spec's validation with its keys in schema order.
    if (stableStringify(current[key] ?? null) !== stableStringify(value ?? null)) diff[key] = value;
  }
  return diff;
}

/** Returns true when anything was written. */
export async function applySpec(ctx: CommandContext, document: DocumentRecord, spec: NormalizedSpec): Promise<boolean> {
  const orgId = ctx.actor.org.orgId;
  const now = ctx.clock.now().toISOString();
  let wrote = false;

  const docDiff = changed(document, { title: spec.title, description: spec.description, config: spec.config });
  if (Object.keys(docDiff).length > 0) {
    await ctx.repos.documents.update(orgId, document.id, { ...(docDiff as Omit<DocumentChanges, 'updatedAt'>), updatedAt: now });
    wrote = true;
  }

  const fieldsWrote = await syncByKey({
    existing: await ctx.repos.fields.listByDocument(orgId, document.id),
    keyOf: (f) => f.key,
    desired: spec.fields.map((f, ordinal) => ({ key: f.key, values: { ...f, ordinal } })),
    insert: (values) => ctx.repos.fields.insert(orgId, { id: newId('fld'), documentId: document.id, ...values }, now),
    update: (row, diff) => ctx.repos.fields.update(orgId, document.id, row.id, diff as FieldChanges, now),
    remove: (row) => ctx.repos.fields.delete(orgId, document.id, row.id),
  });
  const sectionsWrote = await syncByKey({
    existing: await ctx.repos.sections.listByDocument(orgId, document.id),
    keyOf: (s) => s.key,
    desired: spec.sections.map((s, ordinal) => ({ key: s.key, values: { ...s, ordinal } })),
    insert: (values) =>
      ctx.repos.sections.insert(orgId, {
        id: newId('sec'),
        documentId: document.id,
        ...values,
        content: null,
        status: 'empty',
        createdAt: now,
        updatedAt: now,
      }),
    update: (row, diff) => ctx.repos.sections.update(orgId, document.id, row.id, diff as SectionChanges, now),
    remove: (row) => ctx.repos.sections.delete(orgId, document.id, row.id),
  });
  const needsWrote = await syncByKey({
    existing: await ctx.repos.dataNeeds.listByDocument(orgId, document.id),
    keyOf: (n) => n.outputKey,
    desired: spec.dataNeeds.map((n, ordinal) => ({ key: n.outputKey, values: { ...n, ordinal } })),
    insert: (values) => ctx.repos.dataNeeds.insert(orgId, { id: newId('dn'), documentId: document.id, ...values, createdAt: now, updatedAt: now }),
    update: (row, diff) => ctx.repos.dataNeeds.update(orgId, document.id, row.id, diff as DataNeedChanges, now),
    remove: (row) => ctx.repos.dataNeeds.delete(orgId, document.id, row.id),
  });
  wrote = fieldsWrote || sectionsWrote || needsWrote || wrote;

  if (wrote && Object.keys(docDiff).length === 0) await ctx.repos.documents.touch(orgId, document.id, now);
  return wrote;
}

/**
 * Makes one kind of child rows match the desired list, matched by key: inserts the missing,
 * updates only the keys that differ, deletes the rest. Returns true when anything was written.
 */
async function syncByKey<Row extends object, Values extends object>(plan: {
  existing: Row[];
  keyOf: (row: Row) => string;
  desired: Array<{ key: string; values: Values }>;
  insert: (values: Values) => Promise<unknown>;
  update: (row: Row, diff: Partial<Values>) => Promise<unknown>;
  remove: (row: Row) => Promise<boolean>;
}): Promise<boolean> {
  const byKey = new Map(plan.existing.map((row) => [plan.keyOf(row), row]));
  let wrote = false;
  for (const { key, values } of plan.desired) {
    const row = byKey.get(key);
    byKey.delete(key);
    if (!row) {
      await plan.insert(values);
      wrote = true;
      continue;
    }
    const diff = changed(row as unknown as Values, values);
    if (Object.keys(diff).length > 0) {
      await plan.update(row, diff);
      wrote = true;
    }
  }
  for (const stale of byKey.values()) wrote = (await plan.remove(stale)) || wrote;
  return wrote;
}
