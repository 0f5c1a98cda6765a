/** The built-in (deterministic) check on the gold set: is each sentence flagged? */
import { checkCitations } from '../../src/pipeline/verify/check-citations.js';
import type { GoldSentence } from '../gold/check-stage-kinds.js';

export interface Judged {
  gold: GoldSentence;
  flagged: boolean;
  why: string;
}

export function runBuiltInCheck(gold: readonly GoldSentence[]): Judged[] {
  return gold.map((g) => {
    const report = checkCitations(g.text, g.sources, g.facts);
    return { gold: g, flagged: report.unsupported.length > 0, why: report.unsupported.flatMap((u) => u.missing).join('; ') };
  });
}
