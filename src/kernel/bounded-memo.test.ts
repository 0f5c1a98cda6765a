import { describe, expect, it } from 'vitest';
import { boundedMemo } from './bounded-memo.js';

describe('boundedMemo', () => {
  it('computes each key once, also an undefined or null answer', () => {
    const asked: string[] = [];
    const memo = boundedMemo((key: string) => {
      asked.push(key);
      return key === 'none' ? null : key.length;
    }, 10);
    expect([memo('ab'), memo('ab'), memo('none'), memo('none'), memo('abc')]).toEqual([2, 2, null, null, 3]);
    expect(asked).toEqual(['ab', 'none', 'abc']);
  });

  it('keeps the most recently asked keys, the least recently asked going first', () => {
    const asked: string[] = [];
    const memo = boundedMemo((key: string) => {
      asked.push(key);
      return key;
    }, 2);
    memo('a');
    memo('b');
    memo('a'); // a is now the most recent
    memo('c'); // drops b
    memo('a');
    memo('b');
    expect(asked).toEqual(['a', 'b', 'c', 'b']);
  });

  it('never keeps more than its bound, however many keys are asked, and keeps nothing for a key whose answer threw', () => {
    const memo = boundedMemo((key: number) => {
      if (key < 0) throw new Error('negative');
      return key * 2;
    }, 100);
    for (let key = 0; key < 150; key += 1) memo(key);
    expect(memo.size()).toBe(100);
    expect(memo(149)).toBe(298);
    expect(() => memo(-1)).toThrow('negative');
    expect(memo.size()).toBe(100);
  });
});
