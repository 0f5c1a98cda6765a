/**
 * The check for conclusions (issue 31): a sentence that states a different outcome than a
 * computed decision ("we recommend approval" when the decision is reject) contradicts it. Each
 * outcome is recognised by its phrases (its label by default; `…` stands for up to five words, as
 * in "approve … on condition"); the longest phrase wins where phrases overlap, so "approve with
 * conditions" is not also read as "approve", and a phrase shortly after a negation ("not
 * recommended for approval") states nothing. A sentence that states the decided outcome too is
 * not flagged: it weighs the alternatives.
 */
import { contentStems } from './content-words.js';
import { splitSentences, stripCitations } from './sentences.js';

export interface DecisionToCheck {
  key: string;
  label: string;
  status: 'decided' | 'undetermined';
  outcome: string | null;
  outcomeLabel: string | null;
  outcomes: ReadonlyArray<{ outcome: string; label: string; phrases: readonly string[] }>;
}

export interface DecisionContradiction {
  sentence: string;
  decision: string;
  /** The outcome the sentence states. */
  stated: string;
  reason: string;
}

const NEGATION = /\b(not|no|never|cannot|can't|won't|without|neither|nor)\b|n't\b/i;
const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A phrase as a whole-word pattern: spaces match any whitespace, `…` (or `...`) up to five words. */
function phrasePattern(phrase: string): RegExp {
  const parts = phrase
    .trim()
    .split(/\s*(?:…|\.\.\.)\s*/)
    .map((part) => part.split(/\s+/).map(escapeRegExp).join('\\s+'));
  return new RegExp(`(?<![\\p{L}\\p{N}])${parts.join("(?:[\\s,]+[\\p{L}\\p{N}'’.-]+){0,5}?[\\s,]+")}(?![\\p{L}\\p{N}])`, 'giu');
}

/** The outcomes a sentence states, each phrase match not negated and not inside a longer one. */
export function statedOutcomes(sentence: string, decision: DecisionToCheck): Set<string> {
  const phrases = decision.outcomes
    .flatMap((o) => o.phrases.filter((p) => p.trim() !== '').map((phrase) => ({ outcome: o.outcome, phrase })))
    .sort((a, b) => b.phrase.length - a.phrase.length);
  const taken: Array<[number, number]> = [];
  const stated = new Set<string>();
  for (const { outcome, phrase } of phrases) {
    for (const match of sentence.matchAll(phrasePattern(phrase))) {
      const start = match.index;
      const end = start + match[0].length;
      if (taken.some(([s, e]) => start < e && end > s)) continue;
      taken.push([start, end]);
      // The four words before the phrase: "is not recommended for approval" states no approval.
      const before = sentence.slice(0, start).split(/\s+/).slice(-4).join(' ');
      if (!NEGATION.test(before)) stated.add(outcome);
    }
  }
  return stated;
}

/**
 * A decision whose outcomes carry no phrases (a baseline rule's "Met" / "Not met": the word alone
 * does not say which rule a sentence speaks of) is read by its outcomes' labels in a sentence
 * about its subject — most of its label's content words, as a table row or "Rule: Not met"
 * names it (issue 31, item 6: the scripted-model evaluation found such a row passing).
 */
function byLabels(decision: DecisionToCheck): DecisionToCheck {
  return { ...decision, outcomes: decision.outcomes.map((o) => ({ ...o, phrases: o.phrases.length > 0 ? o.phrases : [o.label] })) };
}

function aboutSubject(sentence: string, label: string): boolean {
  const words = [...new Set(contentStems(label))];
  if (words.length === 0) return false;
  const stems = new Set(contentStems(sentence));
  return words.filter((w) => stems.has(w)).length * 2 > words.length;
}

/** The decision as a sentence is checked against it, or null when the sentence cannot state one of its outcomes. */
function readableFor(sentence: string, decision: DecisionToCheck): DecisionToCheck | null {
  if (decision.outcomes.filter((o) => o.phrases.length > 0).length > 1) return decision;
  return decision.outcomes.length > 1 && aboutSubject(sentence, decision.label) ? byLabels(decision) : null;
}

/** Sentences of `markdown` that state another outcome than a decided decision. */
export function contradictionsOf(markdown: string, decisions: readonly DecisionToCheck[]): DecisionContradiction[] {
  const decided = decisions.filter((d) => d.status === 'decided' && d.outcome !== null && d.outcomes.length > 1);
  if (decided.length === 0) return [];
  const found: DecisionContradiction[] = [];
  for (const raw of splitSentences(markdown)) {
    const sentence = stripCitations(raw).trim();
    for (const candidate of decided) {
      const decision = readableFor(sentence, candidate);
      if (decision === null) continue;
      const stated = statedOutcomes(sentence, decision);
      if (stated.size === 0 || stated.has(decision.outcome ?? '')) continue;
      const other = [...stated][0];
      const label = decision.outcomes.find((o) => o.outcome === other)?.label ?? other;
      found.push({
        sentence: raw.trim(),
        decision: decision.key,
        stated: other,
        reason: `States "${label}", but the decision "${decision.label}" is "${decision.outcomeLabel ?? decision.outcome}"`,
      });
    }
  }
  return found;
}
