/**
 * Field values as statements a reader expects in prose: "The lawful basis (Art. 6) is legitimate
 * interests." rather than "Lawful basis: legitimate_interests", "Initech Cloud is not ISO/IEC 27001
 * certified." rather than "Has iso27001: false". Built from the field's definition (label, type,
 * options), so the offline composer never shows a key or a raw option id. Pure and deterministic.
 */
import { humanize } from './text.js';

/** A field's definition and its value, as the composer states it. */
export interface FieldFact {
  key: string;
  /** The label a person gave the field (null: the key is humanized). */
  label: string | null;
  valueType: string;
  /** Allowed values of an enum field (identifiers; shown through {@link optionLabel}). */
  options: string[] | null;
  /** The value as stored (booleans as "true"/"false"); "" when not filled in. */
  value: string;
}

/**
 * How a boolean field reads: `control` says whether something is in place ("SOC 2 report
 * available?", "ISO 27001 certified?"), so "no" is a gap; `condition` says whether a situation
 * exists ("Transfers outside the EEA?"), so "yes" brings requirements into play.
 */
export type BooleanKind = 'control' | 'condition';

/** A field turned into words. */
export interface StatedFact {
  fact: FieldFact;
  /** The field's label as a noun phrase, without instructions: "incident contact", "lawful basis (Art. 6)". */
  phrase: string;
  /** One sentence stating the value (ends with a full stop), or null when the field is empty. */
  statement: string | null;
  /** For a boolean: control or condition; null otherwise. */
  booleanKind: BooleanKind | null;
  /** True/false for a filled boolean, null otherwise. */
  flag: boolean | null;
}

/** Participles that describe the party itself ("ISO/IEC 27001 certified"): "<party> is certified". */
const PARTY_STATES = new Set([
  'certified',
  'accredited',
  'registered',
  'licensed',
  'insured',
  'audited',
  'compliant',
  'approved',
  'authorised',
  'authorized',
  'vetted',
]);
/** Words that say a thing is present ("SOC 2 report available"): "a SOC 2 report is available". */
const THING_STATES = new Set([
  'available',
  'present',
  'provided',
  'signed',
  'in place',
  'completed',
  'done',
  'named',
  'enabled',
  'encrypted',
  'received',
  'attached',
  'agreed',
  'documented',
  'tested',
]);
/** Parentheticals that are instructions to the person filling in the form, not part of the name. */
const INSTRUCTION = /\s*\((?:e-?mail|comma[- ]separated|one per line|optional|required|if any|yes\/no|url|link|free text)\)/gi;
/** Parentheticals that are the value's unit: "Retention period (months)" 24 → "24 months". */
const UNIT = /\s*\((months?|days?|weeks?|years?|hours?|minutes?|%|percent|EUR|USD|GBP|CHF)\)\s*$/i;
const DETERMINER = /^(the|a|an|our|your|their|its|this|that|these|those|my|his|her)\s/i;

/** Acronyms and names keep their capital; an ordinary capitalized first word is lowered. */
export function lowerFirst(text: string): string {
  const first = /^\S+/.exec(text)?.[0] ?? '';
  if (!/^\p{Lu}\p{Ll}*$/u.test(first.replace(/[^\p{L}]/gu, '')) || /^\p{Lu}\p{Ll}*\p{Lu}/u.test(first)) return text;
  return text.charAt(0).toLowerCase() + text.slice(1);
}

const upperFirst = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);
const withStop = (s: string): string => (/[.!?…]["'”’)]*$/.test(s) ? s : `${s}.`);
/** Whether a noun phrase is plural, judged by its head noun ("categories of data" → yes, "lawful basis" → no). */
function isPlural(noun: string): boolean {
  const head =
    noun
      .split(/\s+(?:of|for|outside|inside|in|on|with|to|from|by|under)\s+|\s*\(/i)[0]
      .trim()
      .split(' ')
      .pop() ?? '';
  return (/s$/i.test(head) && !/(ss|us|is)$/i.test(head)) || /^(data|people|staff|personnel)$/i.test(head);
}

/** An enum option as words: "legitimate_interests" → "legitimate interests"; codes ("EUR") stay. */
export function optionLabel(option: string): string {
  if (/^[A-Z0-9]{2,}$/.test(option)) return option;
  return option
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
}

/** The label as a noun phrase, without a question mark, instructions or unit. */
export function labelPhrase(fact: Pick<FieldFact, 'key' | 'label'>): string {
  const raw = (fact.label ?? '').trim() || humanize(fact.key);
  return lowerFirst(
    raw
      .replace(INSTRUCTION, '')
      .replace(UNIT, '')
      .replace(/[?:]\s*$/, '')
      .trim(),
  );
}

/** The unit a label names in parentheses, e.g. "months". */
function unitOf(fact: FieldFact): string | null {
  return UNIT.exec((fact.label ?? '').replace(/[?:]\s*$/, '').trim())?.[1] ?? null;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A date field as the documents print dates ("1 March 2026", the `date("long")` filter's form):
 * the offline composer writes English prose, so en-GB; UTC so the words never depend on the
 * server's zone.
 */
function longDate(value: string): string | null {
  const match = ISO_DATE.exec(value);
  if (!match) return null;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return Number.isNaN(date.getTime()) ? null : new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}

/** A stored value as words: option labels, long-form dates, lines joined as a list, units appended. */
export function valueWords(fact: FieldFact): string {
  const value = fact.value.trim();
  if (fact.valueType === 'enum' || (fact.options ?? []).includes(value)) return optionLabel(value);
  const date = fact.valueType === 'date' ? longDate(value) : null;
  if (date) return date;
  const separator = /comma/i.test(fact.label ?? '') ? /\s*[\n,;]\s*/ : /\n+/;
  const lines = value
    .split(separator)
    .map((l) => l.trim().replace(/[.;,]$/, ''))
    .filter((l) => l !== '');
  const text = lines.length > 1 ? joinList(lines.map(lowerFirst)) : value.replace(/\s+/g, ' ').replace(/[.]$/, '');
  const unit = unitOf(fact);
  return unit && /^-?\d+(?:[.,]\d+)?$/.test(text) ? `${text} ${unit}` : text;
}

/** "a, b and c". */
export function joinList(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

const article = (phrase: string): string =>
  DETERMINER.test(phrase) ? phrase : `${/^[aeiou]/i.test(phrase) && !/^(uni|use|eu)/i.test(phrase) ? 'an' : 'a'} ${phrase}`;
const the = (phrase: string): string => (DETERMINER.test(phrase) ? phrase : `the ${phrase}`);

/** How a boolean label reads, and its statement for yes/no. */
function booleanStatement(phrase: string, flag: boolean, party: string | null): { kind: BooleanKind; statement: string } {
  const words = phrase.split(' ');
  const last = words[words.length - 1]?.toLowerCase() ?? '';
  const lastTwo = words.slice(-2).join(' ').toLowerCase();
  if (PARTY_STATES.has(last)) {
    const subject = party ?? 'The party concerned';
    return { kind: 'control', statement: `${subject} is ${flag ? '' : 'not '}${phrase}.` };
  }
  const thingState = THING_STATES.has(lastTwo) ? lastTwo : THING_STATES.has(last) ? last : null;
  if (thingState !== null && words.length > thingState.split(' ').length) {
    const thing = words.slice(0, words.length - thingState.split(' ').length).join(' ');
    const verb = isPlural(thing) ? 'are' : 'is';
    return {
      kind: 'control',
      statement: flag ? `${upperFirst(isPlural(thing) ? thing : article(thing))} ${verb} ${thingState}.` : `No ${thing} ${verb} ${thingState}.`,
    };
  }
  const plural = isPlural(phrase);
  if (flag) return { kind: 'condition', statement: plural ? `There are ${phrase}.` : `There is ${article(phrase)}.` };
  return { kind: 'condition', statement: plural ? `There are no ${phrase}.` : `There is no ${phrase}.` };
}

/** The party a document is about: the first filled name-like field of an organization or person. */
export function principalParty(facts: FieldFact[]): string | null {
  const party = /\b(vendor|supplier|client|customer|controller|company|organi[sz]ation|processor|contractor|provider|partner)\b/i;
  const hit = facts.find(
    (f) => ['string', 'text'].includes(f.valueType) && f.value.trim() !== '' && !f.value.includes('\n') && party.test(`${f.key} ${f.label ?? ''}`),
  );
  return hit ? hit.value.trim() : null;
}

/** State one field. */
export function stateFact(fact: FieldFact, party: string | null): StatedFact {
  const phrase = labelPhrase(fact);
  const value = fact.value.trim();
  if (fact.valueType === 'boolean') {
    if (value !== 'true' && value !== 'false') return { fact, phrase, statement: null, booleanKind: booleanStatement(phrase, false, party).kind, flag: null };
    const { kind, statement } = booleanStatement(phrase, value === 'true', party);
    return { fact, phrase, statement, booleanKind: kind, flag: value === 'true' };
  }
  if (value === '') return { fact, phrase, statement: null, booleanKind: null, flag: null };
  let words = valueWords(fact);
  // "Purpose: Send reminders" reads "The purpose … is to send reminders".
  if (
    /^(purpose|aim|goal|objective)\b/i.test(phrase) &&
    /^\p{L}+\s+\p{Ll}/u.test(words) &&
    !/^to\s/i.test(words) &&
    !/(ing|ion|ment|s)$/i.test(words.split(' ')[0])
  )
    words = `to ${lowerFirst(words)}`;
  const verb = isPlural(phrase) ? 'are' : 'is';
  return { fact, phrase, statement: withStop(`${upperFirst(the(phrase))} ${verb} ${words}`), booleanKind: null, flag: null };
}
