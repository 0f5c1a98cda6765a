/**
 * Calibrated confidence (issue 32 item 4): the one step that turns a rule's heuristic numbers into
 * a probability that the value is right. `runProcessor` applies it to every processor's items, so
 * no processor calibrates on its own.
 *
 * The mapping is a logistic model over a few features of an item and of the other items of its
 * document — the field, the rule's own number (label position, value fit), the OCR word
 * confidence, whether another rule read the same value, how many different values were read for
 * the same field — fitted on half of the project's extraction gold set and stored as data
 * (confidence-calibration.json, written by `npm run eval -- --calibrate`). Items the gold set
 * cannot judge (a field it has no answers for, table cells, AcroForm values, a model's answers)
 * keep their heuristic number and `calibrated: false`. See docs/adr/0531-confidence-calibration.md.
 */
import STORED from './confidence-calibration.json' with { type: 'json' };
import { HELD_CONFIDENCE, holdsInvoiceFields, isInvoiceField } from './document-type.js';
import { confidenceLevel } from './items.js';
import { round4 } from './text-quality.js';
import type { ConfidenceMethod, ExtractedItem } from './types.js';

/** The stored mapping: one bias per field key, shared weights for the numeric features. */
export interface CalibrationModel {
  version: 1;
  /** Methods whose items the model maps (the rules the gold set exercises). */
  methods: string[];
  /** Log-odds bias per field key; a key not listed is left uncalibrated. */
  bias: Record<string, number>;
  weights: Record<FeatureName, number>;
  /** What it was fitted on: written by the fitting command, shown in EVALUATION.md. */
  fitted_on: { documents: number; items: number; gold_version: number; note: string };
}

export const FEATURE_NAMES = ['rule_logit', 'ocr', 'ocr_logit', 'agrees', 'rivals', 'first'] as const;
export type FeatureName = (typeof FEATURE_NAMES)[number];
export type Features = Record<FeatureName, number>;

export const STORED_CALIBRATION = STORED as CalibrationModel;

const logit = (p: number): number => {
  const q = Math.min(0.99, Math.max(0.01, p));
  return Math.log(q / (1 - q));
};
const sigmoid = (z: number): number => 1 / (1 + Math.exp(-z));

/** True when the item holds a present value read by one of the rules. */
function ruleItem(item: ExtractedItem): boolean {
  return item.value_state === 'present' && item.confidence.extraction !== null && RULE_METHODS.includes(item.confidence.method);
}

/** True when the model maps the item: a rule item of a method and key it was fitted on. */
function mappable(item: ExtractedItem, model: CalibrationModel): boolean {
  return ruleItem(item) && model.methods.includes(item.confidence.method) && item.key in model.bias;
}

/** How many other keys read this very value, and how many other values were read for this key. */
function documentContext(items: readonly ExtractedItem[]): (item: ExtractedItem) => { agrees: number; rivals: number } {
  const keysByValue = new Map<string, Set<string>>();
  const valuesByKey = new Map<string, Set<string>>();
  for (const it of items) {
    if (it.value_state !== 'present' || it.value_text === null) continue;
    const keys = keysByValue.get(it.value_text) ?? new Set<string>();
    keys.add(it.key);
    keysByValue.set(it.value_text, keys);
    const values = valuesByKey.get(it.key) ?? new Set<string>();
    values.add(it.value_text);
    valuesByKey.set(it.key, values);
  }
  return (item) => ({
    agrees: Math.max(0, (keysByValue.get(item.value_text ?? '')?.size ?? 1) - 1),
    rivals: Math.max(0, (valuesByKey.get(item.key)?.size ?? 1) - 1),
  });
}

/**
 * The features of each item (null where the model does not apply). The heuristic parts are read
 * from `confidence.extraction` and `confidence.ocr`, which calibration leaves as they were, so a
 * calibrated result can be refitted without running extraction again.
 */
export function itemFeatures(items: readonly ExtractedItem[], model: CalibrationModel | 'every rule item' = STORED_CALIBRATION): Array<Features | null> {
  const context = documentContext(items);
  return items.map((item) => {
    if (model === 'every rule item' ? !ruleItem(item) : !mappable(item, model)) return null;
    const { agrees, rivals } = context(item);
    const ocr = item.confidence.ocr;
    return {
      rule_logit: logit(item.confidence.extraction ?? 0.5),
      ocr: ocr === null ? 0 : 1,
      ocr_logit: ocr === null ? 0 : logit(ocr),
      // Capped: a third agreeing rule or a fourth rival says little more than the ones before.
      agrees: Math.min(agrees, 2),
      rivals: Math.min(rivals, 3),
      first: item.occurrence_index === 0 ? 1 : 0,
    };
  });
}

/**
 * The calibrated probability of one item's features under a model, kept within [0.001, 0.999]:
 * a few hundred gold items cannot tell 0.9995 from certainty, and a rule is never certain (D5).
 */
export function probability(key: string, f: Features, model: CalibrationModel): number {
  let z = model.bias[key] ?? 0;
  for (const name of FEATURE_NAMES) z += (model.weights[name] ?? 0) * f[name];
  return Math.min(0.999, Math.max(0.001, sigmoid(z)));
}

/** The methods a model may map: the rules of the label/value and entity extractors, text and OCR. */
export const RULE_METHODS: ConfidenceMethod[] = ['label_proximity_rule', 'pattern_rule', 'ocr_label_proximity_rule', 'ocr_pattern_rule'];

/**
 * Replaces `overall` (and its level) of every item the model maps with the calibrated probability
 * and marks it `calibrated: true`; `extraction` and `ocr` stay the rule's parts. Returns the same array.
 */
export function calibrateItems(items: ExtractedItem[], model: CalibrationModel = STORED_CALIBRATION): ExtractedItem[] {
  const features = itemFeatures(items, model);
  const holding = holdsInvoiceFields(items);
  items.forEach((item, i) => {
    const f = features[i];
    if (!f) return;
    const p = round4(probability(item.key, f, model));
    // A hold is a ceiling (ADR 0502): an invoice field on a statement or a letter goes to a person,
    // however sure the rule that read it was, so the calibration must not lift it back above review.
    const overall = holding && isInvoiceField(item.key) ? Math.min(p, HELD_CONFIDENCE) : p;
    item.confidence = { ...item.confidence, overall, level: confidenceLevel(overall), calibrated: true };
  });
  return items;
}
