/** The form's facts a sentence states otherwise: its yes/no facts and its choices (decisions are decision-conflicts.ts's). */
import { choiceConflicts } from './choice-facts.js';
import type { StatedFact } from './stated-facts.js';
import { yesNoConflicts } from './yes-no-facts.js';

export function factConflicts(sentence: string, facts: readonly StatedFact[]): string[] {
  return [...yesNoConflicts(sentence, facts), ...choiceConflicts(sentence, facts)];
}
