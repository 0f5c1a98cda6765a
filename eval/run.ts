/**
 * `npm run eval`: runs the evaluation suites, writes EVALUATION.md, and exits 1 when a goal
 * recorded as met in eval/goals-met.json is missed now (a regression a developer or CI sees).
 * `--accept` records the goals met now; `--suite <name>` runs one suite (and writes no file);
 * `--calibrate` refits extraction's confidence mapping (src/extraction/confidence-calibration.json).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { evaluationMarkdown, formatValue, metNow, regressions } from './report.js';
import { checkStageSuite } from './suites/check-stage.js';
import { extractionSuite } from './suites/extraction.js';
import { modelAssistedSuite } from './suites/model-assisted.js';
import type { Suite, SuiteReport } from './suites/index.js';
import { templatesOfflineSuite } from './suites/templates-offline.js';
import { templatesScriptedSuite } from './suites/templates-scripted.js';

const SUITES: Suite[] = [checkStageSuite, templatesOfflineSuite, templatesScriptedSuite, extractionSuite, modelAssistedSuite];
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const GOALS_FILE = path.join(ROOT, 'eval', 'goals-met.json');

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const only = args.includes('--suite') ? args[args.indexOf('--suite') + 1] : null;
  const started = Date.now();
  const metBefore: string[] = fs.existsSync(GOALS_FILE) ? (JSON.parse(fs.readFileSync(GOALS_FILE, 'utf8')) as string[]) : [];
  const reports: SuiteReport[] = [];
  for (const suite of SUITES.filter((s) => only === null || s.name === only)) {
    console.log(`eval: ${suite.name}…`);
    reports.push(await suite.run(args));
  }
  for (const m of reports.flatMap((r) => r.measures)) console.log(`  ${m.label}: ${formatValue(m)}`);
  // One suite is run while working on it: its notes (examples of what missed) are shown, since no file is written.
  if (only !== null) for (const note of reports.flatMap((r) => r.notes)) console.log(`  note: ${note}`);
  const seconds = (Date.now() - started) / 1000;
  if (only === null) {
    const command = `npm run eval${args.length > 0 ? ` -- ${args.join(' ')}` : ''}`;
    fs.writeFileSync(path.join(ROOT, 'EVALUATION.md'), evaluationMarkdown(reports, { command, date: new Date(), seconds, metBefore }));
  }
  if (args.includes('--accept')) fs.writeFileSync(GOALS_FILE, `${JSON.stringify(metNow(reports), null, 2)}\n`);
  const regressed = regressions(reports, metBefore);
  for (const m of regressed) console.error(`eval: REGRESSED ${m.id}: ${formatValue(m)} misses its goal`);
  console.log(`eval: done in ${seconds.toFixed(1)} s${only === null ? ', EVALUATION.md written' : ''}`);
  return regressed.length > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(2);
  },
);
