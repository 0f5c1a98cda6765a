/**
 * Decide (pure): given the extracted facts, the document's field values after extraction, the
 * rulebook and the library's snippets, which fields to set and which snippets to bind, with a
 * plan entry per rule saying what matched and what each action did or why it was skipped.
 * Rules run in rulebook order; the first rule to set a field or bind a snippet wins.
 */
import type { OrchestrationRuleRecord } from './orchestration-rule.repository.js';
import type { RuleAction } from './rule-actions.js';
import { type ConditionOutcome, type OrchestrationFacts, factAt } from './rule-logic.js';

export type ActionOutcome = RuleAction & { status: 'applied' | 'skipped'; reason?: string; resolvedValue?: string };

export interface PlanEntry {
  rule: { id: string; name: string };
  matched: boolean;
  /** Why the condition could not be evaluated (the rule is then not matched). */
  error?: string;
  actions: ActionOutcome[];
}

export interface PlannedBinding {
  snippetId: string;
  snippetKey: string;
  /** role → entity id, as the rule wrote it. */
  entityBindings: Record<string, string>;
  /** role → the party a fact named (the applier binds the organization's entity of that name). */
  entityNames: Record<string, { name: string; kind: string | null }>;
  rule: string;
}

export interface OrchestrationPlan {
  entries: PlanEntry[];
  /** key → value set by rules. */
  fieldsFromRules: Record<string, { value: string; rule: string }>;
  bindings: PlannedBinding[];
}

export interface PlanInput {
  rules: OrchestrationRuleRecord[];
  facts: OrchestrationFacts;
  /** The snippets the rules name that exist in the library, by key. */
  snippetsByKey: ReadonlyMap<string, { id: string }>;
  /** Snippets the document has bound already (re-orchestrating binds nothing twice). */
  boundSnippetIds: ReadonlySet<string>;
  /** Each rule's condition evaluated over `facts` (`evaluateConditions`, in a worker), in rule order. */
  conditions: readonly ConditionOutcome[];
}

/** A fact as field text: strings as is, numbers and booleans printed, money by its text. */
function asFieldText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value.trim() === '' ? null : value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'object' && 'text' in value && typeof value.text === 'string') return value.text;
  return JSON.stringify(value);
}

/** The entity kind of a party fact's category (`entities.organizations.0` → organization). */
const KIND_OF_CATEGORY: Record<string, string> = { organizations: 'organization', people: 'person', places: 'place' };

/**
 * A bind action's roles split into entity ids as written and parties named by a fact
 * (`entities.<category>.<n>`), resolved to the name found; a fact that is empty leaves its role out.
 */
function rolesOf(entityBindings: Readonly<Record<string, string>>, facts: OrchestrationFacts): Pick<PlannedBinding, 'entityBindings' | 'entityNames'> {
  const ids: Record<string, string> = {};
  const names: PlannedBinding['entityNames'] = {};
  for (const [role, value] of Object.entries(entityBindings)) {
    if (!value.startsWith('entities.')) {
      ids[role] = value;
      continue;
    }
    const name = asFieldText(factAt(facts, value));
    if (name !== null) names[role] = { name, kind: KIND_OF_CATEGORY[value.split('.')[1]] ?? null };
  }
  return { entityBindings: ids, entityNames: names };
}

/** Plans every rule against the facts. Never throws: a broken rule is reported in its entry. */
export function planOrchestration(input: PlanInput): OrchestrationPlan {
  const fieldsFromRules: OrchestrationPlan['fieldsFromRules'] = {};
  const bindings: PlannedBinding[] = [];
  const bindingIds = new Set(input.boundSnippetIds);
  const entries = input.rules.map((rule, index): PlanEntry => {
    const entry: PlanEntry = { rule: { id: rule.id, name: rule.name }, matched: false, actions: [] };
    const outcome = input.conditions[index] ?? { ok: false, error: 'the condition was not evaluated' };
    if (outcome.ok) entry.matched = outcome.matched;
    else entry.error = outcome.error;
    if (!entry.matched) return entry;
    const skip = (action: RuleAction, reason: string): ActionOutcome => ({ ...action, status: 'skipped', reason });
    entry.actions = rule.then.map((action): ActionOutcome => {
      if (action.action === 'set_field') {
        if (!Object.hasOwn(input.facts.fields, action.key)) return skip(action, `the document has no field "${action.key}"`);
        if (fieldsFromRules[action.key]) return skip(action, `already set by rule "${fieldsFromRules[action.key].rule}"`);
        const value = action.fromFact !== undefined ? asFieldText(factAt(input.facts, action.fromFact)) : asFieldText(action.value);
        if (value === null) return skip(action, action.fromFact !== undefined ? `the fact ${action.fromFact} is empty` : 'the value is empty');
        if (!action.overwrite && input.facts.fields[action.key] !== '') return skip(action, 'the field has a value already (set overwrite to replace it)');
        fieldsFromRules[action.key] = { value, rule: rule.name };
        return { ...action, status: 'applied', resolvedValue: value };
      }
      const snippet = input.snippetsByKey.get(action.snippetKey);
      if (!snippet) return skip(action, `the library has no snippet "${action.snippetKey}"`);
      if (bindingIds.has(snippet.id)) return skip(action, 'the snippet is bound to the document already');
      bindingIds.add(snippet.id);
      bindings.push({ snippetId: snippet.id, snippetKey: action.snippetKey, ...rolesOf(action.entityBindings ?? {}, input.facts), rule: rule.name });
      return { ...action, status: 'applied' };
    });
    return entry;
  });
  return { entries, fieldsFromRules, bindings };
}
