/**
 * A sentence that states a different conclusion than the document's decided one: "the
 * penetration test requirement is met" where the computed verdict is "not met", "we recommend
 * approval" where the recommendation is "reject", a risk called low that is rated high. A
 * decision is a stated fact whose value is one of a family of verdicts; a sentence about its
 * subject (most of its label's content words) that states another verdict of that family, and
 * not its own, contradicts it.
 */
import { contentStems, stem } from './content-words.js';
import { CONDITIONAL } from './document-party.js';
import type { StatedFact } from './stated-facts.js';

/** A verdict family: each verdict with the wordings that state it, the more specific first. */
type Family = ReadonlyArray<{ verdict: string; says: RegExp }>;

const FAMILIES: readonly Family[] = [
  [
    {
      verdict: 'approve with conditions',
      says: /\b(approve[ds]? (?:it )?(?:with|subject to) conditions|conditional(?:ly)? approv\w*|approval (?:with|subject to) conditions)\b/i,
    },
    { verdict: 'reject', says: /\b(reject\w*|declin\w*|not (?:be )?(?:approved|onboarded)|do not approve|refus\w*)\b/i },
    { verdict: 'approve', says: /\b(approv\w*|onboard(?:ed|ing)?)\b/i },
  ],
  [
    {
      verdict: 'not met',
      says: /\b(not (?:been )?met|does not meet|do not meet|did not meet|fails?|failed|falls? short|not (?:satisfied|complied)|overdue|out of date|breach\w*)\b/i,
    },
    { verdict: 'met', says: /\b(is met|are met|was met|meets|satisf(?:y|ies|ied)|compl(?:y|ies|ied)|fulfil\w*|in line with)\b/i },
  ],
  [
    {
      verdict: 'not required',
      // "No prior consultation is needed": the negation may open the sentence, a few words before the verb.
      says: /\b(not (?:be )?(?:required|needed|necessary|mandatory)|need not|needn't|no need|unnecessary|(?:does|do|did) not (?:need|require|have to)|(?:is|are) not obliged to|no\b(?:\s+[\w-]+){1,4}?\s+(?:is|are|will be|would be)\s+(?:required|needed|necessary|mandatory))\b/i,
    },
    { verdict: 'required', says: /\b(is required|are required|must (?:consult|be consulted)|required to|(?:is|are) (?:needed|necessary|mandatory))\b/i },
  ],
  // Levels only by their own names: a risk table's likelihood and severity cells ("Severe",
  // "Moderate") sit in the same row as its level and are not the level.
  [
    { verdict: 'high', says: /\bhigh\b/i },
    { verdict: 'medium', says: /\bmedium\b/i },
    { verdict: 'low', says: /\blow\b/i },
  ],
];

/**
 * An obligation to do what a decision is about — "has to consult", "must notify", "is obliged to
 * notify" where the decision is "prior consultation" or "harbour notification" — states it as
 * required (issue 31, item 4, ADR 0561). The verb is recognised by the decision label's own
 * stems, so no verb is listed; a condition ("where …", "if …") makes the sentence a rule, not the
 * document's verdict.
 */
const OBLIGATION = /\b(?:must|shall|has to|have to|needs? to|(?:is|are) obliged to|(?:is|are) required to)\s+(?:[\p{L}-]+\s+)?([\p{L}-]+)/giu;

function obligationStated(sentence: string, labelStems: ReadonlySet<string>): boolean {
  if (CONDITIONAL.test(sentence)) return false;
  return [...sentence.matchAll(OBLIGATION)].some((m) => [m[1], m[0].split(/\s+/).at(-2) ?? ''].some((w) => labelStems.has(stem(w.toLowerCase()))));
}

/** The family a decided value belongs to, with the decided verdict. */
function familyOf(value: string): { family: Family; verdict: string } | null {
  const v = value.trim().toLowerCase().replace(/_/g, ' ');
  for (const family of FAMILIES) if (family.some((f) => f.verdict === v)) return { family, verdict: v };
  return null;
}

/**
 * The verdicts of a family that a sentence states (a more specific wording hides the ones inside
 * it). A table row arrives as its cells joined by "; ": a cell that is a verdict's name ("Met",
 * "Not met", "High") states it.
 */
function verdictsStated(sentence: string, family: Family, labelStems?: ReadonlySet<string>): string[] {
  let rest = sentence;
  const cells = sentence.split(/;\s+/).map((c) =>
    c
      .replace(/[.\s]+$/, '')
      .trim()
      .toLowerCase(),
  );
  const out: string[] = family.filter((f) => cells.includes(f.verdict)).map((f) => f.verdict);
  for (const f of family) {
    if (f.says.test(rest)) {
      if (!out.includes(f.verdict)) out.push(f.verdict);
      rest = rest.replace(new RegExp(f.says.source, 'gi'), ' ');
    }
  }
  // What is left after the negated wordings are taken out: "must consult" is "required".
  if (labelStems && family.some((f) => f.verdict === 'required') && !out.includes('required') && obligationStated(rest, labelStems)) out.push('required');
  return out;
}

/**
 * Words that name a decision's subject in other words: a writer who "advises" or "proposes"
 * states the recommendation as much as one who "recommends" (issue 31, item 4).
 */
const BEFORE = /\b(?:before|beforehand|in advance)\b/i;

const SUBJECT_SYNONYMS: ReadonlyMap<string, readonly string[]> = new Map([['recom', ['advis', 'propo', 'sugge', 'concl', 'verdi']]]);

/**
 * True when the sentence is about the decision's subject: most of its label's content words (a
 * sentence of the law that names only "consultation" is not the document's own conclusion on
 * "prior consultation").
 */
function aboutSubject(sentenceStems: ReadonlySet<string>, label: string, sentence: string): boolean {
  const words = [...new Set(contentStems(label))].map((w) => {
    const other = (SUBJECT_SYNONYMS.get(w) ?? []).find((s) => sentenceStems.has(s));
    return other ?? w;
  });
  if (words.length === 0) return false;
  // "Before" is a stop word, and says "prior" ("consult … before the processing starts").
  const found = (w: string) => sentenceStems.has(w) || (w === 'prior' && BEFORE.test(sentence));
  return words.filter(found).length * 2 > words.length;
}

/** The decisions a sentence contradicts, as "label: decided value" (what a reviewer is told). */
export function decisionConflicts(sentence: string, facts: readonly StatedFact[]): string[] {
  const stems = new Set(contentStems(sentence));
  const out: string[] = [];
  for (const fact of facts) {
    const decided = familyOf(fact.value);
    if (!decided || !aboutSubject(stems, fact.label, sentence)) continue;
    const stated = verdictsStated(sentence, decided.family, new Set(contentStems(fact.label)));
    if (stated.length > 0 && !stated.includes(decided.verdict)) out.push(`contradicts ${fact.label}: ${fact.value}`);
  }
  return out;
}
