import { describe, expect, it } from 'vitest';
import { findUnstorableText, textProblem } from './text-integrity.js';

describe('text integrity', () => {
  it('accepts ordinary text, emoji (surrogate pairs) and non-strings', () => {
    expect(textProblem('Grüße 👋 — ok')).toBeNull();
    expect(findUnstorableText({ a: ['x', 1, null, true, { b: '🎉' }] }, 'body')).toBeNull();
  });

  it('names NUL and lone surrogates in values and keys, at any depth', () => {
    expect(findUnstorableText({ a: [{ b: 'x\u0000' }] }, 'body')).toBe('body.a[0].b contains a NUL character (\\u0000)');
    expect(findUnstorableText({ a: 'x\ud800' }, 'body')).toBe('body.a is not valid Unicode (a lone surrogate)');
    expect(findUnstorableText({ a: '\udc00x' }, 'body')).toBe('body.a is not valid Unicode (a lone surrogate)');
    expect(findUnstorableText({ 'k\u0000': 'v' }, 'query')).toBe('a key in query contains a NUL character (\\u0000)');
  });

  it('walks a deeply nested body without overflowing the stack', () => {
    let deep: unknown = 'a\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    const problem = findUnstorableText(deep, 'body');
    expect(problem).toMatch(/NUL/);
    expect((problem ?? '').length).toBeLessThan(200);
  });
});
