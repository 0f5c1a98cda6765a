import { describe, expect, it } from 'vitest';
import { sectionIntent } from './section-intent.js';

describe('sectionIntent', () => {
  it("reads the intent from the title first, then from the prompt's first cue", () => {
    const cases: Array<[string, string | null, string]> = [
      ['Findings', 'Compare the vendor against the security baseline and describe each gap.', 'findings'],
      ['Recommendation', 'Recommend approve, approve with conditions, or reject.', 'recommendation'],
      ['Measures to address the risks', 'List the measures that address each risk.', 'recommendation'],
      ['Risks to the rights and freedoms of data subjects', 'Identify the risks to data subjects.', 'findings'],
      ['Executive summary', null, 'summary'],
      ['Conclusion and sign-off', null, 'conclusion'],
      ['Necessity and proportionality', 'Assess whether the processing is necessary and proportionate.', 'findings'],
      ['Security vulnerabilities', 'Summarize the audit findings and the recommended penetration tests.', 'summary'],
      ['Penetration tests', 'Which penetration tests are recommended for the gateway?', 'description'],
      ['Responsibilities', 'Set out what the client must provide (information, access, decisions).', 'description'],
    ];
    for (const [title, prompt, intent] of cases) expect(sectionIntent(title, prompt), title).toBe(intent);
  });
});
