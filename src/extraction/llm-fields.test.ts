import { describe, expect, it } from 'vitest';
import { findQuote, llmFieldItems, typedLlmValue } from './processors/llm-fields.js';

describe('llm-fields answer → items (pure)', () => {
  it('finds quotes case-insensitively across re-flowed whitespace, whole words first, in UTF-16 offsets', () => {
    const text = '𝔸 In 2010 we paid 10 EUR to ACME\nCorp.';
    const acme = findQuote(text, 'acme corp');
    expect(acme && text.slice(acme.start, acme.end)).toBe('ACME\nCorp');
    const ten = findQuote(text, '10');
    expect(ten && text.slice(ten.start, ten.end)).toBe('10');
    expect(ten?.start).toBe(text.indexOf(' 10 ') + 1);
    expect(findQuote(text, 'a.b(c')).toBeNull();
    expect(findQuote(text, '   ')).toBeNull();
  });

  it("types the model's strings and refuses what is not of the type", () => {
    expect(typedLlmValue('money', '€1.250,00')).toEqual({ amount: 1250, currency: 'EUR' });
    expect(typedLlmValue('integer', '12')).toBe(12);
    expect(typedLlmValue('integer', '12.5')).toBeUndefined();
    expect(typedLlmValue('date', '2026-02-30')).toBeUndefined();
    expect(typedLlmValue('boolean', 'Yes')).toBe(true);
    expect(typedLlmValue('string', ' as is ')).toBe('as is');
  });

  it('makes absent items for unfilled requirements and unreadable ones for untyped answers, never a confidence number', () => {
    const { items, warnings } = llmFieldItems({
      text: 'Total: lots',
      hints: [
        { key: 'invoice.total', value_type: 'money', label: 'Total' },
        { key: 'po', value_type: 'string', label: null },
      ],
      field_values: { 'invoice.total': 'lots' },
      text_source: 'native',
      emit_absent: true,
    });
    expect(items.map((i) => [i.key, i.value_state, i.value])).toEqual([
      ['invoice.total', 'unreadable', null],
      ['po', 'absent', null],
    ]);
    expect(items[0].provenance.anchors).toEqual([{ kind: 'text_span', start: 7, end: 11, unit: 'utf16' }]);
    expect(items.every((i) => i.confidence.overall === null && i.confidence.method === 'llm')).toBe(true);
    expect(warnings.map((w) => w.code)).toEqual(['value_not_typed']);
  });
});

describe('llm-fields: values a model rewrites as the prompt asks (found by the model-assisted eval)', () => {
  const one = (text: string, key: string, value_type: 'date' | 'money', answer: string) =>
    llmFieldItems({ text, hints: [{ key, value_type, label: null }], field_values: { [key]: answer }, text_source: 'text_layer', emit_absent: false });

  it('anchors an ISO date to the date as the document prints it, in any of its languages', () => {
    const text = 'Factuurnr.: A-1\nDatum: 24 mei 2023\nUiterste betaaldatum: 23.06.2023';
    for (const [answer, printed] of [
      ['2023-05-24', '24 mei 2023'],
      ['2023-06-23', '23.06.2023'],
    ]) {
      const { items, warnings } = one(text, 'invoice.date', 'date', answer);
      expect(items[0]).toMatchObject({ value: answer, raw_text: printed, provenance: { quote: printed } });
      expect(items[0].provenance.anchors).toEqual([
        { kind: 'text_span', start: text.indexOf(printed), end: text.indexOf(printed) + printed.length, unit: 'utf16' },
      ]);
      expect(warnings).toEqual([]);
    }
  });

  it('reads a dotted date day first, as European documents write it', () => {
    expect(typedLlmValue('date', '12.03.2024')).toBe('2024-03-12');
    expect(typedLlmValue('date', '3 août 2014')).toBe('2014-08-03');
  });

  it('anchors an amount written without thousands separators, and takes the currency printed beside it', () => {
    const text = 'Subtotal: 1,271.60 INR\nTotal due: INR 1,525.92';
    const sub = one(text, 'invoice.subtotal', 'money', '1271.60');
    expect(sub.items[0]).toMatchObject({ value: { amount: 1271.6, currency: 'INR' }, provenance: { quote: '1,271.60 INR' } });
    const total = one(text, 'invoice.total', 'money', '1,525.92');
    expect(total.items[0]).toMatchObject({ value: { amount: 1525.92, currency: 'INR' }, provenance: { quote: 'INR 1,525.92' } });
    expect([...sub.warnings, ...total.warnings]).toEqual([]);
  });
});
