import { describe, expect, it } from 'vitest';
import { type CalibrationModel, calibrateItems } from './confidence-calibration.js';
import { makeConfidence, makeItem } from './items.js';
import { runProcessor } from './processor-catalog.js';
import { makeEuropeanInvoicePdf } from './test-support/european-invoices.js';
import type { ExtractedItem } from './types.js';

const money = (amount: number) => ({ amount, currency: 'EUR' });

function item(
  key: string,
  value: { amount: number; currency: string } | string,
  extraction: number,
  method: 'label_proximity_rule' | 'pattern_rule' = 'label_proximity_rule',
): ExtractedItem {
  return makeItem({
    key,
    label: key,
    value_type: typeof value === 'string' ? 'string' : 'money',
    value,
    raw_text: JSON.stringify(value),
    text_source: 'text_layer',
    anchors: [],
    confidence: makeConfidence(method, extraction),
  });
}

/** A hand-made mapping: agreement with another rule counts for, rival values against. */
const MODEL: CalibrationModel = {
  version: 1,
  methods: ['label_proximity_rule', 'pattern_rule'],
  bias: { 'invoice.total': 0, 'entity.money': -1 },
  weights: { rule_logit: 1, ocr: 0, ocr_logit: 0, agrees: 2, rivals: -1, first: 0 },
  fitted_on: { documents: 0, items: 0, gold_version: 0, note: 'test' },
};

describe('calibrated confidence', () => {
  it("gives a text PDF's fields a calibrated probability and keeps the rule's own number beside it", async () => {
    const r = await runProcessor('prc_generic_fields', { bytes: await makeEuropeanInvoicePdf('de'), kind: 'pdf', filename: 'rechnung.pdf' });
    const total = r.items.find((i) => i.key === 'invoice.total');
    expect(total?.value).toEqual({ amount: 1234.57, currency: 'EUR' });
    expect(total?.confidence.calibrated).toBe(true);
    expect(total?.confidence.overall).toBeGreaterThan(0);
    expect(total?.confidence.overall).toBeLessThan(1);
    expect(total?.confidence.extraction).toBeGreaterThan(0.5);
  });

  it('leaves what the gold set cannot judge as the processor made it (table cells)', async () => {
    const r = await runProcessor('prc_table_rows', { bytes: Buffer.from('name,amount\nwidget,3\n'), kind: 'csv', filename: 't.csv' });
    expect(r.items.length).toBeGreaterThan(0);
    expect(r.items.map((i) => i.confidence.calibrated)).toEqual(r.items.map(() => false));
  });

  it('keeps an invoice field on a document that is not an invoice held below review, whatever the mapping says', () => {
    const type = makeItem({
      key: 'document.type',
      label: 'Document type',
      value_type: 'enum',
      value: 'statement',
      value_state: 'inferred',
      raw_text: null,
      text_source: 'text_layer',
      anchors: [],
      confidence: makeConfidence('pattern_rule', 0.9),
    });
    const [total] = calibrateItems([item('invoice.total', money(110), 0.5), item('entity.money', money(110), 0.85, 'pattern_rule'), type], MODEL);
    expect(total.confidence.calibrated).toBe(true);
    expect(total.confidence.overall).toBe(0.5);
  });

  it('a total another rule read the same way is more likely right than one read alone', () => {
    const alone = calibrateItems([item('invoice.total', money(110), 0.8)], MODEL);
    const agreed = calibrateItems([item('invoice.total', money(110), 0.8), item('entity.money', money(110), 0.85, 'pattern_rule')], MODEL);
    expect(alone[0].confidence.calibrated && agreed[0].confidence.calibrated).toBe(true);
    expect(agreed[0].confidence.overall).toBeGreaterThan(alone[0].confidence.overall ?? 1);
    // The level follows the calibrated number; the rule's part does not move.
    expect(agreed[0].confidence.extraction).toBe(0.8);
  });

  it('a page with several different totals makes each of them less likely right', () => {
    const one = calibrateItems([item('invoice.total', money(110), 0.8)], MODEL);
    const three = calibrateItems([item('invoice.total', money(110), 0.8), item('invoice.total', money(95), 0.8), item('invoice.total', money(12), 0.8)], MODEL);
    expect(three[0].confidence.overall).toBeLessThan(one[0].confidence.overall ?? 0);
    expect(three[0].confidence.level).toBe('low');
  });

  it('keeps a key the mapping was not fitted on uncalibrated, with its heuristic number', () => {
    const [vendor] = calibrateItems([item('vendor.name', 'Contoso Ltd', 0.85)], MODEL);
    expect(vendor.confidence).toMatchObject({ overall: 0.85, calibrated: false });
  });
});
