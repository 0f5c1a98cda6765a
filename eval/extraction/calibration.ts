/**
 * Calibration of extraction confidence on the gold set (issue 32 item 4): which items the gold set
 * can judge, the split (fit on one half of the documents, score on the other), the fit of the
 * stored mapping (src/extraction/confidence-calibration.json) and its reliability table and
 * expected calibration error. See docs/adr/0531-confidence-calibration.md.
 */
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import prettier from 'prettier';
import {
  type CalibrationModel,
  FEATURE_NAMES,
  type Features,
  RULE_METHODS,
  calibrateItems,
  itemFeatures,
  probability,
} from '../../src/extraction/confidence-calibration.js';
import { confidenceLevel } from '../../src/extraction/items.js';
import type { ExtractedItem } from '../../src/extraction/types.js';
import type { GoldEntry } from '../gold/extraction/generate.js';
import { GOLD_VERSION } from '../gold/extraction/generate.js';
import { SCORED_FIELDS, sameValue } from './score.js';

export const CALIBRATION_FILE = fileURLToPath(new URL('../../src/extraction/confidence-calibration.json', import.meta.url));

/** Entity keys whose value answers one gold field. */
const ENTITY_FIELD: Record<string, string[]> = {
  'entity.iban': ['payment.iban'],
  'entity.vat_id': ['tax.id'],
  'entity.email': ['contact.email'],
  'entity.phone': ['contact.phone'],
  // Every date a gold document prints is its issue or due date.
  'entity.date': ['invoice.date', 'invoice.due_date'],
};

/**
 * Whether an item's value is right, or null when the gold set cannot say: a scored field is right
 * when it equals the document's answer (a total on a form, which has none, is wrong); an entity
 * when it equals the answer of the field it stands for. Amounts (line items are not in the
 * answers), generic labels and other keys are not judged.
 */
export function judgeItem(item: ExtractedItem, answers: GoldEntry['answers']): boolean | null {
  if (item.value_state !== 'present') return null;
  const fields = ENTITY_FIELD[item.key] ?? (SCORED_FIELDS.includes(item.key) || item.key in answers ? [item.key] : null);
  if (!fields) return null;
  return fields.some((f) => answers[f] !== undefined && sameValue(f, answers[f], item));
}

/** Documents 9–16, 25–32, 41–48, 57–64 are held out: every language and most layouts on both sides. */
export function isHeldOut(entry: Pick<GoldEntry, 'id'>): boolean {
  const n = Number(/^gold-(\d+)/.exec(entry.id)?.[1] ?? 0) - 1;
  return Math.floor(n / 8) % 2 === 1;
}

/** One judged item: its key and features, the heuristic and calibrated numbers, and whether it was right. */
export interface Example {
  doc: string;
  key: string;
  features: Features;
  heuristic: number;
  calibrated: number | null;
  right: boolean;
}

/**
 * The judged items of one document's result. Features are computed with a model that maps every
 * rule item (so the fit sees keys the stored model does not map yet).
 */
export function examplesOf(entry: GoldEntry, items: ExtractedItem[]): Example[] {
  const features = itemFeatures(items, 'every rule item');
  const out: Example[] = [];
  items.forEach((item, i) => {
    const f = features[i];
    const right = judgeItem(item, entry.answers);
    if (!f || right === null) return;
    const heuristic = (item.confidence.extraction ?? 1) * (item.confidence.ocr ?? 1);
    out.push({ doc: entry.id, key: item.key, features: f, heuristic, calibrated: item.confidence.calibrated ? item.confidence.overall : null, right });
  });
  return out;
}

/** Keys with fewer judged items than this in the fit half stay uncalibrated. */
const MIN_PER_KEY = 8;

/**
 * L2-regularised logistic regression by Newton's method: a bias per key plus the shared feature
 * weights. A few dozen parameters and a few hundred examples: Newton converges in ~10 steps,
 * deterministically, with no learning rate to tune.
 */
export function fitCalibration(examples: readonly Example[], lambda = 1): CalibrationModel {
  const counts = new Map<string, number>();
  for (const e of examples) counts.set(e.key, (counts.get(e.key) ?? 0) + 1);
  const keys = [...counts]
    .filter(([, n]) => n >= MIN_PER_KEY)
    .map(([k]) => k)
    .sort();
  const used = examples.filter((e) => keys.includes(e.key));
  const dim = keys.length + FEATURE_NAMES.length;
  const row = (e: Example): number[] => [...keys.map((k) => (k === e.key ? 1 : 0)), ...FEATURE_NAMES.map((n) => e.features[n])];
  const X = used.map(row);
  const y = used.map((e) => (e.right ? 1 : 0));
  let w = new Array<number>(dim).fill(0);
  for (let step = 0; step < 50; step++) {
    const grad = w.map((wi) => lambda * wi);
    const hess = Array.from({ length: dim }, (_, i) => Array.from({ length: dim }, (_, j) => (i === j ? lambda : 0)));
    X.forEach((x, n) => {
      const p = 1 / (1 + Math.exp(-x.reduce((s, xi, i) => s + xi * w[i], 0)));
      const r = p * (1 - p);
      for (let i = 0; i < dim; i++) {
        grad[i] += (p - y[n]) * x[i];
        for (let j = 0; j < dim; j++) hess[i][j] += r * x[i] * x[j];
      }
    });
    const delta = solve(hess, grad);
    w = w.map((wi, i) => wi - delta[i]);
    if (Math.max(...delta.map(Math.abs)) < 1e-8) break;
  }
  const r6 = (n: number): number => Math.round(n * 1e6) / 1e6;
  return {
    version: 1,
    methods: [...RULE_METHODS],
    bias: Object.fromEntries(keys.map((k, i) => [k, r6(w[i])])),
    weights: Object.fromEntries(FEATURE_NAMES.map((n, i) => [n, r6(w[keys.length + i])])) as CalibrationModel['weights'],
    fitted_on: {
      documents: new Set(used.map((e) => e.doc)).size,
      items: used.length,
      gold_version: GOLD_VERSION,
      note: 'the fit half of eval/gold/extraction (not the held-out documents); regenerate with `npm run eval -- --calibrate`',
    },
  };
}

/** Gaussian elimination with partial pivoting (the Hessian is symmetric positive definite). */
function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  const m = a.map((r, i) => [...r, b[i]]);
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(m[r][c]) > Math.abs(m[p][c])) p = r;
    [m[c], m[p]] = [m[p], m[c]];
    for (let r = c + 1; r < n; r++) {
      const f = m[r][c] / m[c][c];
      for (let k = c; k <= n; k++) m[r][k] -= f * m[c][k];
    }
  }
  const x = new Array<number>(n).fill(0);
  for (let r = n - 1; r >= 0; r--) {
    let s = m[r][n];
    for (let k = r + 1; k < n; k++) s -= m[r][k] * x[k];
    x[r] = s / m[r][r];
  }
  return x;
}

/** Writes the model as the stored mapping, formatted as the repository's prettier would. */
export async function writeCalibration(model: CalibrationModel, file = CALIBRATION_FILE): Promise<void> {
  const options = (await prettier.resolveConfig(file)) ?? {};
  await writeFile(file, await prettier.format(JSON.stringify(model), { ...options, filepath: file }));
}

/** Applies a model to a run's items again (after a refit), so the report shows the new mapping. */
export function recalibrate(items: ExtractedItem[], model: CalibrationModel): void {
  for (const it of items) {
    if (!it.confidence.calibrated) continue;
    const overall = heuristicOf(it);
    it.confidence = { ...it.confidence, overall, level: confidenceLevel(overall), calibrated: false };
  }
  calibrateItems(items, model);
}

function heuristicOf(it: ExtractedItem): number | null {
  const parts = [it.confidence.extraction, it.confidence.ocr].filter((n): n is number => n !== null);
  return parts.length === 0 ? null : Math.round(parts.reduce((a, b) => a * b, 1) * 1e4) / 1e4;
}

export interface ReliabilityBin {
  from: number;
  to: number;
  count: number;
  confidence: number;
  accuracy: number;
}

/** Ten equal-width bins of predicted probability, and the expected calibration error over them. */
export function reliability(pairs: ReadonlyArray<{ p: number; right: boolean }>): { bins: ReliabilityBin[]; ece: number } {
  const bins: ReliabilityBin[] = [];
  let ece = 0;
  for (let b = 0; b < 10; b++) {
    const from = b / 10;
    const to = (b + 1) / 10;
    const inBin = pairs.filter((x) => (b === 9 ? x.p >= from : x.p >= from && x.p < to));
    if (inBin.length === 0) continue;
    const confidence = inBin.reduce((s, x) => s + x.p, 0) / inBin.length;
    const accuracy = inBin.filter((x) => x.right).length / inBin.length;
    ece += (inBin.length / pairs.length) * Math.abs(accuracy - confidence);
    bins.push({ from, to, count: inBin.length, confidence, accuracy });
  }
  return { bins, ece };
}

/** The calibrated probability of an example under a model (null when the model leaves its key alone). */
export function modelProbability(e: Example, model: CalibrationModel): number | null {
  return e.key in model.bias ? probability(e.key, e.features, model) : null;
}
