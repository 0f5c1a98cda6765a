/**
 * Another option of a choice field than the form's: "a fixed fee" where the fee basis is hourly
 * (issue 31, item 4, ADR 0561). The field's options come from its definition (an enum's options),
 * so no wording is listed here; an option counts when it stands next to a word of the field's
 * label ("fixed fee", "flat rate") in a sentence about the document's party.
 */
import { normalizeText } from './normalize.js';
import { namesParty } from './document-party.js';
import type { StatedFact } from './stated-facts.js';

/** Words of a label that say nothing of its subject. */
const LABEL_STOP = new Set(['the', 'of', 'a', 'an', 'and', 'or', 'for', 'in', 'on', 'to', 'is', 'are', 'type', 'kind']);

/** How near (in words) an option must stand to a word of the label. */
const NEAR = 3;

const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** True when the option occurs as a whole phrase within {@link NEAR} words of a label word. */
function statesOption(words: readonly string[], option: string, labelWords: ReadonlySet<string>): boolean {
  const text = words.join(' ');
  const parts = normalizeText(option).split(' ');
  for (const m of text.matchAll(new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(parts.join(' '))}(?![\\p{L}\\p{N}])`, 'gu'))) {
    const start = text.slice(0, m.index).split(' ').length - 1;
    const end = start + parts.length;
    const around = [...words.slice(Math.max(0, start - NEAR), start), ...words.slice(end, end + NEAR)];
    if (around.some((w) => labelWords.has(w) || labelWords.has(w.replace(/s$/, '')))) return true;
  }
  return false;
}

/** The choice facts a sentence contradicts, as "contradicts label: value". */
export function choiceConflicts(sentence: string, facts: readonly StatedFact[]): string[] {
  // Options and values compare as words ("public_task" is "public task").
  const choices = facts.filter((f) => (f.options ?? []).length > 1 && (f.options ?? []).some((o) => normalizeText(o) === normalizeText(f.value)));
  if (choices.length === 0 || !namesParty(sentence, facts)) return [];
  const words = normalizeText(sentence)
    .replace(/[^\p{L}\p{N}\s-]+/gu, ' ')
    .split(/\s+/)
    .filter((w) => w !== '');
  const out: string[] = [];
  for (const fact of choices) {
    const labelWords = new Set(
      normalizeText(fact.label)
        .split(/[^\p{L}]+/u)
        .filter((w) => w.length >= 3 && !LABEL_STOP.has(w)),
    );
    if (statesOption(words, fact.value, labelWords)) continue;
    const other = (fact.options ?? []).find((o) => normalizeText(o) !== normalizeText(fact.value) && statesOption(words, o, labelWords));
    if (other !== undefined) out.push(`contradicts ${fact.label}: ${fact.value}`);
  }
  return out;
}
