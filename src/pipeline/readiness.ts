/**
 * The readiness verdict of a document: pure, shared by `GET /readiness` and the pipeline's
 * gate (`pipeline_blocked`). Each gap names its subject and says what a person can do.
 */
import type { TemplateCheck } from '../templating/index.js';
import type { DataNeed } from './data-need.js';
import { type Interview, askedFields, ruleProblems } from '../kernel/interview.js';

export const GAP_KINDS = [
  'required_field_missing',
  'field_type_invalid',
  'field_rule_broken',
  'template_syntax_error',
  'template_variable_unprovided',
  'computation_failed',
  'data_need_unmet',
  'risk_block_draft',
  'snippet_role_unbound',
  'assessment_incomplete',
  'word_template_value_missing',
  'word_template_name_unknown',
  'decision_undetermined',
  'section_failed',
] as const;
export type GapKind = (typeof GAP_KINDS)[number];

export const GAP_SUBJECT_TYPES = [
  'field',
  'section',
  'data_need',
  'computation',
  'risk_block',
  'snippet_binding',
  'assessment',
  'word_template',
  'decision',
] as const;

export const UI_STATES = ['ready', 'needs_input', 'blocked'] as const;

export interface ReadinessGap {
  kind: GapKind;
  message: string;
  /** For a computation, `subjectId` is its name (computations are keys of the config, not rows). */
  subjectType: (typeof GAP_SUBJECT_TYPES)[number];
  subjectId: string;
  key?: string;
  /** Blocking gaps stop generation; the others are shown but let it proceed. */
  blocking: boolean;
  /** True when a person fixes it by entering a value (drives ui_state needs_input vs blocked). */
  needsInput?: boolean;
}

export interface Readiness {
  generation_should_proceed: boolean;
  ui_state: (typeof UI_STATES)[number];
  gaps: ReadinessGap[];
}

export interface ReadinessInput {
  fields: ReadonlyArray<{ id: string; key: string; value: string; valueType: string; isRequired: boolean; label: string | null; options: string[] | null }>;
  sections: ReadonlyArray<{ id: string; title: string; renderMode: string; outputTemplate: string | null }>;
  dataNeeds: ReadonlyArray<Pick<DataNeed, 'id' | 'outputKey' | 'kind' | 'dependsOn' | 'args' | 'toolRef'>>;
  /** Names of the document's computations (JSONata), which templates may read. */
  computationNames: readonly string[];
  /**
   * Computations that failed when evaluated over the fields and the gathered values persisted so
   * far, with the names each one reads (see `checkComputation` in tenant-code).
   */
  computationFailures?: ReadonlyArray<{ key: string; error: string; reads: readonly string[] }>;
  /** Data-need output keys with a persisted gathered value. */
  gatheredKeys?: readonly string[];
  /** Names every template may read (namespaces the render stage provides). */
  globals: readonly string[];
  /** Registered tool names, or null when tool registrations are not checked. */
  toolNames: readonly string[] | null;
  /**
   * The template's guided questions (config `interview`): a field whose condition does not hold is
   * not asked, so it is neither a gap nor required (docs/adr/0601).
   */
  interview?: Interview | null;
  /** Gaps found elsewhere (library, assessments). */
  extraGaps?: readonly ReadinessGap[];
  /** Checks a field value against its type; returns the problem or null. */
  fieldValueProblem: (valueType: string, value: string, options: string[] | null) => string | null;
  /**
   * What each templated section's template is (parses, reads; members of READINESS_NAMESPACES):
   * checked beforehand in the tenant-code pool, never parsed here (on the main thread).
   */
  templateCheck: (source: string) => TemplateCheck;
}

/** The namespaces whose members readiness checks against what the document provides. */
export const READINESS_NAMESPACES = ['computed', 'fields', 'gathered'] as const;

/** Kinds a person fixes by filling in values (as opposed to fixing the template). */
const INPUT_KINDS = new Set<GapKind>(['required_field_missing', 'field_type_invalid', 'field_rule_broken', 'assessment_incomplete', 'snippet_role_unbound']);

/** The readiness of a document: every gap, whether generation may proceed, and the state the console shows. */
export function assessReadiness(input: ReadinessInput): Readiness {
  const fieldByKey = new Map(input.fields.map((f) => [f.key, f]));
  const gaps = [
    ...fieldGaps(input),
    ...dataNeedGaps(input, fieldByKey),
    ...computationGaps(input, fieldByKey),
    ...sectionTemplateGaps(input),
    ...(input.extraGaps ?? []),
  ];
  const blocking = gaps.filter((g) => g.blocking);
  const ui_state = blocking.length === 0 ? 'ready' : blocking.every((g) => INPUT_KINDS.has(g.kind) || g.needsInput === true) ? 'needs_input' : 'blocked';
  return { generation_should_proceed: blocking.length === 0, ui_state, gaps };
}

type Field = ReadinessInput['fields'][number];
type InputDataNeed = ReadinessInput['dataNeeds'][number];
type Section = ReadinessInput['sections'][number];

/**
 * Required fields left empty, values their type refuses, and answers that break the interview's
 * declared rules (docs/adr/0691), of the fields the interview asks.
 */
function fieldGaps(input: ReadinessInput): ReadinessGap[] {
  const gaps: ReadinessGap[] = [];
  const values = Object.fromEntries(input.fields.map((f) => [f.key, f.value]));
  const asked = askedFields(input.interview, values);
  const broken = ruleProblems(input.interview, input.fields, values, asked);
  for (const field of input.fields) {
    if (!asked(field.key)) continue;
    const name = field.label ?? field.key;
    if (field.isRequired && field.value.trim() === '') {
      gaps.push({
        kind: 'required_field_missing',
        message: `Fill in the required field "${name}"`,
        subjectType: 'field',
        subjectId: field.id,
        key: field.key,
        blocking: true,
      });
      continue;
    }
    const problem = input.fieldValueProblem(field.valueType, field.value, field.options);
    if (problem)
      gaps.push({
        kind: 'field_type_invalid',
        message: `Field "${name}": ${problem}`,
        subjectType: 'field',
        subjectId: field.id,
        key: field.key,
        blocking: true,
      });
    else if (broken[field.key])
      gaps.push({
        kind: 'field_rule_broken',
        message: `Field "${name}": ${broken[field.key].join('; ')}`,
        subjectType: 'field',
        subjectId: field.id,
        key: field.key,
        blocking: true,
      });
  }
  return gaps;
}

/** Data-needs that cannot be gathered, and whether each waits for a person's input (an empty field upstream). */
function dataNeedGaps(input: ReadinessInput, fieldByKey: Map<string, Field>): ReadinessGap[] {
  const gaps: ReadinessGap[] = [];
  const unmet = new Set<string>();
  const needByKey = new Map(input.dataNeeds.map((n) => [n.outputKey, n]));
  const waitsForInput = new Set<string>();
  const needReason = (need: InputDataNeed): string | null => {
    if (need.kind === 'field') {
      const key = typeof need.args?.field === 'string' ? need.args.field : need.outputKey;
      const field = fieldByKey.get(key);
      if (!field) return `it reads the field "${key}", which the document does not have`;
      if (field.value.trim() === '') {
        waitsForInput.add(need.outputKey);
        return `it reads the field "${field.label ?? key}", which is empty`;
      }
    }
    if (need.kind === 'tool' && input.toolNames !== null && need.toolRef && !input.toolNames.includes(need.toolRef)) {
      return `its tool "${need.toolRef}" is not registered in this organization`;
    }
    for (const dep of need.dependsOn ?? []) {
      if (!needByKey.has(dep)) return `it depends on "${dep}", which no data-need provides`;
      if (unmet.has(dep)) {
        if (waitsForInput.has(dep)) waitsForInput.add(need.outputKey);
        return `it depends on "${dep}", which cannot be gathered`;
      }
    }
    return null;
  };
  // Needs are checked in an order where dependencies come first, so unmet-ness propagates.
  for (const need of orderByDependencies(input.dataNeeds)) {
    const reason = needReason(need);
    if (!reason) continue;
    unmet.add(need.outputKey);
    const message = `Data-need "${need.outputKey}" cannot be gathered: ${reason}`;
    const needsInput = waitsForInput.has(need.outputKey);
    gaps.push({ kind: 'data_need_unmet', message, subjectType: 'data_need', subjectId: need.id, key: need.outputKey, blocking: true, needsInput });
  }
  return gaps;
}

/** Templated sections that do not parse, or read a name nothing provides. */
function sectionTemplateGaps(input: ReadinessInput): ReadinessGap[] {
  const provided = new Set<string>([
    ...input.fields.map((f) => f.key),
    ...input.dataNeeds.map((n) => n.outputKey),
    ...input.computationNames,
    ...input.globals,
  ]);
  // Members of the namespaces whose names are known before a run: `computed.total` reads a
  // computation that must exist, just as a bare `total` must be a field or a data-need.
  const members = new Map<string, NamespaceMembers>([
    ['computed', { names: new Set(input.computationNames), provider: 'computation', add: 'the computation' }],
    ['fields', { names: new Set(input.fields.map((f) => f.key)), provider: 'field', add: 'a field' }],
    ['gathered', { names: new Set(input.dataNeeds.map((n) => n.outputKey)), provider: 'data-need', add: 'a data-need with output key' }],
  ]);
  const gaps: ReadinessGap[] = [];
  for (const section of input.sections) {
    if (section.renderMode !== 'templated' || !section.outputTemplate) continue;
    const check = input.templateCheck(section.outputTemplate);
    if (check.problem) {
      gaps.push({
        kind: 'template_syntax_error',
        message: `Section "${section.title}": the template does not parse (${check.problem})`,
        subjectType: 'section',
        subjectId: section.id,
        blocking: true,
      });
      continue;
    }
    gaps.push(...unprovidedNames(section, check, provided, members));
  }
  return gaps;
}

/** The names a namespace (`computed`, `fields`, `gathered`) holds, and how a gap names what provides them. */
interface NamespaceMembers {
  names: Set<string>;
  provider: string;
  add: string;
}

/** The names, bare or namespaced, that one section's template reads and nothing provides. */
function unprovidedNames(section: Section, check: TemplateCheck, provided: Set<string>, members: Map<string, NamespaceMembers>): ReadinessGap[] {
  const gaps: ReadinessGap[] = [];
  const gap = (key: string, message: string): ReadinessGap => ({
    kind: 'template_variable_unprovided',
    message,
    subjectType: 'section',
    subjectId: section.id,
    key,
    blocking: true,
  });
  for (const name of check.variables) {
    if (!provided.has(name)) {
      const fix = `add a field "${name}" or fix the template`;
      gaps.push(gap(name, `Section "${section.title}" uses "${name}", which no field, data-need or computation provides: ${fix}`));
    }
  }
  for (const member of check.members) {
    const [namespace, name] = splitMember(member);
    const known = members.get(namespace);
    if (!known || known.names.has(name)) continue;
    gaps.push(gap(member, `Section "${section.title}" uses "${member}", which no ${known.provider} provides: add ${known.add} "${name}" or fix the template`));
  }
  return gaps;
}

function splitMember(member: string): [string, string] {
  const dot = member.indexOf('.');
  return [member.slice(0, dot), member.slice(dot + 1)];
}

/**
 * A computation that fails would render as nothing (the section says "Not met" where it should
 * say "Met"), so it blocks — unless it reads a data-need not gathered yet (it is evaluated
 * again after gathering, so the gap only informs), and it needs input when it reads an empty field.
 */
function computationGaps(input: ReadinessInput, fieldByKey: ReadonlyMap<string, ReadinessInput['fields'][number]>): ReadinessGap[] {
  const gathered = new Set(input.gatheredKeys ?? []);
  const needKeys = new Set(input.dataNeeds.map((n) => n.outputKey));
  return (input.computationFailures ?? []).map(({ key, error, reads }) => {
    const base = { kind: 'computation_failed' as const, subjectType: 'computation' as const, subjectId: key, key };
    const ungathered = reads.filter((name) => needKeys.has(name) && !gathered.has(name));
    if (ungathered.length > 0) {
      return {
        ...base,
        blocking: false,
        message: `Computation "${key}" fails on the values gathered so far (${error}); it is evaluated again once ${ungathered.map((n) => `"${n}"`).join(', ')} ${ungathered.length === 1 ? 'is' : 'are'} gathered`,
      };
    }
    const empty = reads.flatMap((name) => {
      const field = fieldByKey.get(name);
      return field && field.value.trim() === '' ? [field] : [];
    });
    if (empty.length > 0) {
      return {
        ...base,
        blocking: true,
        needsInput: true,
        message: `Computation "${key}" cannot be evaluated (${error}): fill in ${empty.map((f) => `"${f.label ?? f.key}"`).join(', ')}`,
      };
    }
    return { ...base, blocking: true, message: `Computation "${key}" does not evaluate: ${error}. Fix the computation or the values it reads` };
  });
}

function orderByDependencies<T extends { outputKey: string; dependsOn: string[] | null }>(needs: readonly T[]): T[] {
  const ordered: T[] = [];
  const placed = new Set<string>();
  const byKey = new Map(needs.map((n) => [n.outputKey, n]));
  const visit = (need: T, trail: Set<string>) => {
    if (placed.has(need.outputKey) || trail.has(need.outputKey)) return;
    trail.add(need.outputKey);
    for (const dep of need.dependsOn ?? []) {
      const next = byKey.get(dep);
      if (next) visit(next, trail);
    }
    placed.add(need.outputKey);
    ordered.push(need);
  };
  for (const need of needs) visit(need, new Set());
  return ordered;
}
