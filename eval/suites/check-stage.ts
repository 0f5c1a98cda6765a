/** The check stage's suite: precision and recall of "flagged" on the gold set, built-in and judge path. */
import fs from 'node:fs';
import type { GoldSentence } from '../gold/check-stage-kinds.js';
import { GOLD_FILE, HELDOUT2_FILE, HELDOUT3_FILE } from '../gold/generate-check-stage.js';
import { confusion } from '../metrics.js';
import { type Judged, runBuiltInCheck } from './check-stage-builtin.js';
import { runJudgePath } from './check-stage-judge.js';
import type { Measure, Suite, SuiteReport } from './index.js';

/** The gold sentences of a JSON-lines file; none when the file is not there (a batch not yet written). */
export function readGold(file = GOLD_FILE): GoldSentence[] {
  if (file !== GOLD_FILE && !fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as GoldSentence);
}

/** Precision and recall measures of one flagger, with the goals (≥ 0.9 each). */
export function flaggerMeasures(id: string, label: string, judged: readonly Judged[], withGoal = true): Measure[] {
  const c = confusion(judged.map((j) => ({ expected: j.gold.flag, flagged: j.flagged })));
  const goal = withGoal ? { goal: { op: '>=' as const, target: 0.9 } } : {};
  return [
    { id: `${id}.precision`, label: `${label}: precision of "flagged"`, value: c.precision, format: 'ratio', ...goal },
    { id: `${id}.recall`, label: `${label}: recall of "flagged"`, value: c.recall, format: 'ratio', ...goal },
  ];
}

/** A per-category line and the sentences a flagger got wrong (what to look at next). */
function details(label: string, judged: readonly Judged[]): string[] {
  const categories = [...new Set(judged.map((j) => j.gold.category))];
  const perCategory = categories.map((cat) => {
    const of = judged.filter((j) => j.gold.category === cat);
    return `${cat} ${of.filter((j) => j.flagged === j.gold.flag).length}/${of.length}`;
  });
  const wrong = judged.filter((j) => j.flagged !== j.gold.flag).map((j) => `  - ${j.gold.flag ? 'missed' : 'false flag'} \`${j.gold.id}\`: ${j.gold.text}`);
  return [`${label}, right per category: ${perCategory.join(', ')}.`, ...(wrong.length > 0 ? [`${label} got wrong:`, ...wrong] : [])];
}

const heldOut = (j: Judged) => j.gold.split === 'heldout';
const formerHeldOut = (j: Judged) => j.gold.origin === 'former-heldout';

export const checkStageSuite: Suite = {
  name: 'check-stage',
  async run(): Promise<SuiteReport> {
    const gold = readGold();
    const builtIn = runBuiltInCheck(gold);
    const judgeOnly = await runJudgePath(gold, 'model');
    const auto = await runJudgePath(gold, 'auto');
    const flags = gold.filter((g) => g.flag).length;
    // Formerly held-out batch 2 (ADR 0561: the check was fixed on it) and held-out batch 3 are
    // checked apart (their own files): reported, never part of the measures of the main set.
    const batch2 = readGold(HELDOUT2_FILE);
    const builtIn2 = runBuiltInCheck(batch2);
    const auto2 = await runJudgePath(batch2, 'auto');
    const batch3 = readGold(HELDOUT3_FILE);
    const builtIn3 = runBuiltInCheck(batch3);
    const auto3 = batch3.length === 0 ? null : await runJudgePath(batch3, 'auto');
    const heldOutCount = gold.filter((g) => g.split === 'heldout').length;
    const formerCount = gold.filter((g) => g.origin === 'former-heldout').length;
    // Held-out measures only with held-out sentences: a share of nothing is no estimate.
    const heldOutMeasures =
      heldOutCount === 0
        ? []
        : [
            ...flaggerMeasures('check.builtin.heldout', 'Built-in check, held-out sentences only', builtIn.filter(heldOut)),
            ...flaggerMeasures('check.auto.heldout', '`auto`, held-out sentences only', auto.judged.filter(heldOut)),
          ];
    // The goals (≥ 0.9) apply to the batch no one has changed the check on: batch 3.
    const batch3Measures =
      auto3 === null
        ? []
        : [
            ...flaggerMeasures('check.builtin.heldout3', 'Built-in check, held-out (batch 3)', builtIn3),
            ...flaggerMeasures('check.auto.heldout3', '`auto`, held-out (batch 3)', auto3.judged),
          ];
    return {
      title: 'Check stage (issue 31, item 4)',
      measures: [
        ...flaggerMeasures('check.builtin', 'Built-in check', builtIn),
        // No goal on the judge alone: its recall is the scripted judge's literalness (it reads no topic), not a model's.
        ...flaggerMeasures('check.judge', 'Judge path, judge alone (`model`; scripted literal judge, no goal)', judgeOnly.judged, false),
        ...flaggerMeasures('check.auto', 'Judge path with the built-in check (`auto`, the default)', auto.judged),
        ...heldOutMeasures,
        ...batch3Measures,
        // No goal: batch 2 was held out until the check's fixes of ADR 0561 were made on its misses.
        ...flaggerMeasures('check.builtin.formerHeldout2', 'Built-in check, formerly held-out batch 2 (now development, no goal)', builtIn2, false),
        ...flaggerMeasures('check.auto.formerHeldout2', '`auto`, formerly held-out batch 2 (now development, no goal)', auto2.judged, false),
        // No goal: these were held out until the check was fixed on them (ADR 0491); kept apart to show they were.
        ...flaggerMeasures(
          'check.builtin.formerHeldout',
          'Built-in check, formerly held-out sentences (now development, no goal)',
          builtIn.filter(formerHeldOut),
          false,
        ),
      ],
      notes: [
        `Gold set: \`eval/gold/check-stage.jsonl\`, ${gold.length} sentences (${flags} to flag), written by \`eval/gold/generate-check-stage.ts\` from the built-in templates' sources and fields plus sources and forms the project wrote.`,
        heldOutCount > 0
          ? `${heldOutCount} of them are held out: written without seeing the check's code and never used to change it. The others were written by the same people who fixed the check, so their numbers are an upper bound; the held-out ones are the fairer estimate.`
          : `None of them is held out now: every sentence was written or read by the people who fixed the check, so these numbers are an upper bound; ${batch3.length > 0 ? 'held-out batch 3 (below) is the fairer estimate' : 'no held-out batch is there to give a fairer estimate'}.`,
        `${formerCount} were held out until the check's fixes of ADR 0491 were made on them (\`eval/gold/former-heldout-sentences.ts\`, \`origin: former-heldout\`); before those fixes the built-in check's recall on them was 0.769.`,
        `The judge path runs the verify stage with the live gateway against a scripted judge on the real chat-completions protocol (\`eval/support/scripted-judge.ts\`: a literal reader of the prompt, which answers every 7th request first with fenced JSON and a trailing comma and every 11th first with prose); ${judgeOnly.requests} requests for ${gold.length} claims, so ${judgeOnly.requests - gold.length} retries.`,
        ...details('Built-in check', builtIn),
        ...details('Judge alone', judgeOnly.judged),
        ...details('`auto`', auto.judged),
        batch3.length > 0
          ? `Held-out (batch 3): ${batch3.length} more sentences (${batch3.filter((g) => g.flag).length} to flag) in \`eval/gold/check-stage-heldout-3.jsonl\`, from \`eval/gold/heldout-3-sentences.ts\`: new forms, written without reading the check stage's code and never run through it to change it; not part of the measures of the main set.`
          : 'Held-out (batch 3): no held-out batch — `eval/gold/heldout-3-sentences.ts` has no sentences yet, so there is no held-out measure (and no goal on an empty set).',
        ...(batch3.length > 0 ? details('Built-in check, held-out (batch 3)', builtIn3) : []),
        ...(auto3 !== null ? details('`auto`, held-out (batch 3)', auto3.judged) : []),
        `Formerly held-out batch 2: ${batch2.length} sentences (${batch2.filter((g) => g.flag).length} to flag) in \`eval/gold/check-stage-heldout-2.jsonl\` (\`origin: former-heldout-2\`), development since the check was fixed on its misses (ADR 0561); before those fixes the built-in check's recall on them was 0.714.`,
        ...details('Built-in check, formerly held-out batch 2', builtIn2),
        ...details('`auto`, formerly held-out batch 2', auto2.judged),
      ],
    };
  },
};
