/**
 * A yes/no fact of the form denied or affirmed in other words: "holds neither a SOC 2 report nor
 * an ISO certificate" where the form says "ISO/IEC 27001 certified? yes", "the records include
 * special categories of data" where it says no (issue 31, item 4, ADR 0561). Read only in a
 * sentence about the document's party that states no rule (no "must", no condition).
 */
import { stem } from './content-words.js';
import { normalizeText } from './normalize.js';
import { CONDITIONAL, NEGATION, namesParty } from './document-party.js';
import type { StatedFact } from './stated-facts.js';

const YES = /^(?:true|yes)$/i;
const NO = /^(?:false|no)$/i;
/** A requirement ("must hold", "needs a … report") is a rule's wording, not a statement that the party holds it. */
const RULE = /\b(?:must|shall|should|has to|have to|needs?|requires?|required|obliged)\b/i;

/** Words before a subject word that can hold its negation ("does not hold a valid ADR permit"). */
const NEGATION_WINDOW = 5;

/** Label words that name no subject. */
const LABEL_STOP = new Set(['the', 'of', 'a', 'an', 'and', 'or', 'for', 'in', 'on', 'to', 'is', 'are', 'by', 'with', 'art', 'any']);

/** The words of a text, lower case, acronyms and numbers included ("ISO", "27001", "EEA"). */
const wordsOf = (text: string): string[] =>
  normalizeText(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== '');

/** Two words are the same word: equal, or, when long enough to have one, the same stem ("certified", "certificate"). */
const sameWord = (a: string, b: string): boolean => a === b || (a.length >= 4 && b.length >= 4 && stem(a) === stem(b));

/** The yes/no facts a sentence contradicts, as "contradicts label: yes|no". */
export function yesNoConflicts(sentence: string, facts: readonly StatedFact[]): string[] {
  const flags = facts.filter((f) => YES.test(f.value.trim()) || NO.test(f.value.trim()));
  if (flags.length === 0 || RULE.test(sentence) || CONDITIONAL.test(sentence) || !namesParty(sentence, facts)) return [];
  const tokens = wordsOf(sentence);
  const out: string[] = [];
  for (const fact of flags) {
    const label = [...new Set(wordsOf(fact.label).filter((w) => !LABEL_STOP.has(w)))];
    // About its subject: half of its label's words, and two of them when it has more than one
    // ("Transfers outside the EEA?" is not the subject of a sentence naming "Transit").
    const matched = label.filter((w) => tokens.some((t) => sameWord(t, w)));
    if (label.length === 0 || matched.length * 2 < label.length || matched.length < Math.min(2, label.length)) continue;
    const at = tokens.findIndex((t) => matched.some((w) => sameWord(t, w)));
    const denies = NEGATION.test(tokens.slice(Math.max(0, at - NEGATION_WINDOW), at).join(' '));
    const isYes = YES.test(fact.value.trim());
    // "Holds a SOC 2 report or an ISO certificate" affirms neither on its own.
    if (!denies && /\bor\b/i.test(sentence)) continue;
    if (denies === isYes) out.push(`contradicts ${fact.label}: ${isYes ? 'yes' : 'no'}`);
  }
  return out;
}
