import { describe, expect, it } from 'vitest';
import { makeItem, makeConfidence } from '../../src/extraction/items.js';
import type { ExtractedItem, JsonValue, ValueType } from '../../src/extraction/types.js';
import { boxHoldsText, parseBboxHtml, scoreDocument } from '../../eval/extraction/score.js';
import { rates } from '../../eval/extraction/suite.js';

function item(key: string, value_type: ValueType, value: JsonValue, raw: string, confidence = 0.8, box = { x: 0.5, y: 0.5, w: 0.2, h: 0.02 }): ExtractedItem {
  return makeItem({
    key,
    label: key,
    value_type,
    value,
    raw_text: raw,
    quote: raw,
    text_source: 'text_layer',
    anchors: [{ kind: 'page_region', page_number: 1, page_size: { width: 600, height: 800, unit: 'pt' }, boxes: [box], coord_origin: 'top_left' }],
    confidence: makeConfidence('label_proximity_rule', confidence),
  });
}

describe('extraction scoring', () => {
  it('takes the most confident item per field, compares typed values, and counts a field the gold set lacks against precision', () => {
    const items = [
      item('invoice.total', 'money', { amount: 10, currency: 'EUR' }, '10,00 €', 0.6),
      item('invoice.total', 'money', { amount: 1234.56, currency: 'EUR' }, '1.234,56 €', 0.9),
      item('contact.phone', 'phone', '+493012345678', '+49 30 1234 5678'),
      item('invoice.date', 'date', '2024-03-13', '13.03.2024'),
      item('payment.iban', 'string', 'DE89370400440532013000', 'DE89 3704 0044 0532 0130 00'),
    ];
    const outcomes = scoreDocument(items, {
      'invoice.total': { amount: 1234.56, currency: 'EUR' },
      'contact.phone': '+493012345678',
      'invoice.date': '2024-03-12',
      'tax.id': 'DE136695976',
    });
    const right = Object.fromEntries(outcomes.filter((o) => o.gold !== null || o.predicted).map((o) => [o.field, o.correct]));
    expect(right).toEqual({ 'invoice.total': true, 'contact.phone': true, 'invoice.date': false, 'tax.id': false, 'payment.iban': false });
    expect(rates(outcomes)).toMatchObject({ predicted: 4, gold: 4, correct: 2, precision: 0.5, recall: 0.5 });
  });

  it("checks a value's page box against the words poppler finds inside it", () => {
    const html =
      '<page width="600.000000" height="800.000000"><word xMin="300.0" yMin="400.0" xMax="340.0" yMax="410.0">1.234,56</word>' +
      '<word xMin="342.0" yMin="400.0" xMax="350.0" yMax="410.0">€</word><word xMin="10.0" yMin="10.0" xMax="50.0" yMax="20.0">Total</word></page>';
    const { words, sizes } = parseBboxHtml(html);
    expect(words.map((w) => w.text)).toEqual(['1.234,56', '€', 'Total']);
    expect(boxHoldsText(item('invoice.total', 'money', null, '1.234,56 €'), words, sizes)).toBe(true);
    const elsewhere = item('invoice.total', 'money', null, '1.234,56 €', 0.8, { x: 0, y: 0, w: 0.1, h: 0.03 });
    expect(boxHoldsText(elsewhere, words, sizes)).toBe(false);
  });
});
