import { describe, expect, it } from 'vitest';
import type { Block } from './document-blocks.js';
import { isSignatureLine, styleSignatureLines } from './signature-lines.js';

const para = (text: string, extra: Partial<Extract<Block, { kind: 'paragraph' }>> = {}): Block => ({
  kind: 'paragraph',
  inlines: [{ kind: 'text', text, marks: {} }],
  ...extra,
});

describe('signature lines', () => {
  it('recognises "Signed for/by …", "on behalf of …" and a blank to sign on', () => {
    for (const text of [
      'Signed for Acme Health: ______________________  Date: 2 November 2026',
      'Signed by J. Smith',
      'For and on behalf of Northwind LLP',
      'Name: ________',
    ]) {
      expect(isSignatureLine(text)).toBe(true);
    }
    for (const text of [
      'The contract was signed last year.',
      'Signature requirements are set out below.',
      'Use a__b',
      'The risk is high. Signed for Acme: ______',
    ])
      expect(isSignatureLine(text)).toBe(false);
  });

  it('styles body paragraphs only: lists, quotes and styled paragraphs keep theirs', () => {
    const blocks = styleSignatureLines([
      para('The residual risk is acceptable.'),
      para('Signed for Acme: ________'),
      para('Signed in a quote', { style: 'Quote', quoteDepth: 1 }),
      para('Signed as a list entry', { list: { reference: 'bullets', level: 0, instance: 1 } }),
    ]);
    expect(blocks.map((b) => (b.kind === 'paragraph' ? (b.style ?? null) : b.kind))).toEqual([null, 'SignatureLine', 'Quote', null]);
  });
});
