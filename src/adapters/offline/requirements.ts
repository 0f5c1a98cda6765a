/**
 * Reading sources for what they demand and what they list, and holding the field values against
 * them: the offline composer's findings ("this falls short of the requirement that …") and
 * recommendations ("Obtain …", "Put in place …") come from here. Every sentence written here
 * that carries a `[n]` marker uses only words of source n plus fixed lowercase glue, so the
 * deterministic verify stage finds each number and name it cites. Pure and deterministic.
 */
import { splitSentences, stripCitations } from '../../pipeline/verify/sentences.js';
import type { StatedFact } from './field-facts.js';
import { lowerFirst } from './field-facts.js';
import type { ComposeSource } from './select-sentences.js';
import { contentTokens } from './text.js';

/** A source sentence, with where it came from. */
export interface SourceSentence {
  n: number;
  index: number;
  text: string;
  tokens: string[];
}

/** A sentence that demands something ("must", "shall", "require"). */
export interface Requirement extends SourceSentence {
  /** The demand as a clause that reads after "the requirement that …", or null when it does not. */
  clause: string | null;
  /** What the sentence requires ("a transfer mechanism under …") when it reads "X require(s) Y". */
  object: string | null;
}

/** How a field stands against a requirement. */
export type Standing = 'met' | 'gap' | 'applies' | 'on-record';

/** A field matched with a requirement it speaks to. */
export interface Assessment {
  requirement: Requirement;
  stated: StatedFact;
  standing: Standing;
}

/** A sentence listing things ("Common measures include A, B, and C."). */
export interface Enumeration extends SourceSentence {
  /** What is listed, in the source's words: "common measures". */
  subject: string;
  items: string[];
}

const DEMAND = /\b(must|shall|should|requires?|required|needs? to|has to|have to)\b/i;
/** Words too common in labels to tie a field to a sentence. */
const GENERIC = new Set(['date', 'email', 'name', 'number', 'value', 'available', 'certify', 'yes', 'no', 'last', 'highest', 'data', 'type', 'person']);

/** The candidate sentences of the sources (4–80 words), in source order. */
export function sourceSentences(sources: ComposeSource[]): SourceSentence[] {
  const out: SourceSentence[] = [];
  for (const source of [...sources].sort((a, b) => a.n - b.n)) {
    splitSentences(source.text).forEach((raw, index) => {
      const text = stripCitations(raw);
      const words = text.split(' ').length;
      if (words < 4 || words > 80 || !/\p{L}/u.test(text)) return;
      out.push({ n: source.n, index, text, tokens: contentTokens(text) });
    });
  }
  return out;
}

/** "Article 35(7) GDPR: the assessment shall …" → its body after a short heading-like prefix. */
export function splitHeading(text: string): { heading: string | null; body: string } {
  const m = /^([^:]{2,60}):\s+(.+)$/.exec(text);
  if (m && m[1].split(' ').length <= 6 && /^\p{Lu}/u.test(m[1])) return { heading: m[1], body: m[2] };
  return { heading: null, body: text };
}

/** A sentence quoted as prose: a leading "Heading: body" reads "Under Heading, body". */
export function asProse(text: string): string {
  const { heading, body } = splitHeading(text);
  return heading === null ? text : `Under ${heading}, ${body}`;
}

const dropStop = (s: string): string => s.replace(/[.!?]+$/, '');

/**
 * A source sentence continued after glue ("In that case, …", "the requirement that …"): its
 * first word is lowered only when it is an ordinary capitalized word followed by a lowercase
 * one ("Vendors must" → "vendors must"; "Article 35(3)" and "TLS 1.2" keep their capitals).
 */
export function lowerLead(text: string): string {
  const m = /^(\p{Lu}\p{Ll}+)(\s+)(\S)/u.exec(text);
  return m && /\p{Ll}/u.test(m[3]) ? text.charAt(0).toLowerCase() + text.slice(1) : text;
}

/** The demand as a subjunctive clause: "Vendors must notify us …" → "vendors notify us …". */
function clauseOf(text: string): string | null {
  const { body } = splitHeading(text);
  const modal = /\b(must|shall|should)\s+(not\s+)?(?=\p{Ll})/u.exec(body);
  if (!modal) return null;
  const subject = body.slice(0, modal.index).trim();
  if (subject === '' || subject.includes(',')) return null;
  return dropStop(lowerLead(`${subject} ${modal[2] ?? ''}${body.slice(modal.index + modal[0].length)}`.replace(/\s+/g, ' ')));
}

/** "Transfers … require a transfer mechanism …" → "a transfer mechanism …". */
function objectOf(text: string): string | null {
  const m = /\brequires?\s+(.+)$/i.exec(splitHeading(text).body);
  return m && !/^that\b/i.test(m[1]) ? dropStop(m[1]) : null;
}

/** The sentences that demand something. */
export function requirementsOf(sentences: SourceSentence[]): Requirement[] {
  return sentences.filter((s) => DEMAND.test(s.text)).map((s) => ({ ...s, clause: clauseOf(s.text), object: objectOf(s.text) }));
}

/** Tokens of a field's label that can tie it to a sentence. */
function labelTokens(stated: StatedFact): string[] {
  return [...new Set(contentTokens(stated.phrase).filter((t) => !GENERIC.has(t) && !/^\d$/.test(t)))];
}

/** True when the field's label speaks of the same thing as the sentence. */
export function speaksTo(stated: StatedFact, sentence: SourceSentence): boolean {
  const tokens = labelTokens(stated);
  if (tokens.length === 0) return false;
  const shared = tokens.filter((t) => sentence.tokens.includes(t)).length;
  // One shared word ties only a yes/no field ("Encryption?"): "Reviewer" must not match "reviewed".
  return shared >= 2 || (tokens.length === 1 && shared === 1 && stated.booleanKind !== null);
}

/** How a field stands against a requirement it speaks to. */
function standingOf(stated: StatedFact): Standing | null {
  if (stated.booleanKind === 'condition') return stated.flag === true ? 'applies' : null;
  if (stated.booleanKind === 'control') return stated.flag === true ? 'met' : 'gap';
  if (stated.statement === null) return 'gap';
  // A date, number or address is evidence ("the last penetration test: 2026-03-01"); a
  // free-text field that shares words with a requirement is description, not evidence.
  return ['date', 'datetime', 'number', 'integer', 'money', 'email', 'url', 'phone'].includes(stated.fact.valueType) ? 'on-record' : null;
}

/**
 * Each field held against the requirements it speaks to, in source order. A requirement with
 * alternatives ("… SOC 2 report or ISO 27001 certification") met by one field is not a gap for
 * the others; a condition that does not hold ("no transfers") is left out.
 */
export function assess(requirements: Requirement[], stated: StatedFact[]): Assessment[] {
  const out: Assessment[] = [];
  for (const requirement of requirements) {
    const matched = stated.flatMap((s) => {
      const standing = speaksTo(s, requirement) ? standingOf(s) : null;
      return standing === null ? [] : [{ requirement, stated: s, standing }];
    });
    const alternativeMet = /\bor\b/.test(requirement.text) && matched.some((a) => a.standing === 'met');
    for (const a of matched) if (!(a.standing === 'gap' && alternativeMet)) out.push(a);
  }
  return out;
}

/** Sentences that list things: "<subject> include(s) A, B and C". */
export function enumerationsOf(sentences: SourceSentence[]): Enumeration[] {
  const out: Enumeration[] = [];
  for (const s of sentences) {
    const m = /^(.{3,80}?)\s+(?:include|includes|comprise|comprises|are)\s+(.+?)[.!]?$/.exec(splitHeading(s.text).body);
    if (!m || !m[2].includes(',')) continue;
    const items = m[2]
      .split(/,\s*(?:and\s+|or\s+)?/)
      .map((i) => i.trim())
      .filter((i) => i !== '');
    if (items.length >= 3) out.push({ ...s, subject: lowerFirst(m[1]), items });
  }
  return out;
}
