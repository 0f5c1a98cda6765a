import { describe, expect, it } from 'vitest';
import { stripCodeFences } from './strip-code-fences.js';

describe('stripCodeFences', () => {
  it('unwraps an answer that is one fenced block', () => {
    expect(stripCodeFences('```markdown\nThe term is 24 months [1].\n```')).toBe('The term is 24 months [1].');
    expect(stripCodeFences('  ```json\n{"a": 1}\n```\n')).toBe('{"a": 1}');
    expect(stripCodeFences('~~~\nplain\n~~~')).toBe('plain');
  });

  it('keeps fences that are part of a longer answer', () => {
    const answer = 'Intro [1].\n\n```\ncode\n```\n\nOutro.';
    expect(stripCodeFences(answer)).toBe(answer);
    const twoBlocks = '```\nA\n```\n\ntext\n\n```\nB\n```';
    expect(stripCodeFences(twoBlocks)).toBe(twoBlocks);
  });

  it('trims an unfenced answer and leaves it otherwise alone', () => {
    expect(stripCodeFences('\n  Hello [2].  \n')).toBe('Hello [2].');
  });
});
