import { describe, expect, it } from 'vitest';
import { wordDiff } from './text-diff.js';

describe('wordDiff', () => {
  it('marks the words that changed and keeps the rest, each side rebuilt exactly from its parts', () => {
    const before = 'We act for Contoso GmbH, from 1 December.';
    const after = 'We act for Fabrikam AG, from 1 December.';
    const parts = wordDiff(before, after);
    expect(parts.filter((p) => p.op === 'delete').map((p) => p.text)).toEqual(['Contoso', 'GmbH']);
    expect(parts.filter((p) => p.op === 'insert').map((p) => p.text)).toEqual(['Fabrikam', 'AG']);
    expect(
      parts
        .filter((p) => p.op !== 'insert')
        .map((p) => p.text)
        .join(''),
    ).toBe(before);
    expect(
      parts
        .filter((p) => p.op !== 'delete')
        .map((p) => p.text)
        .join(''),
    ).toBe(after);
  });

  it('gives nothing for the same text, and one insertion or deletion when a side is empty', () => {
    expect(wordDiff('Same.', 'Same.')).toEqual([]);
    expect(wordDiff('', 'New text.')).toEqual([{ op: 'insert', text: 'New text.' }]);
    expect(wordDiff('Old text.', '')).toEqual([{ op: 'delete', text: 'Old text.' }]);
  });

  it('reads two unrelated long texts as one deletion and one insertion', () => {
    const before = Array.from({ length: 3000 }, (_, i) => `a${i}`).join(' ');
    const after = Array.from({ length: 3000 }, (_, i) => `b${i}`).join(' ');
    expect(wordDiff(before, after)).toEqual([
      { op: 'delete', text: before },
      { op: 'insert', text: after },
    ]);
  });
});
