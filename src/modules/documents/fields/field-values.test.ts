import { describe, expect, it } from 'vitest';
import { DomainValidationError } from '../../../kernel/errors.js';
import { assertFieldValuesFit, fieldValueRefusal } from './field-values.js';

const field = (valueType: string, options: string[] | null = null) => ({ key: 'f', valueType, options });

describe('fieldValueRefusal', () => {
  it.each([
    ['number', 'twelve'],
    ['number', '1,000'],
    ['integer', '2.5'],
    ['date', 'next monday'],
    ['date', '2026-02-30'],
    ['boolean', 'maybe'],
    ['email', 'ada'],
    ['url', 'ftp://example.com'],
  ])('refuses %s %j, naming the field', (valueType, value) => {
    expect(fieldValueRefusal(field(valueType), value)).toMatch(new RegExp(`^field "f" \\(${valueType}\\): `));
  });

  it.each([
    ['number', '-1.5e3'],
    ['integer', ' 42 '],
    ['date', '2024-02-29'],
    ['boolean', 'Yes'],
    ['email', 'ada@example.com'],
    ['url', 'https://example.com/x'],
    ['string', 'anything'],
    ['text', 'anything'],
    ['unknown-type', 'anything'],
  ])('accepts %s %j', (valueType, value) => {
    expect(fieldValueRefusal(field(valueType), value)).toBeNull();
  });

  it('lets an empty or blank value through: missing is readiness business, not a type error', () => {
    for (const valueType of ['number', 'integer', 'date', 'boolean', 'email', 'url', 'enum']) {
      expect(fieldValueRefusal(field(valueType, ['a']), '')).toBeNull();
      expect(fieldValueRefusal(field(valueType, ['a']), '   ')).toBeNull();
    }
  });

  it('names the allowed values of an enum; an enum without options accepts anything', () => {
    expect(fieldValueRefusal(field('enum', ['fixed', 'monthly']), 'weekly')).toBe(
      'field "f" (enum): "weekly" is not one of the allowed values: fixed, monthly',
    );
    expect(fieldValueRefusal(field('enum', ['fixed', 'monthly']), 'monthly')).toBeNull();
    expect(fieldValueRefusal(field('enum', null), 'weekly')).toBeNull();
  });
});

describe('assertFieldValuesFit', () => {
  it('throws one DomainValidationError naming every refused field', () => {
    const values = [
      { field: { key: 'hours', valueType: 'number', options: null }, value: 'twelve' },
      { field: { key: 'client', valueType: 'string', options: null }, value: 'Acme' },
      { field: { key: 'start', valueType: 'date', options: null }, value: 'next monday' },
    ];
    expect(() => assertFieldValuesFit(values)).toThrow(DomainValidationError);
    expect(() => assertFieldValuesFit(values)).toThrow(/field "hours" \(number\).*; field "start" \(date\)/);
    expect(() => assertFieldValuesFit(values.slice(1, 2))).not.toThrow();
  });
});
