/**
 * Writes eval/gold/check-stage.jsonl, the check stage's labelled gold set (issue 31, item 4):
 * sentences written by the project from the built-in templates' own sources and fields, plus
 * sources and forms it writes itself — never from other projects' files. Deterministic: run
 * `npx tsx eval/gold/generate-check-stage.ts` after changing a world or a sentence, and commit both
 * (formerly held-out batch 2 goes to check-stage-heldout-2.jsonl, held-out batch 3 to
 * check-stage-heldout-3.jsonl).
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
import * as H3 from './heldout-3-sentences.js';
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
 * Formerly held-out batch 2 (heldout-2-sentences.ts): the check was fixed on its misses (ADR 0561),
 * so its sentences are development sentences now (`origin: former-heldout-2`, ids unchanged). They
 * stay in their own file, so that the main set's measures and tests do not move with them.
 */
export function buildHeldOut2Gold(): GoldSentence[] {
  const memo = H2.HELDOUT2_MEMO;
  const dpia = H2.HELDOUT2_DPIA;
  const letter = H2.HELDOUT2_LETTER;
  const former = (g: GoldSentence): GoldSentence => ({ ...g, origin: 'former-heldout-2' });
  return [
    ...toGold('vendor-security-memo', 'heldout-2', H2.HELDOUT2_MEMO_ROWS, [W.MEMO_BASELINE(), W.memoQuestionnaire(memo)], W.memoFacts(memo)),
    ...toGold('gdpr-dpia', 'heldout-2', H2.HELDOUT2_DPIA_ROWS, [W.DPIA_ARTICLES(), W.DPIA_GUIDANCE(), W.dpiaProcessorTerms(dpia)], W.dpiaFacts(dpia)),
    ...toGold('engagement-letter', 'heldout-2', H2.HELDOUT2_LETTER_ROWS, [W.LETTER_CLAUSE_4(), W.letterFeeTerms()], W.letterFacts(letter)),
  ].map(former);
}

/**
 * Held-out batch 3 (heldout-3-sentences.ts), written without reading the check stage's code, in
 * its own forms and its own file: the batch the suite's held-out goals apply to. Empty until
 * written; a template without rows adds nothing.
 */
export function buildHeldOut3Gold(): GoldSentence[] {
  const memo = H3.HELDOUT3_MEMO;
  const dpia = H3.HELDOUT3_DPIA;
  const letter = H3.HELDOUT3_LETTER;
  return [
    ...toGold('vendor-security-memo', 'heldout-3', H3.HELDOUT3_MEMO_ROWS, [W.MEMO_BASELINE(), W.memoQuestionnaire(memo)], W.memoFacts(memo), 'heldout-3'),
    ...toGold(
      'gdpr-dpia',
      'heldout-3',
      H3.HELDOUT3_DPIA_ROWS,
      [W.DPIA_ARTICLES(), W.DPIA_GUIDANCE(), W.dpiaProcessorTerms(dpia)],
      W.dpiaFacts(dpia),
      'heldout-3',
    ),
    ...toGold('engagement-letter', 'heldout-3', H3.HELDOUT3_LETTER_ROWS, [W.LETTER_CLAUSE_4(), W.letterFeeTerms()], W.letterFacts(letter), 'heldout-3'),
  ];
}

export const GOLD_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'check-stage.jsonl');
export const HELDOUT2_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'check-stage-heldout-2.jsonl');
export const HELDOUT3_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'check-stage-heldout-3.jsonl');

/** JSON lines, or an empty file for an empty batch. */
const jsonLines = (gold: readonly GoldSentence[]): string => gold.map((g) => JSON.stringify(g) + '\n').join('');

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const gold = buildCheckStageGold();
  fs.writeFileSync(GOLD_FILE, jsonLines(gold));
  const batch2 = buildHeldOut2Gold();
  fs.writeFileSync(HELDOUT2_FILE, jsonLines(batch2));
  console.log(`formerly held-out batch 2: ${batch2.length} sentences (${batch2.filter((g) => g.flag).length} to flag)`);
  const batch3 = buildHeldOut3Gold();
  fs.writeFileSync(HELDOUT3_FILE, jsonLines(batch3));
  console.log(`held-out batch 3: ${batch3.length} sentences (${batch3.filter((g) => g.flag).length} to flag)`);
  const byCategory = new Map<string, number>();
  for (const g of gold) byCategory.set(g.category, (byCategory.get(g.category) ?? 0) + 1);
  console.log(`${gold.length} sentences (${gold.filter((g) => g.flag).length} to flag):`, Object.fromEntries(byCategory));
}
