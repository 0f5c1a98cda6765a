/**
 * Offline context synthesis: the deterministic stand-in for the model's "synthesize" step. It
 * gathers what the inputs already say — never more — into a structured context, or into an
 * object shaped by a JSON Schema when one is given.
 */
import { splitSentences } from '../../pipeline/verify/sentences.js';
import { extractFacts, type MoneyMention } from './extract-facts.js';
import { SchemaFiller, validateAgainstSchema, type JsonSchema } from './schema-fill.js';
import { collectStrings, flattenContext, humanize } from './text.js';

export { validateAgainstSchema } from './schema-fill.js';

/** Input of {@link synthesizeContext}. */
export interface SynthesizeContextInput {
  /** Field values entered by the user. */
  fields: Record<string, string>;
  /** Data gathered from sources (text, records, nested objects). */
  gathered: Record<string, unknown>;
  /** Values computed by expressions. */
  computed: Record<string, unknown>;
  /** Free-text brief for the document, if any. */
  brief: string | null;
  /** Optional JSON Schema the result must satisfy. */
  schema?: object | null;
}

/** A party named in the inputs. */
export interface SynthesizedParty {
  /** The name as written. */
  name: string;
  /** Organization or person. */
  kind: 'organization' | 'person';
  /** The label of the field holding this name (e.g. "Client name"), or null. */
  role: string | null;
}

/** The default (schema-less) synthesized context. */
export interface SynthesizedContext {
  /** The brief's opening sentences, or the first key facts; "" when there is nothing. */
  summary: string;
  /** "Label: value" lines from fields and computed values. */
  key_facts: string[];
  /** Organizations and people named in the inputs. */
  parties: SynthesizedParty[];
  /** Dates (`YYYY-MM-DD` when fully written). */
  dates: string[];
  /** Money amounts. */
  amounts: MoneyMention[];
  /** Empty fields and questions in the brief. */
  open_questions: string[];
  [key: string]: unknown;
}

/** Result of {@link synthesizeContextWithReport}. */
export interface SynthesizeContextReport {
  /** The synthesized context. */
  context: Record<string, unknown>;
  /** ajv error messages when a schema was given and not satisfied (empty otherwise). */
  errors: string[];
}

const MAX_TEXT = 50_000;

/** The structured context drawn from the inputs. */
function baseContext(input: SynthesizeContextInput): SynthesizedContext {
  const fieldEntries = Object.entries(input.fields);
  const filled = fieldEntries.filter(([, v]) => v.trim() !== '');
  const keyFacts = [
    ...filled.map(([k, v]) => `${humanize(k)}: ${v.trim().replace(/\s+/g, ' ')}`),
    ...flattenContext(input.computed).map((e) => `${e.label}: ${e.text}`),
  ].slice(0, 30);
  const brief = (input.brief ?? '').trim();
  const text = [brief, ...filled.map(([, v]) => v), ...collectStrings(input.gathered)].join('\n\n').slice(0, MAX_TEXT);
  const { entities } = extractFacts(text, []);
  const roleOf = (name: string): string | null => {
    const hit = filled.find(([, v]) => v.toLowerCase().includes(name.toLowerCase()));
    return hit ? humanize(hit[0]) : null;
  };
  const parties: SynthesizedParty[] = [
    ...entities.organizations.map((name) => ({ name, kind: 'organization' as const, role: roleOf(name) })),
    ...entities.people.map((name) => ({ name, kind: 'person' as const, role: roleOf(name) })),
  ];
  const briefSentences = brief === '' ? [] : splitSentences(brief);
  const summary =
    briefSentences
      .filter((s) => !s.endsWith('?'))
      .slice(0, 2)
      .join(' ') || keyFacts.slice(0, 3).join('; ');
  const openQuestions = [
    ...fieldEntries.filter(([, v]) => v.trim() === '').map(([k]) => `What is the ${humanize(k).toLowerCase()}?`),
    ...briefSentences.filter((s) => s.endsWith('?') || /\b(TBD|TBC|to be (confirmed|determined|decided))\b/i.test(s)),
  ].slice(0, 15);
  return {
    summary,
    key_facts: keyFacts,
    parties,
    dates: entities.dates,
    amounts: entities.money,
    open_questions: openQuestions,
  };
}

/** Key normalization so "client_name", "clientName" and "Client Name" meet. */
const norm = (k: string): string => k.replace(/[^\p{L}\p{N}]/gu, '').toLowerCase();

/** Candidate lookup across inputs: fields, then computed, then gathered, then the synthesized context. */
function lookupOf(input: SynthesizeContextInput, base: SynthesizedContext): (name: string) => unknown {
  const layers: Array<Record<string, unknown>> = [input.fields, input.computed, input.gathered, base];
  return (name: string) => {
    for (const layer of layers) {
      if (Object.prototype.hasOwnProperty.call(layer, name)) {
        const v = layer[name];
        if (v !== undefined && v !== '') return v;
      }
    }
    for (const layer of layers) {
      const key = Object.keys(layer).find((k) => norm(k) === norm(name));
      if (key !== undefined && layer[key] !== undefined && layer[key] !== '') return layer[key];
    }
    return undefined;
  };
}

/**
 * Like {@link synthesizeContext}, but also returns the ajv errors of the result against the schema
 * (empty when no schema was given or the result validates).
 */
export function synthesizeContextWithReport(input: SynthesizeContextInput): SynthesizeContextReport {
  const base = baseContext(input);
  const schema = input.schema;
  if (schema === null || schema === undefined) return { context: base, errors: [] };
  const root = { ...schema } as JsonSchema;
  const context = new SchemaFiller(root).buildObject(root, lookupOf(input, base));
  return { context, errors: validateAgainstSchema(schema, context) };
}

/**
 * Build a deterministic structured context from the inputs. Without a schema the result is
 * `{ summary, key_facts, parties, dates, amounts, open_questions }`, all drawn from the inputs.
 * With a JSON Schema (object-typed), each property is filled from the same-named input
 * (fields → computed → gathered → the structure above; key spelling is normalized) when it can be
 * converted to the property's type, required properties otherwise get typed defaults ("" / 0 /
 * false / [] / schema `default`), and the result is validated with ajv (see
 * {@link synthesizeContextWithReport} for the errors, {@link validateAgainstSchema} to check).
 */
export function synthesizeContext(input: SynthesizeContextInput): Record<string, unknown> {
  return synthesizeContextWithReport(input).context;
}
