/** The judge's prompt carries the document's stated facts, so a value from the form needs no source. */
import { describe, expect, it } from 'vitest';
import { buildJudgeClaimsPrompt } from './judge-claims.js';

describe('the judge prompt', () => {
  it('lists the stated facts after the cited sources and tells the judge what they are for', () => {
    const prompt = buildJudgeClaimsPrompt({
      claims: [{ sentence: 'The last test, on 1 March 2024, is too old.', citations: [1] }],
      sources: [
        { n: 1, text: 'Tests every 12 months.' },
        { n: 2, text: 'Not cited.' },
      ],
      facts: [{ label: 'Date of the last penetration test', value: '1 March 2024' }],
      models: {},
    });
    expect(prompt.user).toBe(
      'Claims:\n1. The last test, on 1 March 2024, is too old.\n   cites: [1]\n\nSources:\n\n[1]\nTests every 12 months.\n\nStated facts:\n- Date of the last penetration test: 1 March 2024',
    );
    expect(prompt.system).toContain('a number, date, name or value taken from them needs no source');
  });

  it('says so when there are no stated facts', () => {
    const prompt = buildJudgeClaimsPrompt({ claims: [{ sentence: 'A.', citations: [1] }], sources: [{ n: 1, text: 'A.' }], models: {} });
    expect(prompt.user.endsWith('Stated facts:\n(none)')).toBe(true);
  });
});
