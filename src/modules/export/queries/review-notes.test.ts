import { describe, expect, it } from 'vitest';
import { reviewNotesBlock } from './review-notes.js';

const sections = [
  { id: 'a', title: 'Overview', status: 'generated' },
  { id: 'b', title: 'Risks *and* measures', status: 'generated' },
];

describe('reviewNotesBlock', () => {
  it('is null when nothing is flagged', () => {
    expect(reviewNotesBlock(sections, new Map())).toBeNull();
    expect(reviewNotesBlock(sections, new Map([['a', [{ text: '  ', reason: 'blank' }]]]))).toBeNull();
  });

  it("lists each flagged claim under its section's title, its citation markers dropped and its Markdown read literally", () => {
    const block = reviewNotesBlock(
      sections,
      new Map([
        ['b', [{ text: '45% of *the* risks are high [2].', reason: 'Not found in the cited source: 45%' }]],
        ['a', [{ text: 'An assessment is needed in 80% of cases [1].', reason: 'Not found in the cited source: 80%' }]],
      ]),
    );
    expect(block?.heading).toBe('Review notes');
    expect(block?.body.indexOf('Overview')).toBeLessThan(block?.body.indexOf('Risks') ?? -1);
    expect(block?.body).not.toMatch(/\[\d\]/);
    expect(block?.body).toContain('**Risks \\*and\\* measures**');
    expect(block?.body).toContain('- “45% of \\*the\\* risks are high\\.” Unsupported claim: Not found in the cited source: 45%');
  });
});
