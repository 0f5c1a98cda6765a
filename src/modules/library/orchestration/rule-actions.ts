/** The actions a rule may take, and the checks a rule must pass when it is saved. */
import { DomainValidationError } from '../../../kernel/errors.js';
import { SAMPLE_FACTS, evaluateConditions, isLogic } from './rule-logic.js';

/** Sets a field of the document from a literal or a fact; by default only when the field is empty. */
export interface SetFieldAction {
  action: 'set_field';
  key: string;
  value?: string | number | boolean;
  /** Dot path into the facts, e.g. `entities.organizations.0`. */
  fromFact?: string;
  /** Replace a value the field already has (default false: fill empty fields only). */
  overwrite?: boolean;
}

/** Binds a snippet of the organization's library (by key) to the document. */
export interface BindSnippetAction {
  action: 'bind_snippet';
  snippetKey: string;
  /**
   * role → entity id, or → a fact naming a party (`entities.organizations.0`,
   * `entities.people.0`): orchestrate binds the organization's entity of that name, created when
   * there is none, never the raw name.
   */
  entityBindings?: Record<string, string>;
}

export type RuleAction = SetFieldAction | BindSnippetAction;

/** The `action` of every kind of rule action. */
export const RULE_ACTION_NAMES = ['set_field', 'bind_snippet'] as const satisfies ReadonlyArray<RuleAction['action']>;

export interface RuleDefinition {
  name: string;
  description: string | null;
  when: Record<string, unknown>;
  then: RuleAction[];
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function checkSetField(raw: Record<string, unknown>, at: string, errors: string[]): SetFieldAction | null {
  const extra = Object.keys(raw).filter((k) => !['action', 'key', 'value', 'fromFact', 'overwrite'].includes(k));
  if (extra.length > 0) errors.push(`${at} has unknown keys: ${extra.join(', ')}`);
  if (typeof raw.key !== 'string' || raw.key.trim() === '') errors.push(`${at}.key must name a field`);
  const hasValue = raw.value !== undefined;
  const hasFact = raw.fromFact !== undefined;
  if (hasValue === hasFact) errors.push(`${at} needs exactly one of value or fromFact`);
  if (hasValue && !['string', 'number', 'boolean'].includes(typeof raw.value)) errors.push(`${at}.value must be a string, number or boolean`);
  if (hasFact && !(typeof raw.fromFact === 'string' && /^(fields|entities|text)(\.|$)/.test(raw.fromFact)))
    errors.push(`${at}.fromFact must be a path under fields, entities or text (e.g. "entities.organizations.0")`);
  if (raw.overwrite !== undefined && typeof raw.overwrite !== 'boolean') errors.push(`${at}.overwrite must be a boolean`);
  return errors.length > 0 ? null : (raw as unknown as SetFieldAction);
}

function checkBindSnippet(raw: Record<string, unknown>, at: string, errors: string[]): BindSnippetAction | null {
  const extra = Object.keys(raw).filter((k) => !['action', 'snippetKey', 'entityBindings'].includes(k));
  if (extra.length > 0) errors.push(`${at} has unknown keys: ${extra.join(', ')}`);
  if (typeof raw.snippetKey !== 'string' || raw.snippetKey.trim() === '') errors.push(`${at}.snippetKey must name a snippet`);
  const bindings = raw.entityBindings;
  if (
    bindings !== undefined &&
    !(isObject(bindings) && Object.entries(bindings).every(([role, id]) => role.trim() !== '' && typeof id === 'string' && id.trim() !== ''))
  ) {
    errors.push(`${at}.entityBindings must map roles to non-blank entity ids`);
  }
  return errors.length > 0 ? null : (raw as unknown as BindSnippetAction);
}

/**
 * Checks a rule before it is stored: a JsonLogic condition that evaluates (known operations
 * only) and at least one well-formed action.
 *
 * @throws DomainValidationError naming every problem.
 */
export function assertValidRule(input: { name: string; description?: string | null; when: unknown; then: unknown[] }): RuleDefinition {
  const errors: string[] = [];
  const name = input.name.trim();
  if (name === '') errors.push('name must not be blank');
  if (!isObject(input.when) || !isLogic(input.when)) {
    errors.push('when must be a JsonLogic condition: an object with one operator, e.g. {"mentions": [{"var": "text"}, "GDPR"]}');
  }
  if (input.then.length === 0) errors.push('then must hold at least one action');
  const actions: RuleAction[] = [];
  input.then.forEach((raw, i) => {
    const at = `then[${i}]`;
    const own: string[] = [];
    if (!isObject(raw)) own.push(`${at} must be an object`);
    else if (raw.action === 'set_field') actions.push(checkSetField(raw, at, own) ?? (raw as unknown as RuleAction));
    else if (raw.action === 'bind_snippet') actions.push(checkBindSnippet(raw, at, own) ?? (raw as unknown as RuleAction));
    else own.push(`${at}.action must be set_field or bind_snippet`);
    errors.push(...own);
  });
  if (errors.length > 0) throw new DomainValidationError(`invalid orchestration rule: ${errors.join('; ')}`);
  return { name, description: input.description?.trim() || null, when: input.when as Record<string, unknown>, then: actions };
}

/**
 * Tries a valid rule's condition on sample facts (in a tenant-code worker), so a condition that
 * cannot evaluate, or runs out of its budget, is refused when it is saved.
 * @throws DomainValidationError naming why.
 */
export async function assertEvaluableCondition(when: unknown): Promise<void> {
  const [outcome] = await evaluateConditions([when], SAMPLE_FACTS);
  if (outcome && !outcome.ok) throw new DomainValidationError(`when does not evaluate: ${outcome.error}`);
}
