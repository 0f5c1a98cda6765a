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
