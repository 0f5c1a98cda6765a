/**
 * `POST /v1/documents/{document_id}/orchestrate`: extract → decide → apply.
 * 1. Extract facts and entity names from the intake text with the model port (offline: NLP),
 *    with the document's fields as hints; found values are set on those fields.
 * 2. Decide with the organization's rulebook (plan-orchestration.ts).
 * 3. Apply in one transaction: field values through the fields command, snippets through the
 *    binding command, so the same rules (editable document, tenancy) hold as over REST.
 * Returns the review payload: what was planned, bound and set, and the entities found. The
 * organizations and people found become the organization's entities (reused by name, else
 * created; listed under `entities`), and a bind action's role naming a party by fact binds that
 * entity, so a binding never holds a raw name or an id that names nothing.
 * An extracted value that is not of its field's type is not set (a guess is not a value): it is
 * reported under `skippedFieldValues` with the reason, and the rest still applies.
 */
import { DomainValidationError } from '../../../kernel/errors.js';
import type { ExtractedFacts, ModelGateway } from '../../../pipeline/ports.js';
import type { CommandContext } from '../../context.js';
import { replaceFields } from '../../documents/fields/commands/replace-fields.js';
import type { FieldRecord } from '../../documents/fields/field.repository.js';
import { fieldValueRefusal } from '../../documents/fields/field-values.js';
import { requireEditableDocument } from '../../documents/require-document.js';
import { bindSnippet } from '../../library/bindings/commands/bind-snippet.js';
import { ensureRulebook } from '../../library/orchestration/ensure-rulebook.js';
import type { OrchestrationRuleRecord } from '../../library/orchestration/orchestration-rule.repository.js';
import { type PlannedBinding, planOrchestration } from '../../library/orchestration/plan-orchestration.js';
import { evaluateConditions } from '../../library/orchestration/rule-logic.js';
import { ensureEntity } from '../../library/entities/commands/ensure-entity.js';

async function snippetsNamedBy(ctx: CommandContext, rules: OrchestrationRuleRecord[]): Promise<Map<string, { id: string }>> {
  const keys = new Set(rules.flatMap((rule) => rule.then.flatMap((action) => (action.action === 'bind_snippet' ? [action.snippetKey] : []))));
  const repository = ctx.repos.snippets;
  const found = new Map<string, { id: string }>();
  for (const key of keys) {
    const snippet = await repository.findByKey(ctx.actor.org.orgId, key);
    if (snippet) found.set(key, { id: snippet.id });
  }
  return found;
}

/**
 * The organizations and people found, and the parties bind actions name, as the organization's
 * entities: an existing entity of the same name is reused, else one is created (`created`).
 */
async function partiesAsEntities(ctx: CommandContext, found: ExtractedFacts['entities'], bindings: readonly PlannedBinding[]) {
  const wanted = new Map<string, string | null>();
  for (const name of found.organizations) wanted.set(name.trim(), 'organization');
  for (const name of found.people) if (!wanted.has(name.trim())) wanted.set(name.trim(), 'person');
  for (const planned of bindings) for (const { name, kind } of Object.values(planned.entityNames)) if (!wanted.has(name)) wanted.set(name, kind);
  const out = [];
  for (const [name, kind] of wanted) {
    if (name === '') continue;
    const { entity, created } = await ensureEntity(ctx, name, kind);
    out.push({ id: entity.id, name: entity.name, kind: entity.kind, created });
  }
  return out;
}

/** The extracted values each field takes, and those refused (not of the field's type) with the reason. */
function sortExtractedValues(fields: readonly FieldRecord[], fieldValues: Record<string, string>) {
  const fieldByKey = new Map(fields.map((f) => [f.key, f]));
  const extracted: Record<string, string> = {};
  const skippedFieldValues: Record<string, string> = {};
  for (const [key, value] of Object.entries(fieldValues)) {
    const field = fieldByKey.get(key);
    if (!field || value.trim() === '') continue;
    const refusal = fieldValueRefusal(field, value.trim());
    if (refusal) skippedFieldValues[key] = refusal;
    else extracted[key] = value.trim();
  }
  return { extracted, skippedFieldValues };
}

/** Applies the plan in one transaction: field values, then the parties as entities, then the bindings naming them. */
async function applyPlan(
  ctx: CommandContext,
  documentId: string,
  setFieldValues: Record<string, string>,
  found: ExtractedFacts['entities'],
  bindings: readonly PlannedBinding[],
) {
  return ctx.transaction(async (tx) => {
    if (Object.keys(setFieldValues).length > 0) await replaceFields(tx, documentId, setFieldValues);
    const entities = await partiesAsEntities(tx, found, bindings);
    const idOf = new Map(entities.map((e) => [e.name, e.id]));
    const out = [];
    for (const planned of bindings) {
      const named = Object.entries(planned.entityNames).map(([role, { name }]) => [role, idOf.get(name) ?? '']);
      const binding = await bindSnippet(tx, documentId, {
        snippetId: planned.snippetId,
        entityBindings: { ...planned.entityBindings, ...Object.fromEntries(named) },
      });
      out.push({
        bindingId: binding.id,
        snippetId: planned.snippetId,
        snippetKey: planned.snippetKey,
        ordinal: binding.ordinal,
        entityBindings: binding.entityBindings,
        rule: planned.rule,
      });
    }
    return { boundMolecules: out, entities };
  });
}

/**
 * @throws DomainValidationError when source_text is blank or the document is finalized;
 *   NotFoundError when the document is absent or of another organization.
 */
export async function orchestrateDocument(ctx: CommandContext, model: ModelGateway, documentId: string, input: { source_text: string }) {
  const text = input.source_text;
  if (text.trim() === '') throw new DomainValidationError('source_text must not be blank');
  // Gate before asking the model: a foreign or finalized document costs nothing.
  const document = await requireEditableDocument(ctx, documentId);
  const orgId = ctx.actor.org.orgId;
  const fields = await ctx.repos.fields.listByDocument(orgId, document.id);
  const extraction = await model.extractFacts({ text, fieldHints: fields.map((f) => ({ key: f.key, valueType: f.valueType, label: f.label })) });

  // The intake is what the caller asked to apply, so values found in it replace what the fields hold.
  const current = Object.fromEntries(fields.map((f) => [f.key, f.value]));
  const { extracted, skippedFieldValues } = sortExtractedValues(fields, extraction.value.fieldValues);
  const facts = { fields: { ...current, ...extracted }, entities: { ...extraction.value.entities }, text };

  const rules = await ensureRulebook(ctx);
  const bound = await ctx.repos.bindings.listByDocument(orgId, document.id);
  const conditions = await evaluateConditions(
    rules.map((rule) => rule.when),
    facts,
  );
  const plan = planOrchestration({
    rules,
    facts,
    conditions,
    snippetsByKey: await snippetsNamedBy(ctx, rules),
    boundSnippetIds: new Set(bound.map((b) => b.snippetId)),
  });

  const setFieldValues: Record<string, string> = { ...extracted };
  const setFieldSources: Record<string, string> = Object.fromEntries(Object.keys(extracted).map((key) => [key, 'extracted']));
  for (const [key, { value, rule }] of Object.entries(plan.fieldsFromRules)) {
    setFieldValues[key] = value;
    setFieldSources[key] = `rule:${rule}`;
  }

  const { boundMolecules, entities } = await applyPlan(ctx, document.id, setFieldValues, extraction.value.entities, plan.bindings);

  return {
    documentId: document.id,
    plan: plan.entries,
    boundMolecules,
    entityNames: extraction.value.entities,
    entities,
    setFieldValues,
    setFieldSources,
    skippedFieldValues,
    model: extraction.model,
    mode: model.status().mode,
  };
}
