/**
 * Whether a sentence speaks of the document's own case rather than of a rule in general: "Carriers
 * must hold a permit" restates a source, "Northgate Haulage holds no permit" states a fact about
 * this document's party, and only the second can contradict the form (issue 31, item 4).
 */
import { contentStems } from './content-words.js';
import { normalizeText } from './normalize.js';
import type { StatedFact } from './stated-facts.js';

const VERDICT_OR_FLAG = /^(?:true|false|yes|no|met|not met|required|not required|high|medium|low|approve|reject|approve with conditions)$/i;

/** The most words a party's name has ("Lakeshore Transit Authority", "Smart-card journey records"). */
const MAX_NAME_WORDS = 5;

/**
 * The parties and objects the form names: stated values written as names (a capital first, not a
 * date, a number, a yes/no or a verdict) — the vendor, the controller, the processing operation.
 */
function partyValues(facts: readonly StatedFact[]): string[] {
  // A name is short and no sentence: a decision's reasons ("Met. The vendor holds …") name no party.
  return facts
    .map((f) => f.value.trim())
    .filter((v) => /^\p{Lu}/u.test(v) && !VERDICT_OR_FLAG.test(v) && /\p{L}{3}/u.test(v) && v.split(/\s+/).length <= MAX_NAME_WORDS && !/[.;:!?]\s/.test(v));
}

/** True when the sentence names one of the form's parties: verbatim, or most of its content words ("the journey records"). */
export function namesParty(sentence: string, facts: readonly StatedFact[]): boolean {
  const text = normalizeText(sentence);
  const stems = new Set(contentStems(sentence));
  return partyValues(facts).some((v) => {
    if (text.includes(normalizeText(v))) return true;
    const words = [...new Set(contentStems(v))];
    return words.length > 0 && words.filter((w) => stems.has(w)).length * 2 > words.length;
  });
}

/** A condition ("if", "where", "unless") makes a sentence a rule about cases, not a statement about this one. */
export const CONDITIONAL = /\b(?:if|where|when|whenever|unless|in case)\b/i;

/** Words that negate what follows them. */
export const NEGATION = /\b(?:not|no|never|neither|nor|none|without|lacks?|lacking)\b|n't\b/i;
