import { describe, expect, it } from 'vitest';
import { DomainValidationError } from '../kernel/errors.js';
import { evaluateExpression } from './evaluate-expression.js';

describe('evaluateExpression', () => {
  it('returns numbers as numbers', () => {
    expect(evaluateExpression('gathered.revenue * 1.2', { gathered: { revenue: 100 } })).toBeCloseTo(120);
    expect(evaluateExpression('a + b', { a: 2, b: 3 })).toBe(5);
    expect(evaluateExpression('items|sum(attribute="n")', { items: [{ n: 1 }, { n: 2.5 }] })).toBe(3.5);
  });

  it('returns text, booleans, none, arrays and plain objects', () => {
    expect(evaluateExpression('fields.name|upper', { fields: { name: 'ann' } })).toBe('ANN');
    expect(evaluateExpression('x > 1 and x < 3', { x: 2 })).toBe(true);
    expect(evaluateExpression('none', {})).toBeNull();
    expect(evaluateExpression('[1, "a", [2]]', {})).toEqual([1, 'a', [2]]);
    const value = evaluateExpression('{"a": 1, "b": {"c": [x]}}', { x: 'y' });
    expect(value).toEqual({ a: 1, b: { c: ['y'] } });
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(evaluateExpression('items|map(attribute="n")|list', { items: [{ n: 1 }, { n: 2 }] })).toEqual([1, 2]);
  });

  it('returns undefined for missing variables', () => {
    expect(evaluateExpression('missing', {})).toBeUndefined();
    expect(evaluateExpression('a.b.c', { a: {} })).toBeUndefined();
  });

  it('throws DomainValidationError on syntax errors', () => {
    expect(() => evaluateExpression('a +', {})).toThrow(DomainValidationError);
    expect(() => evaluateExpression('', {})).toThrow(DomainValidationError);
    expect(() => evaluateExpression('a }}{% for x in y %}{% endfor %}{{ b', {})).toThrow(/exactly one expression/);
    expect(() => evaluateExpression('a }} text {{ b', {})).toThrow(DomainValidationError);
  });

  it('throws DomainValidationError when evaluation fails', () => {
    expect(() => evaluateExpression('a * 2', {})).toThrow(DomainValidationError);
    expect(() => evaluateExpression('"x"|round', {})).toThrow(/round: expected a number/);
  });
});
