import { describe, expect, it } from 'vitest';
import { anchorClaim, findClaimSpan, wrapRange } from './comments.js';
import type { Block, Inline } from './document-blocks.js';

const t = (text: string, bold = false): Inline => ({ kind: 'text', text, marks: bold ? { bold } : {} });

function render(inlines: Inline[]): string {
  return inlines
    .map((i) => (i.kind === 'text' ? i.text : i.kind === 'commentStart' ? '{' : i.kind === 'commentEnd' ? '}' : i.kind === 'note' ? '^' : '/'))
    .join('');
}

describe('findClaimSpan', () => {
  it('finds exact text, then ignores case, spacing, curly quotes and citation markers', () => {
    expect(findClaimSpan('We said it.', 'said')).toEqual([3, 7]);
    expect(findClaimSpan('The  Board’s view\nis final.', "the board's view is final")).toEqual([0, 26]);
    expect(findClaimSpan('Sales grew 10%. Costs fell.', 'Sales grew 10% [2].')).toEqual([0, 15]);
    expect(findClaimSpan('Nothing here', 'absent')).toBeNull();
  });
});

describe('wrapRange', () => {
  it('splits runs at the claim boundaries and keeps formatting', () => {
    const inlines = [t('Alpha '), t('beta gamma', true), { kind: 'note', noteId: 1, part: 'footnote', repeat: false } as Inline, t(' delta')];
    wrapRange(inlines, 3, 10, 7);
    expect(render(inlines)).toBe('Alp{ha beta} gamma^ delta');
    expect(inlines.find((i) => i.kind === 'text' && i.text === 'beta')).toMatchObject({ marks: { bold: true } });
  });

  it('wraps a claim that ends with the paragraph', () => {
    const inlines = [t('one two')];
    wrapRange(inlines, 4, 7, 0);
    expect(render(inlines)).toBe('one {two}');
  });
});

describe('anchorClaim', () => {
  it('anchors in a table cell when that is where the claim is', () => {
    const blocks: Block[] = [
      { kind: 'paragraph', inlines: [t('intro')] },
      { kind: 'table', header: [{ inlines: [t('h')] }], rows: [[{ inlines: [t('the claim text')] }]], align: [null] },
    ];
    const heading = [t('Heading')];
    expect(anchorClaim(blocks, heading, 'claim text', 0)).toBe('claim');
    expect(heading).toHaveLength(1);
  });

  it('falls back to the heading', () => {
    const heading = [t('Heading')];
    expect(anchorClaim([], heading, 'missing', 3)).toBe('heading');
    expect(render(heading)).toBe('{Heading}');
  });
});
