import { describe, expect, it } from 'vitest';
import { improvePrompt } from './improve-prompt.js';

describe('improvePrompt', () => {
  it('keeps the intent and makes the checklist explicit', () => {
    const out = improvePrompt('Summarize the key risks for the board in a short bullet list.', 'Information security');
    expect(out.startsWith('Topic: Information security\nTask: Summarize the key risks for the board in a short bullet list.\n')).toBe(true);
    expect(out).toContain('- Audience: board (as stated in the task).');
    expect(out).toMatch(/- Sources: .*\[n\] right after each sentence/);
    expect(out).toContain('- Output: a Markdown bullet list; length short');
    expect(out).toContain('- Tone: neutral');
    expect(out).toContain('- Missing information:');
  });

  it('handles a blank-ish topic and prompt', () => {
    const out = improvePrompt('Describe the scope.', '   ');
    expect(out).not.toContain('Topic:');
    expect(out.startsWith('Task: Describe the scope.')).toBe(true);
    const empty = improvePrompt('  ', null);
    expect(empty.startsWith('Task: Write this section.')).toBe(true);
    expect(improvePrompt('', 'Budget')).toContain('Task: Write this section about Budget.');
  });

  it('mentions citations and the output type', () => {
    expect(improvePrompt('Give the figures as a table of 5 rows.', null)).toContain(
      '- Output: a Markdown (GFM) table with a header row; length 5 rows, as requested.',
    );
    expect(improvePrompt('Return JSON.', null)).toContain('a JSON object');
    expect(improvePrompt('Explain.', null)).toContain('[n]');
  });

  it('is idempotent', () => {
    for (const [p, t] of [
      ['Summarize the audit for executives, formal tone.', 'Audit'],
      ['', null],
      ['List open items', '  '],
    ] as const) {
      const once = improvePrompt(p, t);
      expect(improvePrompt(once, t)).toBe(once);
      expect(improvePrompt(once, null)).toBe(once);
      expect(once.match(/Checklist:/g)).toHaveLength(1);
    }
  });
});
