/**
 * The configuration groups of a document or template, their keys, types and defaults.
 * Documents store only their overrides; `resolveConfig` fills in the defaults. `fields` and
 * `sections` are two more groups, views over the document's rows (see get-config.ts).
 */
import { type TSchema, Type } from 'typebox';
import { Value } from 'typebox/value';
import { LIMITS } from '../../../kernel/limits.js';
import { StringEnum } from '../../../kernel/schema.js';
import { computationChecksOf } from '../../../tenant-code/tenant-code-pool.js';
import { LAYOUT_NAMES } from '../../../docx/composed-document.js';
import { DecisionItems, decisionProblems } from './decisions-schema.js';
import { InterviewSteps } from './interview-schema.js';
import { type Interview, interviewProblems } from '../../../kernel/interview.js';

const N = <T extends TSchema>(schema: T) => Type.Optional(Type.Union([Type.Null(), schema]));
/** Free text of a group (instructions, brief, header…): bounded like a library text. */
const Text = () => Type.String({ maxLength: LIMITS.textValueChars });
/** name → JSONata source, bounded in count and in source size (see kernel/limits.ts). */
const Computations = () =>
  Type.Record(Type.String(), Type.String({ maxLength: LIMITS.expressionChars }), {
    maxProperties: LIMITS.computationsPerGroup,
    description: `name → JSONata expression; at most ${LIMITS.computationsPerGroup} per group, ${LIMITS.expressionChars} characters each`,
  });

export const STORED_GROUPS = {
  models: {
    schema: Type.Object({ default: N(Text()), gather: N(Text()), synthesis: N(Text()), render: N(Text()), verify: N(Text()) }, { additionalProperties: false }),
    defaults: { default: null, gather: null, synthesis: null, render: null, verify: null },
  },
  synthesis: {
    schema: Type.Object(
      {
        enabled: N(Type.Boolean()),
        instructions: N(Text()),
        schema: N(Type.Object({}, { additionalProperties: true })),
        schemaPath: N(Text()),
        computations: N(Computations()),
      },
      { additionalProperties: false },
    ),
    defaults: { enabled: true, instructions: null, schema: null, schemaPath: null, computations: {} },
  },
  coordination: {
    schema: Type.Object(
      {
        computations: N(Computations()),
        maxConcurrency: N(Type.Integer({ minimum: 1, maximum: LIMITS.runConcurrency })),
        needTimeoutMs: N(Type.Integer({ minimum: 100, maximum: 600_000 })),
        orchestrate: N(Type.Boolean()),
      },
      { additionalProperties: false },
    ),
    defaults: { computations: {}, maxConcurrency: 4, needTimeoutMs: 30_000, orchestrate: false },
  },
  decisions: {
    schema: Type.Object({ items: N(DecisionItems()) }, { additionalProperties: false }),
    defaults: { items: [] },
  },
  interview: {
    schema: Type.Object({ steps: N(InterviewSteps()) }, { additionalProperties: false }),
    defaults: { steps: [] },
  },
  brief: {
    schema: Type.Object({ text: N(Text()), audience: N(Text()), purpose: N(Text()), jurisdiction: N(Text()) }, { additionalProperties: false }),
    defaults: { text: null, audience: null, purpose: null, jurisdiction: null },
  },
  voice: {
    schema: Type.Object({ voiceId: N(Text()), voiceName: N(Text()) }, { additionalProperties: false }),
    defaults: { voiceId: null, voiceName: null },
  },
  verify: {
    schema: Type.Object(
      { enabled: N(Type.Boolean()), judge: N(StringEnum(['auto', 'deterministic', 'model'])), blockOnUnsupported: N(Type.Boolean()) },
      { additionalProperties: false },
    ),
    defaults: { enabled: true, judge: 'auto', blockOnUnsupported: false },
  },
  render: {
    schema: Type.Object(
      {
        pageSize: N(StringEnum(['A4', 'Letter'])),
        margins: N(
          Type.Object(
            {
              top: Type.Optional(Type.Number({ minimum: 0, maximum: 100 })),
              right: Type.Optional(Type.Number({ minimum: 0, maximum: 100 })),
              bottom: Type.Optional(Type.Number({ minimum: 0, maximum: 100 })),
              left: Type.Optional(Type.Number({ minimum: 0, maximum: 100 })),
            },
            { additionalProperties: false },
          ),
        ),
        fontFamily: N(Type.String({ minLength: 1, maxLength: 64 })),
        fontSize: N(Type.Number({ minimum: 6, maximum: 36 })),
        headingNumbering: N(Type.Boolean()),
        headerText: N(Text()),
        footerText: N(Text()),
        pageNumbers: N(Type.Boolean()),
        language: N(Type.String({ pattern: '^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$' })),
        toc: N(Type.Boolean()),
        citationStyle: N(
          StringEnum(['footnotes', 'endnotes', 'brackets', 'none'], {
            description:
              'how `[n]` citations read in the export: footnotes (one per source per section), endnotes, "[n]" naming the Sources list, or none (no marks and no Sources list, e.g. a letter)',
          }),
        ),
        concurrency: N(Type.Integer({ minimum: 1, maximum: LIMITS.runConcurrency })),
        // Layout profiles (issue #15): the page design, and the texts it places, as templates over the fields.
        layout: N(StringEnum(LAYOUT_NAMES)),
        titleTemplate: N(Type.String({ minLength: 1, maxLength: 500 })),
        dateField: N(Type.String({ pattern: '^[A-Za-z_][A-Za-z0-9_]*$', maxLength: 100 })),
        toTemplate: N(Type.String({ maxLength: 2000 })),
        fromTemplate: N(Type.String({ maxLength: 2000 })),
        subjectTemplate: N(Type.String({ maxLength: 2000 })),
        addresseeTemplate: N(Type.String({ maxLength: 2000 })),
        signatureTemplate: N(Type.String({ maxLength: 2000 })),
        closingTemplate: N(Type.String({ maxLength: 500 })),
        acceptanceTemplate: N(Type.String({ maxLength: 2000 })),
        partyTemplate: N(Type.String({ maxLength: 500 })),
      },
      { additionalProperties: false },
    ),
    defaults: {
      pageSize: 'A4',
      margins: { top: 25, right: 25, bottom: 25, left: 25 },
      fontFamily: 'Calibri',
      fontSize: 11,
      headingNumbering: false,
      headerText: null,
      footerText: null,
      pageNumbers: true,
      language: 'en-GB',
      toc: false,
      citationStyle: 'footnotes',
      concurrency: 4,
      layout: null,
      titleTemplate: null,
      dateField: null,
      toTemplate: null,
      fromTemplate: null,
      subjectTemplate: null,
      addresseeTemplate: null,
      signatureTemplate: null,
      closingTemplate: null,
      acceptanceTemplate: null,
      partyTemplate: null,
    },
  },
  tools: {
    schema: Type.Object(
      { allowed: N(Type.Array(Type.String())), timeoutMs: N(Type.Integer({ minimum: 100, maximum: 600_000 })) },
      { additionalProperties: false },
    ),
    defaults: { allowed: [], timeoutMs: 15_000 },
  },
} as const;

export type StoredGroupName = keyof typeof STORED_GROUPS;
export const STORED_GROUP_NAMES = Object.keys(STORED_GROUPS) as StoredGroupName[];
/** Every group GET /config returns, in order. */
export const CONFIG_GROUP_NAMES = [...STORED_GROUP_NAMES, 'fields', 'sections'] as const;

export type ConfigOverrides = Record<string, Record<string, unknown>>;

export function isStoredGroup(name: string): name is StoredGroupName {
  return name in STORED_GROUPS;
}

/** Problems of one group's overrides (`render.fontSize must be >= 6`), empty when valid. */
export function groupProblems(group: StoredGroupName, values: unknown, templateProblem: TemplateProblem): string[] {
  if (typeof values !== 'object' || values === null || Array.isArray(values)) return [`${group} must be an object`];
  const schema = STORED_GROUPS[group].schema;
  if (Value.Check(schema, values)) return templateProblems(group, values as Record<string, unknown>, templateProblem);
  return [...Value.Errors(schema, values)]
    .filter((e) => e.keyword !== 'boolean')
    .map((e) => {
      const params = e.params as { additionalProperties?: string[] };
      if (e.keyword === 'additionalProperties' && params.additionalProperties)
        return `${group} has no key ${params.additionalProperties.map((k) => `"${k}"`).join(', ')}`;
      return `${group}${e.instancePath.replace(/\//g, '.')} ${e.message}`;
    });
}

/** Why a template does not parse, or null: the answer of a check made in the tenant-code pool beforehand. */
export type TemplateProblem = (source: string) => string | null;

/** The render templates of a group's values (checked in the tenant-code pool before groupProblems reads the answers). */
export function renderTemplatesOf(group: string, values: unknown): string[] {
  if (group !== 'render' || typeof values !== 'object' || values === null) return [];
  return RENDER_TEMPLATE_KEYS.map((key) => (values as Record<string, unknown>)[key]).filter((source): source is string => typeof source === 'string');
}

/** The render keys holding a template over the fields (`titleTemplate`, `toTemplate`, …). */
export const RENDER_TEMPLATE_KEYS = [
  'titleTemplate',
  'toTemplate',
  'fromTemplate',
  'subjectTemplate',
  'addresseeTemplate',
  'signatureTemplate',
  'closingTemplate',
  'acceptanceTemplate',
  'partyTemplate',
] as const;

/** Layout templates that do not parse (`render.titleTemplate does not parse: …`), checked when saved so export never meets one. */
function templateProblems(group: StoredGroupName, values: Record<string, unknown>, templateProblem: TemplateProblem): string[] {
  if (group === 'interview') return interviewProblems(values as Interview);
  if (group === 'decisions') return Array.isArray(values.items) ? decisionProblems(values.items as Parameters<typeof decisionProblems>[0]) : [];
  if (group !== 'render') return [];
  const problems: string[] = [];
  for (const key of RENDER_TEMPLATE_KEYS) {
    const source = values[key];
    if (typeof source !== 'string') continue;
    const problem = templateProblem(source);
    if (problem) problems.push(`render.${key} does not parse: ${problem}`);
  }
  return problems;
}

/** Groups holding a `computations` map (name → JSONata expression). */
const COMPUTATION_GROUPS: ReadonlySet<string> = new Set<StoredGroupName>(['synthesis', 'coordination']);

/**
 * Compiles the computations a group's values carry (`coordination.computations.total does not
 * parse: …`), empty when they all compile or when there are none. A `null` entry (a removal in
 * `PUT /config`) has nothing to compile; a non-string is left to `groupProblems`.
 */
export async function computationProblems(group: string, values: unknown): Promise<string[]> {
  if (!COMPUTATION_GROUPS.has(group) || !isPlainObject(values) || !isPlainObject(values.computations)) return [];
  const sources = Object.entries(values.computations).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
  // Checked in the tenant-code pool: JSONata's parser is super-linear (docs/adr/0201).
  const checkOf = await computationChecksOf(sources.map(([, source]) => source));
  return sources.flatMap(([name, source]) => {
    const { problem } = checkOf(source);
    return problem ? [`${group}.computations.${name} ${problem}`] : [];
  });
}

/**
 * Merges sent keys into stored overrides: a sent `null` removes the override (the default
 * applies again). Groups not sent are untouched. A `computations` map merges one level
 * deeper, by computation name, like every other key: a name sent as `null` removes that one
 * computation, and `computations: null` removes them all.
 */
export function mergeOverrides(stored: ConfigOverrides, sent: ConfigOverrides): ConfigOverrides {
  const merged: ConfigOverrides = { ...stored };
  for (const [group, values] of Object.entries(sent)) {
    const next: Record<string, unknown> = { ...(stored[group] ?? {}) };
    for (const [key, value] of Object.entries(values)) {
      if (value === null) delete next[key];
      else if (key === 'computations' && COMPUTATION_GROUPS.has(group) && isPlainObject(value)) {
        const computations = mergeByKey(isPlainObject(next[key]) ? next[key] : {}, value);
        if (Object.keys(computations).length === 0) delete next[key];
        else next[key] = computations;
      } else next[key] = value;
    }
    if (Object.keys(next).length === 0) delete merged[group];
    else merged[group] = next;
  }
  return merged;
}

/** Defaults overlaid with the document's overrides, for every stored group. */
export function resolveConfig(overrides: ConfigOverrides): Record<StoredGroupName, Record<string, unknown>> {
  const resolved = {} as Record<StoredGroupName, Record<string, unknown>>;
  for (const group of STORED_GROUP_NAMES) {
    const defaults = STORED_GROUPS[group].defaults as Record<string, unknown>;
    const own = overrides[group] ?? {};
    const values: Record<string, unknown> = { ...defaults, ...own };
    // Nested objects (render.margins) merge one level deep so a partial object keeps the other sides.
    for (const [key, value] of Object.entries(own)) {
      const base = defaults[key];
      if (isPlainObject(base) && isPlainObject(value) && key !== 'schema') values[key] = { ...base, ...value };
    }
    resolved[group] = values;
  }
  return resolved;
}

/** `base` with `changes` applied: a `null` value removes the key. */
function mergeByKey(base: Record<string, unknown>, changes: Record<string, unknown>): Record<string, unknown> {
  const next = { ...base };
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) delete next[key];
    else next[key] = value;
  }
  return next;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
