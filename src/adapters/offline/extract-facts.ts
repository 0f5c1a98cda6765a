/**
 * Offline fact extraction: entities from free text (e.g. an intake e-mail) and values for hinted
 * template fields. Pure and deterministic; dates resolve only against a reference date passed in.
 */
import { findDateHits, findEmails, findMoney, findNamedEntities, parseAmount, cleanEntity, type MoneyMention } from './entities.js';
import { humanize } from './text.js';

export type { MoneyMention } from './entities.js';

/** A field the caller would like filled. */
export interface FieldHint {
  /** Field key, e.g. "client_name". */
  key: string;
  /** Field value type, e.g. "string", "text", "email", "date", "number", "integer", "money", "boolean", "url", "phone". */
  valueType: string;
  /** Optional human label, e.g. "Client". */
  label?: string | null;
}

/** Options for {@link extractFacts}. */
export interface ExtractFactsOptions {
  /** Reference date (`YYYY-MM-DD` or a Date) for relative dates such as "next Friday"; without it they stay unresolved. */
  referenceDate?: string | Date | null;
}

/** Entities found in the text. */
export interface ExtractedEntities {
  /** Person names. */
  people: string[];
  /** Organization names (legal forms such as "GmbH" included). */
  organizations: string[];
  /** Places. */
  places: string[];
  /** Dates: `YYYY-MM-DD` when resolvable, else as written. */
  dates: string[];
  /** Money amounts. */
  money: MoneyMention[];
  /** E-mail addresses. */
  emails: string[];
}

/** Result of {@link extractFacts}. */
export interface ExtractedFacts {
  /** Entities found in the text. */
  entities: ExtractedEntities;
  /** Values for the hinted fields that could be found, by field key. */
  fieldValues: Record<string, string>;
}

/** Words that suggest which entity kind a text field wants. */
const KIND_WORDS: Array<{ kind: 'organization' | 'person' | 'place' | 'email' | 'money' | 'date' | 'phone' | 'url'; re: RegExp }> = [
  { kind: 'email', re: /\be-?mail\b/ },
  { kind: 'phone', re: /\b(phone|telephone|mobile|tel)\b/ },
  { kind: 'url', re: /\b(url|website|web site|link)\b/ },
  { kind: 'money', re: /\b(budget|amount|price|fee|fees|cost|costs|value|total|salary|revenue|money)\b/ },
  { kind: 'date', re: /\b(date|deadline|due|start|end|until|expiry|expires)\b/ },
  { kind: 'organization', re: /\b(client|customer|company|organi[sz]ation|org|vendor|supplier|employer|firm|business|account|party|counterparty)\b/ },
  { kind: 'person', re: /\b(contact|person|full name|author|manager|owner|requester|signatory|representative|lead)\b/ },
  { kind: 'place', re: /\b(city|location|country|place|region|address|site|venue)\b/ },
];

/** Words that introduce a deadline-like date. */
const DATE_CUES: Array<{ re: RegExp; cue: RegExp }> = [
  { re: /\b(deadline|due|until|end|expiry|expires|delivery)\b/, cue: /\b(by|before|due|deadline|until|till|no later than)\s*[:\-]?\s*$/i },
  { re: /\b(start|begin|kick-?off|from)\b/, cue: /\b(from|starting|start|beginning|begin|as of|kick-?off)\s*(on)?\s*[:\-]?\s*$/i },
];

const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Label variants for a field: its label, its humanized key, the key itself. */
function labelsOf(hint: FieldHint): string[] {
  const out = [hint.label ?? '', humanize(hint.key), hint.key].map((s) => s.trim()).filter((s) => s.length >= 2);
  return [...new Set(out.map((s) => s.toLowerCase()))];
}

/** The text after "Label:" (or "Label -", "Label =") up to the end of the line. */
function labelledValue(text: string, labels: string[]): { value: string; index: number } | null {
  for (const label of labels) {
    const re = new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(label)}\\s*(?:[:=]|\\s-\\s)[ \\t]*([^\\n]+)`, 'iu');
    const m = re.exec(text);
    if (m && m[1].trim() !== '') return { value: m[1].trim(), index: (m.index ?? 0) + m[0].length - m[1].length };
  }
  return null;
}

/** Spans where a label occurs as words in the text. */
function labelSpans(text: string, labels: string[]): Array<{ start: number; end: number }> {
  const out: Array<{ start: number; end: number }> = [];
  for (const label of labels) {
    for (const m of text.matchAll(new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(label)}(?![\\p{L}\\p{N}])`, 'giu'))) {
      out.push({ start: m.index ?? 0, end: (m.index ?? 0) + m[0].length });
    }
  }
  return out.sort((a, b) => a.start - b.start || a.end - b.end);
}

/**
 * The hit closest to a label occurrence: up to 80 characters after it ("Budget is EUR 25,000") or
 * 30 before it ("240 employees"); crossing a sentence or line end costs extra distance.
 */
function nearLabel<T extends { index: number; length: number }>(text: string, hits: T[], spans: Array<{ start: number; end: number }>): T | null {
  let best: { hit: T; distance: number } | null = null;
  for (const span of spans) {
    for (const hit of hits) {
      const after = hit.index >= span.end ? hit.index - span.end : Number.POSITIVE_INFINITY;
      const before = hit.index + hit.length <= span.start ? span.start - (hit.index + hit.length) : Number.POSITIVE_INFINITY;
      if (after > 80 && before > 30) continue;
      const between = after <= 80 ? text.slice(span.end, hit.index) : text.slice(hit.index + hit.length, span.start);
      const distance = Math.min(after, before) + (/[.!?]\s|\n/.test(between) ? 100 : 0);
      if (best === null || distance < best.distance) best = { hit, distance };
    }
  }
  return best?.hit ?? null;
}

/** Cut a free-text labelled value at the end of its clause. */
function clause(value: string): string {
  return cleanEntity(value.split(/(?<=[^A-Z.][.!?])\s|[;,]\s|\s\(|\s[-–—]\s/u)[0]);
}

/** Numbers with positions. */
function findPlainNumbers(text: string): Array<{ index: number; length: number; value: number }> {
  return [...text.matchAll(/(?<![\p{L}\p{N}.,@+-])(\d{1,3}(?:[,']\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)(?![\p{L}\p{N}@-]|[.,]\d)/gu)].map((m) => ({
    index: m.index ?? 0,
    length: m[0].length,
    value: parseAmount(m[1]),
  }));
}

/** Which entity kind the field wants, judged from its type, key and label. */
function kindOf(hint: FieldHint): string {
  const type = hint.valueType.toLowerCase();
  if (['email', 'date', 'datetime', 'number', 'integer', 'money', 'currency', 'boolean', 'url', 'phone'].includes(type)) return type;
  const words = `${humanize(hint.key)} ${hint.label ?? ''}`.toLowerCase();
  return KIND_WORDS.find((k) => k.re.test(words))?.kind ?? 'text';
}

/** What the lookup of every kind reads: the text, the value on the field's label line and where its labels stand. */
interface FieldLookup {
  text: string;
  hint: FieldHint;
  entities: ExtractedEntities;
  referenceDate: string | Date | null;
  labelled: { value: string; index: number } | null;
  spans: Array<{ start: number; end: number }>;
  /** Applies `fn` to the labelled value only: null when the field has no label line. */
  scoped: (fn: (s: string) => string | null) => string | null;
}

/** A date: on the label line, near a label, after the cue the field's words name, or the only date there is. */
function dateValue({ text, hint, entities, referenceDate, spans, scoped }: FieldLookup): string | null {
  const hits = findDateHits(text, referenceDate);
  const fromLabel =
    scoped((s) => findDateHits(s, referenceDate)[0]?.value ?? null) ??
    nearLabel(
      text,
      hits.map((h) => ({ ...h, length: h.text.length })),
      spans,
    )?.value;
  if (fromLabel) return fromLabel;
  const words = `${humanize(hint.key)} ${hint.label ?? ''}`.toLowerCase();
  const cue = DATE_CUES.find((c) => c.re.test(words));
  const cued = cue ? hits.find((h) => cue.cue.test(text.slice(Math.max(0, h.index - 40), h.index))) : undefined;
  return cued?.value ?? (hits.length === 1 || entities.dates.length === 1 ? (hits[0]?.value ?? null) : null);
}

/** An amount of money: on the label line, near a label, or the first one in the text. */
function moneyValue({ text, spans, scoped }: FieldLookup): string | null {
  const money = findMoney(text);
  const hit =
    scoped((s) => findMoney(s)[0]?.text ?? null) ??
    nearLabel(
      text,
      money.map((h) => ({ ...h, length: h.text.length })),
      spans,
    )?.text ??
    money[0]?.text;
  return hit ?? null;
}

/** A number: on the label line, else the amount or plain number nearest a label. */
function numberValue({ text, spans, scoped }: FieldLookup): string | null {
  const fromLabel = scoped((s) => findMoney(s)[0]?.amount.toString() ?? findPlainNumbers(s)[0]?.value.toString() ?? null);
  if (fromLabel) return fromLabel;
  const money = findMoney(text).map((h) => ({ ...h, length: h.text.length }));
  const near = nearLabel(text, money, spans)?.amount ?? nearLabel(text, findPlainNumbers(text), spans)?.value;
  return near === undefined ? null : String(near);
}

/** Yes or no on the label line. */
function booleanValue({ labelled }: FieldLookup): string | null {
  const v = labelled?.value.toLowerCase() ?? '';
  if (/^(yes|true|y|ja|1)\b/.test(v)) return 'true';
  if (/^(no|false|n|nein|0)\b/.test(v)) return 'false';
  return null;
}

/** Text: the entity or clause on the label line, else the first entity of the wanted kind. */
function textValue({ entities, labelled }: FieldLookup, kind: string): string | null {
  if (labelled) {
    const v = labelled.value;
    const entity = [...entities.organizations, ...entities.people, ...entities.places].find((e) => v.startsWith(e));
    return entity ?? (clause(v) || null);
  }
  if (kind === 'organization') return entities.organizations[0] ?? null;
  if (kind === 'person') return entities.people[0] ?? null;
  if (kind === 'place') return entities.places[0] ?? null;
  return null;
}

/** Find the value of one hinted field, or null. */
function fieldValue(text: string, hint: FieldHint, entities: ExtractedEntities, referenceDate: string | Date | null): string | null {
  const labels = labelsOf(hint);
  const labelled = labelledValue(text, labels);
  const spans = labelSpans(text, labels);
  const kind = kindOf(hint);
  const scoped = (fn: (s: string) => string | null): string | null => (labelled ? fn(labelled.value) : null);
  const lookup: FieldLookup = { text, hint, entities, referenceDate, labelled, spans, scoped };
  switch (kind) {
    case 'email':
      return scoped((s) => findEmails(s)[0] ?? null) ?? entities.emails[0] ?? null;
    case 'date':
    case 'datetime':
      return dateValue(lookup);
    case 'money':
    case 'currency':
      return moneyValue(lookup);
    case 'number':
    case 'integer':
      return numberValue(lookup);
    case 'boolean':
      return booleanValue(lookup);
    case 'url':
      return (labelled?.value ?? text).match(/https?:\/\/[^\s<>()"']+/)?.[0].replace(/[.,;:]+$/, '') ?? null;
    case 'phone':
      return (labelled?.value ?? '').match(/\+?\d[\d\s()./-]{5,}\d/)?.[0] ?? null;
    default:
      return textValue(lookup, kind);
  }
}

/**
 * Extract entities (people, organizations, places via compromise; dates via chrono-node; money,
 * e-mails via regexes) and fill the hinted fields that the text supports: first from a
 * "Label: value" line, then from a typed value near the label, then from the first entity of the
 * wanted kind (organization for client/company fields, person for contact fields, e-mail, money).
 * Fields with no support in the text are left out — nothing is invented.
 */
export function extractFacts(text: string, fieldHints: FieldHint[], options: ExtractFactsOptions = {}): ExtractedFacts {
  const referenceDate = options.referenceDate ?? null;
  const named = findNamedEntities(text);
  const emailLocal = new Set(findEmails(text).map((e) => e.toLowerCase()));
  const entities: ExtractedEntities = {
    ...named,
    organizations: named.organizations.filter((o) => !emailLocal.has(o.toLowerCase())),
    dates: [...new Set(findDateHits(text, referenceDate).map((d) => d.value))],
    money: findMoney(text).map(({ text: t, amount, currency }) => ({ text: t, amount, currency })),
    emails: findEmails(text),
  };
  const fieldValues: Record<string, string> = {};
  for (const hint of fieldHints) {
    const value = fieldValue(text, hint, entities, referenceDate);
    if (value !== null && value.trim() !== '') fieldValues[hint.key] = value.trim();
  }
  return { entities, fieldValues };
}
