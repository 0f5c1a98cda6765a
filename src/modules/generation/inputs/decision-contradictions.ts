/**
 * What finalizing refuses on besides the readiness gaps (issue 31): a sentence of the current text
 * — generated or edited by hand — that states another conclusion than a decision of the latest
 * run. Checked on the text as it is now, so removing the sentence clears the blocker.
 */
import { contradictionsOf } from '../../../pipeline/verify/check-decisions.js';
import type { DocumentInputs } from './load-document-inputs.js';
import { latestDecisions } from './latest-decisions.js';

/** Each contradiction as `contradicts_decision (section key): "sentence": reason`. */
export async function decisionContradictions(inputs: DocumentInputs): Promise<string[]> {
  const decisions = latestDecisions(await inputs.recentSnapshots());
  if (decisions === null) return [];
  return inputs.sections.flatMap((section) =>
    contradictionsOf(section.content ?? '', decisions).map((c) => `contradicts_decision (${section.key}): "${c.sentence}": ${c.reason}`),
  );
}
