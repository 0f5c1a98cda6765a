/**
 * `PUT /config`: merges only the groups and keys sent, atomically — every problem is found
 * first, and one bad key changes nothing. `fields` entries update (or create) fields by key;
 * `sections` entries update existing sections by key. Computations merge by name and are
 * compiled (parse, JSONata functions only, nothing non-deterministic) before anything is stored.
 * A field `value` that can never be valid for the field's type (the type sent in the same
 * entry, else the field's own) is one of the problems.
 */
import { DomainValidationError } from '../../../../kernel/errors.js';
import { newId } from '../../../../kernel/ids.js';
import { LIMITS, excerpt } from '../../../../kernel/limits.js';
import type { CommandContext } from '../../../context.js';
import { coerceFieldValue, fieldValueRefusal, isValueType, VALUE_TYPES } from '../../fields/field-values.js';
import type { FieldRecord } from '../../fields/field.repository.js';
import type { DocumentRecord } from '../../document.repository.js';
import type { SectionRecord } from '../../sections/section.repository.js';
import { requireEditableDocument } from '../../require-document.js';
import { OUTPUT_TYPES, RENDER_MODES } from '../../sections/section-rules.js';
import { templateChecksOf } from '../../../../tenant-code/tenant-code-pool.js';
import {
  CONFIG_GROUP_NAMES,
  type ConfigOverrides,
  type TemplateProblem,
  computationProblems,
  groupProblems,
  isStoredGroup,
  mergeOverrides,
  renderTemplatesOf,
} from '../config-groups.js';
import { getConfig } from '../queries/get-config.js';
import { STORED_GROUPS } from '../config-groups.js';
import { interviewFieldProblems } from '../interview-field-problems.js';
import type { Interview } from '../../../../kernel/interview.js';
import { Value } from 'typebox/value';

type Json = Record<string, unknown>;

/** The layout templates checked in the tenant-code pool, as the lookup groupProblems reads. */
async function templateProblemsIn(sources: string[]): Promise<TemplateProblem> {
  const check = await templateChecksOf(sources);
  return (source) => check(source).problem;
}

const FIELD_KEYS = new Set(['value', 'valueType', 'isRequired', 'label', 'description', 'options']);
const SECTION_KEYS = new Set(['title', 'render_mode', 'output_type', 'prompt', 'output_template']);

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function fieldProblems(key: string, entry: unknown): string[] {
  if (!isObject(entry)) return [`fields.${key} must be an object`];
  const problems = Object.keys(entry)
    .filter((k) => !FIELD_KEYS.has(k))
    .map((k) => `fields.${key} has no key "${k}"`);
  if (entry.valueType !== undefined && (typeof entry.valueType !== 'string' || !isValueType(entry.valueType)))
    problems.push(`fields.${key}.valueType must be one of ${VALUE_TYPES.join(', ')}`);
  if (entry.isRequired !== undefined && typeof entry.isRequired !== 'boolean') problems.push(`fields.${key}.isRequired must be a boolean`);
  for (const k of ['label', 'description'] as const)
    if (entry[k] !== undefined && entry[k] !== null && typeof entry[k] !== 'string') problems.push(`fields.${key}.${k} must be a string or null`);
  if (entry.options !== undefined && entry.options !== null && !(Array.isArray(entry.options) && entry.options.every((o) => typeof o === 'string')))
    problems.push(`fields.${key}.options must be an array of strings`);
  if (key.length > LIMITS.fieldKeyChars) problems.push(`a field key has at most ${LIMITS.fieldKeyChars} characters (limit fieldKeyChars)`);
  if (typeof entry.value === 'string' && entry.value.length > LIMITS.fieldValueChars)
    problems.push(`fields.${key}.value has at most ${LIMITS.fieldValueChars} characters (limit fieldValueChars)`);
  for (const k of ['label', 'description'] as const)
    if (typeof entry[k] === 'string' && entry[k].length > LIMITS.textValueChars)
      problems.push(`fields.${key}.${k} has at most ${LIMITS.textValueChars} characters (limit textValueChars)`);
  if (Array.isArray(entry.options) && entry.options.length > LIMITS.listItems)
    problems.push(`fields.${key}.options has at most ${LIMITS.listItems} items (limit listItems)`);
  return problems;
}

/** The entry's `value` against the type it will have (sent with it, else the field's, else string). */
function fieldValueProblems(key: string, entry: Json, field: FieldRecord | undefined): string[] {
  if (entry.value === undefined || entry.value === null) return [];
  const valueType = typeof entry.valueType === 'string' ? entry.valueType : (field?.valueType ?? 'string');
  const options = entry.options !== undefined ? ((entry.options as string[] | null) ?? null) : (field?.options ?? null);
  const refusal = fieldValueRefusal({ key, valueType, options }, coerceFieldValue(entry.value));
  return refusal ? [`fields.${key}.value: ${refusal}`] : [];
}

function sectionProblems(key: string, entry: unknown, known: boolean): string[] {
  if (!known) return [`sections has no section with key "${key}"`];
  if (!isObject(entry)) return [`sections.${key} must be an object`];
  const problems = Object.keys(entry)
    .filter((k) => !SECTION_KEYS.has(k))
    .map((k) => `sections.${key} has no key "${k}"`);
  if (entry.title !== undefined && (typeof entry.title !== 'string' || entry.title.trim() === '')) problems.push(`sections.${key}.title must not be blank`);
  if (entry.render_mode !== undefined && !(RENDER_MODES as readonly unknown[]).includes(entry.render_mode))
    problems.push(`sections.${key}.render_mode must be one of ${RENDER_MODES.join(', ')}`);
  if (entry.output_type !== undefined && !(OUTPUT_TYPES as readonly unknown[]).includes(entry.output_type))
    problems.push(`sections.${key}.output_type must be one of ${OUTPUT_TYPES.join(', ')}`);
  for (const k of ['prompt', 'output_template'] as const)
    if (entry[k] !== undefined && entry[k] !== null && typeof entry[k] !== 'string') problems.push(`sections.${key}.${k} must be a string or null`);
  for (const k of ['prompt', 'output_template'] as const)
    if (typeof entry[k] === 'string' && entry[k].length > LIMITS.templateChars)
      problems.push(`sections.${key}.${k} has at most ${LIMITS.templateChars} characters (limit templateChars)`);
  if (typeof entry.title === 'string' && entry.title.length > LIMITS.titleChars)
    problems.push(`sections.${key}.title has at most ${LIMITS.titleChars} characters (limit titleChars)`);
  return problems;
}

/** A section's new output template that does not parse (checked in the tenant-code pool, like a section save). */
async function sectionTemplateProblems(key: string, entry: unknown): Promise<string[]> {
  const source = isObject(entry) ? entry.output_template : undefined;
  if (typeof source !== 'string' || source === '' || source.length > LIMITS.templateChars) return [];
  const problem = (await templateProblemsIn([source]))(source);
  return problem ? [`sections.${key}.output_template does not parse: ${problem}`] : [];
}

/** The document as the merge reads it: its fields and sections, by key. */
interface Current {
  document: DocumentRecord;
  orgId: string;
  fieldCount: number;
  fieldByKey: Map<string, FieldRecord>;
  sectionByKey: Map<string, SectionRecord>;
}

/**
 * @throws NotFoundError when absent or foreign; DomainValidationError listing every problem (nothing is changed).
 */
export async function putConfig(ctx: CommandContext, documentId: string, body: Json) {
  if (Object.keys(body).length === 0) throw new DomainValidationError(`nothing to update: send one of the groups ${CONFIG_GROUP_NAMES.join(', ')}`);
  // Checked in the tenant-code pool before the transaction: it depends on the body alone, and a
  // slow check must not hold the database connection (SQLite has one) while it waits.
  const sentComputationProblems = new Map(
    await Promise.all(Object.entries(body).map(async ([group, values]) => [group, await computationProblems(group, values)] as const)),
  );
  return ctx.transaction(async (tx) => {
    const current = await readCurrent(tx, documentId);
    const { problems, stored } = await problemsAndStoredGroups(current, body, sentComputationProblems);
    if (problems.length > 0) throw new DomainValidationError(problems.join('; '));
    const now = tx.clock.now().toISOString();
    if (Object.keys(stored).length > 0) {
      await tx.repos.documents.update(current.orgId, current.document.id, { config: mergeOverrides(current.document.config, stored), updatedAt: now });
    }
    await writeFields(tx, current, (body.fields ?? {}) as Record<string, Json>, now);
    await writeSections(tx, current, (body.sections ?? {}) as Record<string, Json>, now);
    return getConfig(tx, current.document.id);
  });
}

async function readCurrent(tx: CommandContext, documentId: string): Promise<Current> {
  const document = await requireEditableDocument(tx, documentId);
  const orgId = tx.actor.org.orgId;
  const fields = await tx.repos.fields.listByDocument(orgId, document.id);
  const sections = await tx.repos.sections.listByDocument(orgId, document.id);
  return {
    document,
    orgId,
    fieldCount: fields.length,
    fieldByKey: new Map(fields.map((f) => [f.key, f])),
    sectionByKey: new Map(sections.map((s) => [s.key, s])),
  };
}

/** Every problem of the body (all groups), and the stored groups' overrides to merge when there is none. */
async function problemsAndStoredGroups(current: Current, body: Json, sentComputationProblems: Map<string, string[]>) {
  const problems: string[] = [];
  const stored: ConfigOverrides = {};
  for (const [group, values] of Object.entries(body)) {
    if (group === 'fields' || group === 'sections') {
      problems.push(...(await keyedGroupProblems(current, group, values)));
    } else if (!isStoredGroup(group)) {
      problems.push(`unknown config group "${excerpt(group)}" (groups: ${CONFIG_GROUP_NAMES.join(', ')})`);
    } else {
      const candidate = mergeOverrides(current.document.config, { [group]: values as Json })[group] ?? {};
      const checked = isObject(values) ? candidate : values;
      problems.push(...groupProblems(group, checked, await templateProblemsIn(renderTemplatesOf(group, checked))));
      // Only the computations sent are compiled: one stored before this check must not block other changes.
      problems.push(...(sentComputationProblems.get(group) ?? []));
      if (isObject(values)) stored[group] = values;
    }
  }
  if (problems.length === 0) problems.push(...interviewProblemsAfter(current, body));
  return { problems, stored };
}

/**
 * The interview as it will be, against the fields as they will be (docs/adr/0693): all of it when
 * the interview is sent; when only fields are retyped, the questions about those fields.
 */
function interviewProblemsAfter(current: Current, body: Json): string[] {
  const sentFields = isObject(body.fields) ? (body.fields as Record<string, Json>) : {};
  const retyped = new Set(Object.keys(sentFields).filter((key) => typeof sentFields[key].valueType === 'string'));
  if (body.interview === undefined && retyped.size === 0) return [];
  const interview = mergeOverrides(current.document.config, isObject(body.interview) ? { interview: body.interview } : {}).interview;
  if (!interview || !Value.Check(STORED_GROUPS.interview.schema, interview)) return [];
  const types = new Map([...current.fieldByKey.values()].map((f) => [f.key, f.valueType]));
  for (const [key, entry] of Object.entries(sentFields)) types.set(key, typeof entry.valueType === 'string' ? entry.valueType : (types.get(key) ?? 'string'));
  const fields = [...types].map(([key, valueType]) => ({ key, valueType }));
  return interviewFieldProblems(interview as Interview, fields)
    .filter((problem) => body.interview !== undefined || retyped.has(problem.field))
    .map((problem) => `interview ${problem.message}`);
}

/** `fields` and `sections`: objects keyed by an entity's key, within the per-request and per-document limits. */
async function keyedGroupProblems(current: Current, group: 'fields' | 'sections', values: unknown): Promise<string[]> {
  if (!isObject(values)) return [`${group} must be an object keyed by ${group === 'fields' ? 'field' : 'section'} key`];
  if (group === 'fields' && Object.keys(values).length > LIMITS.fieldsPerRequest) {
    return [`fields has at most ${LIMITS.fieldsPerRequest} keys per request (limit fieldsPerRequest)`];
  }
  if (group === 'fields' && current.fieldCount + Object.keys(values).filter((k) => !current.fieldByKey.has(k)).length > LIMITS.fieldsPerDocument) {
    return [`a document holds at most ${LIMITS.fieldsPerDocument} fields (limit fieldsPerDocument)`];
  }
  const problems: string[] = [];
  for (const [key, entry] of Object.entries(values)) {
    if (group === 'sections') problems.push(...sectionProblems(key, entry, current.sectionByKey.has(key)), ...(await sectionTemplateProblems(key, entry)));
    else {
      const entryProblems = fieldProblems(key, entry);
      problems.push(...entryProblems);
      if (entryProblems.length === 0 && isObject(entry)) problems.push(...fieldValueProblems(key, entry, current.fieldByKey.get(key)));
    }
  }
  return problems;
}

/** Updates the fields sent that exist and creates the others. */
async function writeFields(tx: CommandContext, current: Current, entries: Record<string, Json>, now: string): Promise<void> {
  const { orgId, document, fieldByKey } = current;
  // New fields go after the last one, in the order they were sent.
  let nextOrdinal = Math.max(-1, ...[...fieldByKey.values()].map((f) => f.ordinal)) + 1;
  for (const [key, entry] of Object.entries(entries)) {
    const field = fieldByKey.get(key);
    const changes = {
      ...(entry.value !== undefined ? { value: coerceFieldValue(entry.value) } : {}),
      ...(entry.valueType !== undefined ? { valueType: String(entry.valueType) } : {}),
      ...(entry.isRequired !== undefined ? { isRequired: Boolean(entry.isRequired) } : {}),
      ...(entry.label !== undefined ? { label: (entry.label as string | null) ?? null } : {}),
      ...(entry.description !== undefined ? { description: (entry.description as string | null) ?? null } : {}),
      ...(entry.options !== undefined ? { options: (entry.options as string[] | null) ?? null } : {}),
    };
    if (field) await tx.repos.fields.update(orgId, document.id, field.id, changes, now);
    else {
      const created = { id: newId('fld'), documentId: document.id, key, value: '', valueType: 'string' };
      const unset = { isRequired: false, label: null, description: null, options: null };
      await tx.repos.fields.insert(orgId, { ...created, ...unset, ordinal: nextOrdinal++, ...changes }, now);
    }
  }
}

/** Updates the sections sent (an unknown key was refused as a problem). */
async function writeSections(tx: CommandContext, current: Current, entries: Record<string, Json>, now: string): Promise<void> {
  for (const [key, entry] of Object.entries(entries)) {
    const section = current.sectionByKey.get(key);
    if (!section) continue;
    await tx.repos.sections.update(
      current.orgId,
      current.document.id,
      section.id,
      {
        ...(entry.title !== undefined ? { title: String(entry.title).trim() } : {}),
        ...(entry.render_mode !== undefined ? { renderMode: String(entry.render_mode) } : {}),
        ...(entry.output_type !== undefined ? { outputType: String(entry.output_type) } : {}),
        ...(entry.prompt !== undefined ? { prompt: (entry.prompt as string | null) ?? null } : {}),
        ...(entry.output_template !== undefined ? { outputTemplate: (entry.output_template as string | null) ?? null } : {}),
      },
      now,
    );
  }
}
