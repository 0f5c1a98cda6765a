import { describe, expect, it } from 'vitest';
import { hashOf, hashOncePerValue, sameValue } from './inputs-hash.js';

describe('hashOncePerValue', () => {
  const long = 'x'.repeat(200);
  const values: unknown[] = [null, undefined, 0, 'short', long, [1, { b: 2, a: 1 }], { a: 1, b: [long] }];

  it('hashes every kind of value as hashOf does, the first time and when asked again', () => {
    const hash = hashOncePerValue();
    for (const value of values) {
      expect(hash(value)).toBe(hashOf(value));
      expect(hash(value)).toBe(hashOf(value));
    }
  });

  it('keeps an object’s hash for the computation it belongs to: a new one sees a changed object', () => {
    const value: Record<string, unknown> = { a: 1 };
    const first = hashOncePerValue();
    const before = first(value);
    value.a = 2;
    expect(first(value)).toBe(before); // the contract: values do not change while one hasher is in use
    expect(hashOncePerValue()(value)).toBe(hashOf({ a: 2 }));
    expect(hashOf({ a: 2 })).not.toBe(before);
  });
});

describe('sameValue', () => {
  it('compares as the hashes do: key order and undefined members do not count', () => {
    expect(sameValue({ a: 1, b: undefined, c: [1, 2] }, { c: [1, 2], a: 1 })).toBe(true);
    expect(sameValue({ a: 1 }, { a: '1' })).toBe(false);
    expect(sameValue(null, undefined)).toBe(true);
    expect(sameValue([1, 2], [2, 1])).toBe(false);
  });
});
