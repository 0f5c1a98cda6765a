/**
 * Writes eval/gold/check-stage.jsonl, the check stage's labelled gold set (issue 31, item 4):
 * sentences written by the project from the built-in templates' own sources and fields, plus
 * sources and forms it writes itself — never from other projects' files. Deterministic: run
 * `npx tsx eval/gold/generate-check-stage.ts` after changing a world or a sentence, and commit both
 * (held-out batch 2 goes to check-stage-heldout-2.jsonl).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { GoldSentence } from './check-stage-kinds.js';
import { DPIA_LAW_ROWS, dpiaRows } from './dpia-sentences.js';
import { LETTER_TERMS_ROWS, letterRows } from './letter-sentences.js';
import { MEMO_BASELINE_ROWS, type Row, memoRows } from './memo-sentences.js';
import * as H from './former-heldout-sentences.js';
import * as H2 from './heldout-2-sentences.js';
import * as W from './worlds.js';

type Facts = GoldSentence['facts'];

function toGold(template: string, world: string, rows: Row[], sources: W.Source[], facts: Facts, split: GoldSentence['split'] = 'dev'): GoldSentence[] {
  return rows.map(([category, flag, text], i) => ({
    id: `${template}/${world}/${String(i + 1).padStart(2, '0')}`,
    split,
    template,
    category,
    flag,
    text,
    sources,
    facts,
  }));
}

export function buildCheckStageGold(): GoldSentence[] {
  const out: GoldSentence[] = [];
  const memo0 = W.MEMO_WORLDS[0];
  out.push(...toGold('vendor-security-memo', 'baseline', MEMO_BASELINE_ROWS, [W.MEMO_BASELINE(), W.memoQuestionnaire(memo0)], W.memoFacts(memo0)));
  W.MEMO_WORLDS.forEach((w, i) => {
    out.push(...toGold('vendor-security-memo', `vendor-${i + 1}`, memoRows(w), [W.MEMO_BASELINE(), W.memoQuestionnaire(w)], W.memoFacts(w)));
  });
  const dpia0 = W.DPIA_WORLDS[0];
  const dpiaSources = (w: W.DpiaWorld) => [W.DPIA_ARTICLES(), W.DPIA_GUIDANCE(), W.dpiaProcessorTerms(w)];
  out.push(...toGold('gdpr-dpia', 'law', DPIA_LAW_ROWS, dpiaSources(dpia0), W.dpiaFacts(dpia0)));
  W.DPIA_WORLDS.forEach((w, i) => out.push(...toGold('gdpr-dpia', `processing-${i + 1}`, dpiaRows(w), dpiaSources(w), W.dpiaFacts(w))));
  const letter0 = W.LETTER_WORLDS[0];
  const letterSources = [W.LETTER_CLAUSE_4(), W.letterFeeTerms()];
  out.push(...toGold('engagement-letter', 'terms', LETTER_TERMS_ROWS, letterSources, W.letterFacts(letter0)));
  W.LETTER_WORLDS.forEach((w, i) => out.push(...toGold('engagement-letter', `client-${i + 1}`, letterRows(w), letterSources, W.letterFacts(w))));
  out.push(...formerHeldOut());
  return out;
}

/**
 * The formerly held-out sentences (former-heldout-sentences.ts), in their own forms: development
 * sentences now, marked with their origin. Their ids keep the world name `heldout`, so that
 * earlier reports still name the same sentences.
 */
function formerHeldOut(): GoldSentence[] {
  const memo = H.HELDOUT_MEMO;
  const dpia = H.HELDOUT_DPIA;
  const letter = H.HELDOUT_LETTER;
  const former = (g: GoldSentence): GoldSentence => ({ ...g, origin: 'former-heldout' });
  return [
    ...toGold('vendor-security-memo', 'heldout', H.HELDOUT_MEMO_ROWS, [W.MEMO_BASELINE(), W.memoQuestionnaire(memo)], W.memoFacts(memo)),
    ...toGold('gdpr-dpia', 'heldout', H.HELDOUT_DPIA_ROWS, [W.DPIA_ARTICLES(), W.DPIA_GUIDANCE(), W.dpiaProcessorTerms(dpia)], W.dpiaFacts(dpia)),
    ...toGold('engagement-letter', 'heldout', H.HELDOUT_LETTER_ROWS, [W.LETTER_CLAUSE_4(), W.letterFeeTerms()], W.letterFacts(letter)),
  ].map(former);
}

/**
 * Held-out batch 2 (heldout-2-sentences.ts), in its own forms and its own file, so it is reported
 * apart and no measure of the main set (nor a test of it) moves with it.
 */
export function buildHeldOut2Gold(): GoldSentence[] {
  const memo = H2.HELDOUT2_MEMO;
  const dpia = H2.HELDOUT2_DPIA;
  const letter = H2.HELDOUT2_LETTER;
  return [
    ...toGold('vendor-security-memo', 'heldout-2', H2.HELDOUT2_MEMO_ROWS, [W.MEMO_BASELINE(), W.memoQuestionnaire(memo)], W.memoFacts(memo), 'heldout-2'),
    ...toGold(
      'gdpr-dpia',
      'heldout-2',
      H2.HELDOUT2_DPIA_ROWS,
      [W.DPIA_ARTICLES(), W.DPIA_GUIDANCE(), W.dpiaProcessorTerms(dpia)],
      W.dpiaFacts(dpia),
      'heldout-2',
    ),
    ...toGold('engagement-letter', 'heldout-2', H2.HELDOUT2_LETTER_ROWS, [W.LETTER_CLAUSE_4(), W.letterFeeTerms()], W.letterFacts(letter), 'heldout-2'),
  ];
}

export const GOLD_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'check-stage.jsonl');
export const HELDOUT2_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'check-stage-heldout-2.jsonl');

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const gold = buildCheckStageGold();
  fs.writeFileSync(GOLD_FILE, gold.map((g) => JSON.stringify(g)).join('\n') + '\n');
  const batch2 = buildHeldOut2Gold();
  fs.writeFileSync(HELDOUT2_FILE, batch2.map((g) => JSON.stringify(g)).join('\n') + '\n');
  console.log(`held-out batch 2: ${batch2.length} sentences (${batch2.filter((g) => g.flag).length} to flag)`);
  const byCategory = new Map<string, number>();
  for (const g of gold) byCategory.set(g.category, (byCategory.get(g.category) ?? 0) + 1);
  console.log(`${gold.length} sentences (${gold.filter((g) => g.flag).length} to flag):`, Object.fromEntries(byCategory));
}
