/**
 * Compiles an authoring spec: checks its shape and its meaning (keys, vocabularies, template
 * syntax, data-need graph, config groups, entity references) and returns a report of errors
 * and warnings with the normalized spec. Pure: writes nothing.
 */
import { Value } from 'typebox/value';
import type { DataNeedSpec } from '../../pipeline/data-need.js';
import { type ConfigOverrides, STORED_GROUPS, STORED_GROUP_NAMES, groupProblems, isStoredGroup } from '../documents/config/config-groups.js';
import { interviewFieldProblems } from '../documents/config/interview-field-problems.js';
import type { Interview } from '../../kernel/interview.js';
import { assertNeedGraph, dataNeedProblems } from '../documents/data-needs/data-need-rules.js';
import { VALUE_TYPES, coerceFieldValue, fieldValueProblem, isValueType } from '../documents/fields/field-values.js';
import { deriveSectionKey } from '../documents/sections/section-keys.js';
import { OUTPUT_TYPES, RENDER_MODES, SECTION_DEFAULTS } from '../documents/sections/section-rules.js';
import { type SpecEntities, TemplateSpec, type TemplateSpecInput } from './spec-schema.js';
import { type SpecTemplateChecks, checkSpecTemplates } from './spec-template-checks.js';
import { TEMPLATE_GLOBALS } from './template-globals.js';
import type { SpecIssue } from '../library/spec-sync/spec-entities.schema.js';

export interface NormalizedField {
  key: string;
  label: string | null;
  description: string | null;
  valueType: string;
  isRequired: boolean;
  value: string;
  options: string[] | null;
}

export interface NormalizedSection {
  key: string;
  title: string;
  renderMode: string;
  outputType: string;
  prompt: string | null;
  outputTemplate: string | null;
}

export interface NormalizedSpec {
  slug: string | null;
  title: string;
  description: string | null;
  fields: NormalizedField[];
  sections: NormalizedSection[];
  dataNeeds: DataNeedSpec[];
  config: ConfigOverrides;
  entities: Required<SpecEntities>;
}

export interface CompileReport {
  valid: boolean;
  errors: SpecIssue[];
  warnings: SpecIssue[];
  summary: { fields: number; sections: number; dataNeeds: number; texts: number; snippets: number; riskBlocks: number; voices: number };
}

const KEY = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
const SLUG = /^[a-z0-9][a-z0-9-]{0,62}$/;

export interface CompiledSpec {
  report: CompileReport;
  spec: NormalizedSpec | null;
}

/**
 * Checks the spec; `spec` is present only when there are no errors. Its templates are parsed in
 * the tenant-code pool first (spec-template-checks.ts); `builtin`: a spec shipped with the service.
 * @throws TenantCodeBudgetError when checking its templates ran out of a budget.
 */
export async function compileSpec(input: unknown, options: { requireSlug: boolean; builtin?: boolean }): Promise<CompiledSpec> {
  if (!Value.Check(TemplateSpec, input)) return compileCheckedSpec(input, options, null);
  return compileCheckedSpec(input, options, await checkSpecTemplates(input as TemplateSpecInput, options.builtin));
}

/** Errors and warnings found so far, by JSON pointer. */
interface Issues {
  errors: SpecIssue[];
  warnings: SpecIssue[];
}

function compileCheckedSpec(input: unknown, options: { requireSlug: boolean }, templates: SpecTemplateChecks | null): CompiledSpec {
  const issues: Issues = { errors: [], warnings: [] };
  const { errors, warnings } = issues;
  const summary = { fields: 0, sections: 0, dataNeeds: 0, texts: 0, snippets: 0, riskBlocks: 0, voices: 0 };
  if (!Value.Check(TemplateSpec, input)) {
    errors.push(...shapeErrors(input));
    return { report: { valid: false, errors, warnings, summary }, spec: null };
  }
  const raw = input as TemplateSpecInput;
  if (templates === null) throw new Error('a well-shaped spec is compiled with its template checks');

  if (raw.title.trim() === '') errors.push({ path: '/title', message: 'title must not be blank' });
  if (raw.slug !== undefined && !SLUG.test(raw.slug))
    errors.push({ path: '/slug', message: 'slug must be lower-case letters, digits and -, starting with a letter or digit' });
  if (options.requireSlug && raw.slug === undefined) errors.push({ path: '/slug', message: 'a template needs a slug' });

  const fields = compileFields(raw, issues);
  const dataNeeds = compileDataNeeds(raw, issues, templates);
  const config = compileConfig(raw, issues, templates);
  checkInterviewFields(raw, fields, issues);
  const sections = compileSections(raw, issues, templates, providedNames(fields, dataNeeds, config));
  const entities = normalizeEntities(raw.entities ?? {}, errors, templates);
  Object.assign(summary, {
    fields: fields.length,
    sections: sections.length,
    dataNeeds: dataNeeds.length,
    texts: entities.texts.length,
    snippets: entities.snippets.length,
    riskBlocks: entities.riskBlocks.length,
    voices: entities.voices.length,
  });
  const report = { valid: errors.length === 0, errors, warnings, summary };
  if (errors.length > 0) return { report, spec: null };
  return {
    report,
    spec: { slug: raw.slug ?? null, title: raw.title.trim(), description: raw.description ?? null, fields, sections, dataNeeds, config, entities },
  };
}

/** The schema's complaints about a spec of the wrong shape, with the properties they name. */
function shapeErrors(input: unknown): SpecIssue[] {
  const errors: SpecIssue[] = [];
  for (const e of Value.Errors(TemplateSpec, input)) {
    if (e.keyword === 'boolean' || e.keyword === 'anyOf') continue;
    const params = e.params as { additionalProperties?: string[]; requiredProperties?: string[] };
    const suffix = params.additionalProperties
      ? ` (${params.additionalProperties.join(', ')})`
      : params.requiredProperties
        ? ` (${params.requiredProperties.join(', ')})`
        : '';
    errors.push({ path: e.instancePath || '/', message: `${e.message}${suffix}` });
  }
  return errors;
}

/** Fields: keys well-formed and unique, known value types, enum options; a value its type refuses is a warning. */
function compileFields(raw: TemplateSpecInput, { errors, warnings }: Issues): NormalizedField[] {
  const fields: NormalizedField[] = [];
  const fieldKeys = new Set<string>();
  for (const [i, f] of (raw.fields ?? []).entries()) {
    const path = `/fields/${i}`;
    if (!KEY.test(f.key))
      errors.push({ path: `${path}/key`, message: `field key "${f.key}" must start with a letter or _ and hold only letters, digits and _` });
    if (fieldKeys.has(f.key)) errors.push({ path: `${path}/key`, message: `field key "${f.key}" is defined twice` });
    fieldKeys.add(f.key);
    const valueType = f.valueType ?? 'string';
    if (!isValueType(valueType)) errors.push({ path: `${path}/valueType`, message: `valueType must be one of ${VALUE_TYPES.join(', ')}` });
    if (valueType === 'enum' && (!f.options || f.options.length === 0)) errors.push({ path: `${path}/options`, message: 'an enum field needs options' });
    const value = coerceFieldValue(f.value ?? '');
    const problem = fieldValueProblem(valueType, value, f.options ?? null);
    if (problem) warnings.push({ path: `${path}/value`, message: problem });
    fields.push({
      key: f.key,
      label: f.label ?? null,
      description: f.description ?? null,
      valueType,
      isRequired: f.isRequired ?? false,
      value,
      options: f.options ?? null,
    });
  }
  return fields;
}

/** Data-needs: each by its kind's rules (expressions checked in the pool), then the graph. */
function compileDataNeeds(raw: TemplateSpecInput, { errors }: Issues, templates: SpecTemplateChecks): DataNeedSpec[] {
  const dataNeeds: DataNeedSpec[] = (raw.dataNeeds ?? []).map((n) => ({
    outputKey: n.output_key,
    kind: n.kind,
    name: n.name ?? null,
    args: n.args_json ?? null,
    dependsOn: n.depends_on ?? null,
    promptBody: n.prompt_body ?? null,
    toolRef: n.tool_ref ?? null,
    toolsAvailable: n.tools_available ?? null,
  }));
  for (const [i, need] of dataNeeds.entries())
    for (const message of dataNeedProblems(need, templates.problem)) errors.push({ path: `/dataNeeds/${i}`, message });
  try {
    assertNeedGraph(dataNeeds);
  } catch (error) {
    errors.push({ path: '/dataNeeds', message: (error as Error).message });
  }
  return dataNeeds;
}

/** Config groups: known groups, their values' rules, computations that work; nulls dropped. */
function compileConfig(raw: TemplateSpecInput, { errors }: Issues, templates: SpecTemplateChecks): ConfigOverrides {
  const config: ConfigOverrides = {};
  for (const [group, values] of Object.entries(raw.config ?? {})) {
    if (!isStoredGroup(group)) {
      errors.push({ path: `/config/${group}`, message: `unknown config group (groups: ${STORED_GROUP_NAMES.join(', ')})` });
      continue;
    }
    for (const message of groupProblems(group, values, templates.problem)) errors.push({ path: `/config/${group}`, message });
    for (const [name, source] of computationsIn(values)) {
      const { problem } = templates.computation(source);
      if (problem) errors.push({ path: `/config/${group}/computations/${name}`, message: `computation "${name}" ${problem}` });
    }
    const kept = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== null));
    if (Object.keys(kept).length > 0) config[group] = kept;
  }
  return config;
}

/** The interview's questions, conditions and rules against the spec's fields (once the interview is well-shaped). */
function checkInterviewFields(raw: TemplateSpecInput, fields: readonly NormalizedField[], { errors }: Issues): void {
  const interview = raw.config?.interview;
  if (interview === undefined || !Value.Check(STORED_GROUPS.interview.schema, interview)) return;
  for (const problem of interviewFieldProblems(interview as Interview, fields))
    errors.push({ path: `/config/interview${problem.path}`, message: problem.message });
}

/** What the spec provides to its section templates: top-level names, and namespace members (`computed.total`). */
interface ProvidedNames {
  names: ReadonlySet<string>;
  members: ReadonlySet<string>;
}

function providedNames(fields: readonly NormalizedField[], dataNeeds: readonly DataNeedSpec[], config: ConfigOverrides): ProvidedNames {
  const fieldKeys = fields.map((f) => f.key);
  const computations = Object.keys({ ...((config.coordination?.computations ?? {}) as object), ...((config.synthesis?.computations ?? {}) as object) });
  return {
    names: new Set([...fieldKeys, ...dataNeeds.map((n) => n.outputKey), ...computations, ...TEMPLATE_GLOBALS]),
    members: new Set([...computations.map((c) => `computed.${c}`), ...fieldKeys.map((f) => `fields.${f}`), ...dataNeeds.map((n) => `gathered.${n.outputKey}`)]),
  };
}

/** Sections: keys (derived from titles when absent) unique, vocabularies, templates that parse; a name nothing provides is a warning. */
function compileSections(raw: TemplateSpecInput, issues: Issues, templates: SpecTemplateChecks, provided: ProvidedNames): NormalizedSection[] {
  const { errors, warnings } = issues;
  const sections: NormalizedSection[] = [];
  const sectionKeys = new Set<string>();
  for (const [i, s] of (raw.sections ?? []).entries()) {
    const path = `/sections/${i}`;
    if (s.title.trim() === '') errors.push({ path: `${path}/title`, message: 'section title must not be blank' });
    const key = s.key ?? deriveSectionKey(s.title, sectionKeys);
    if (!KEY.test(key)) errors.push({ path: `${path}/key`, message: `section key "${key}" must start with a letter or _ and hold only letters, digits and _` });
    if (sectionKeys.has(key)) errors.push({ path: `${path}/key`, message: `section key "${key}" is used twice` });
    sectionKeys.add(key);
    const renderMode = s.render_mode ?? SECTION_DEFAULTS.renderMode;
    const outputType = s.output_type ?? SECTION_DEFAULTS.outputType;
    if (!(RENDER_MODES as readonly string[]).includes(renderMode))
      errors.push({ path: `${path}/render_mode`, message: `render_mode must be one of ${RENDER_MODES.join(', ')}` });
    if (!(OUTPUT_TYPES as readonly string[]).includes(outputType))
      errors.push({ path: `${path}/output_type`, message: `output_type must be one of ${OUTPUT_TYPES.join(', ')}` });
    if (renderMode === 'templated' && !s.output_template)
      errors.push({ path: `${path}/output_template`, message: 'a templated section needs output_template' });
    if (renderMode === 'synthesized' && !s.prompt)
      warnings.push({ path: `${path}/prompt`, message: 'a synthesized section without a prompt is written from its title alone' });
    if (s.output_template) checkSectionTemplate(s.output_template, `${path}/output_template`, issues, templates, provided);
    sections.push({ key, title: s.title.trim(), renderMode, outputType, prompt: s.prompt ?? null, outputTemplate: s.output_template ?? null });
  }
  return sections;
}

/** A section's template parses (else an error), and reads only what the spec provides (else a warning per name). */
function checkSectionTemplate(template: string, path: string, { errors, warnings }: Issues, templates: SpecTemplateChecks, provided: ProvidedNames): void {
  const { problem: syntax, variables, members } = templates.check(template);
  if (syntax) {
    errors.push({ path, message: `does not parse: ${syntax}` });
    return;
  }
  for (const name of variables)
    if (!provided.names.has(name)) warnings.push({ path, message: `"${name}" is not provided by any field, data-need or computation` });
  for (const member of members)
    if (!provided.members.has(member)) warnings.push({ path, message: `"${member}" is not provided by any field, data-need or computation` });
}

/** The `computations` entries of a config group's values, when it carries a map of strings. */
function computationsIn(values: unknown): Array<[string, string]> {
  const computations = (values as { computations?: unknown } | null)?.computations;
  if (typeof computations !== 'object' || computations === null || Array.isArray(computations)) return [];
  return Object.entries(computations).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
}

/** Entity checks that need no database: keys present and unique, vocabularies, item references. */
function normalizeEntities(raw: SpecEntities, errors: SpecIssue[], templates: SpecTemplateChecks): Required<SpecEntities> {
  const entities: Required<SpecEntities> = { texts: raw.texts ?? [], snippets: raw.snippets ?? [], riskBlocks: raw.riskBlocks ?? [], voices: raw.voices ?? [] };
  const unique = (list: ReadonlyArray<Record<string, unknown>>, kind: string, prop: 'key' | 'name') => {
    const seen = new Set<string>();
    for (const [i, item] of list.entries()) {
      const value = String(item[prop] ?? '').trim();
      if (value === '') errors.push({ path: `/entities/${kind}/${i}/${prop}`, message: `${prop} must not be blank` });
      else if (seen.has(value)) errors.push({ path: `/entities/${kind}/${i}/${prop}`, message: `${prop} "${value}" is defined twice` });
      seen.add(value);
    }
  };
  unique(entities.texts, 'texts', 'key');
  unique(entities.snippets, 'snippets', 'key');
  unique(entities.riskBlocks, 'riskBlocks', 'key');
  unique(entities.voices, 'voices', 'name');
  for (const [i, block] of entities.riskBlocks.entries()) {
    if (block.status !== undefined && !['draft', 'approved'].includes(block.status))
      errors.push({ path: `/entities/riskBlocks/${i}/status`, message: 'status must be draft or approved' });
    if (block.heading.trim() === '') errors.push({ path: `/entities/riskBlocks/${i}/heading`, message: 'heading must not be blank' });
    if (block.template.trim() === '') errors.push({ path: `/entities/riskBlocks/${i}/template`, message: 'template must not be blank' });
    else {
      const syntax = templates.problem(block.template);
      if (syntax) errors.push({ path: `/entities/riskBlocks/${i}/template`, message: `does not parse: ${syntax}` });
    }
  }
  for (const [i, text] of entities.texts.entries()) {
    const path = `/entities/texts/${i}`;
    if (text.valueType !== undefined && !isValueType(text.valueType))
      errors.push({ path: `${path}/valueType`, message: `valueType must be one of ${VALUE_TYPES.join(', ')}` });
    for (const prop of ['headingTemplate', 'narrativeTemplate'] as const) {
      const syntax = text[prop] ? templates.problem(text[prop]) : null;
      if (syntax) errors.push({ path: `${path}/${prop}`, message: `does not parse: ${syntax}` });
    }
    if ((text.entityRolesUsed ?? []).some((role) => role.trim() === '')) errors.push({ path: `${path}/entityRolesUsed`, message: 'roles must not be blank' });
  }
  for (const [i, snippet] of entities.snippets.entries()) {
    for (const [j, item] of (snippet.items ?? []).entries()) {
      if (item.itemType !== 'text' && item.itemType !== 'risk_block')
        errors.push({ path: `/entities/snippets/${i}/items/${j}/itemType`, message: 'itemType must be text or risk_block' });
      if (item.itemKey.trim() === '') errors.push({ path: `/entities/snippets/${i}/items/${j}/itemKey`, message: 'itemKey must not be blank' });
    }
    for (const [role, entityId] of Object.entries(snippet.entityBindings ?? {})) {
      if (role.trim() === '' || entityId.trim() === '')
        errors.push({ path: `/entities/snippets/${i}/entityBindings`, message: 'roles and entity ids must not be blank' });
    }
  }
  return entities;
}
