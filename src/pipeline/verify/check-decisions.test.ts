import { describe, expect, it } from 'vitest';
import { contradictionsOf } from './check-decisions.js';

const recommendation = (outcome: string) => ({
  key: 'recommendation',
  label: 'Recommendation',
  status: 'decided' as const,
  outcome,
  outcomeLabel: { approve: 'Approve', approve_with_conditions: 'Approve with conditions', reject: 'Reject' }[outcome] ?? outcome,
  outcomes: [
    { outcome: 'reject', label: 'Reject', phrases: ['reject', 'rejected', 'do not approve'] },
    { outcome: 'approve_with_conditions', label: 'Approve with conditions', phrases: ['approve with conditions', 'approve … on condition'] },
    { outcome: 'approve', label: 'Approve', phrases: ['approve', 'approval', 'approved'] },
  ],
});

describe('sentences that state another conclusion than a decision', () => {
  it('flags "we recommend approval" when the decision is reject, naming both', () => {
    expect(contradictionsOf('The vendor is reviewed. We recommend approval of Initech Cloud [1].', [recommendation('reject')])).toEqual([
      {
        sentence: 'We recommend approval of Initech Cloud [1].',
        decision: 'recommendation',
        stated: 'approve',
        reason: 'States "Approve", but the decision "Recommendation" is "Reject"',
      },
    ]);
  });

  it('reads the longest phrase, so a conditional approval is not a plain one', () => {
    const text = 'Approve Initech Cloud on condition that the actions below are completed first.';
    expect(contradictionsOf(text, [recommendation('approve_with_conditions')])).toEqual([]);
    expect(contradictionsOf(text, [recommendation('approve')]).map((c) => c.stated)).toEqual(['approve_with_conditions']);
  });

  it('does not read a negated phrase or a sentence weighing the decided outcome as a contradiction', () => {
    expect(contradictionsOf('The vendor is not recommended for approval.', [recommendation('reject')])).toEqual([]);
    expect(contradictionsOf('We reject the vendor rather than approve it.', [recommendation('reject')])).toEqual([]);
    expect(contradictionsOf('We do not approve the vendor.', [recommendation('approve')]).map((c) => c.stated)).toEqual(['reject']);
  });
});

describe('a rule verdict without phrases (issue 31, item 6: found by the scripted-model evaluation)', () => {
  const rule = (outcome: 'met' | 'not_met') => ({
    key: 'encryption',
    label: 'Encryption at rest with AES-256',
    status: 'decided' as const,
    outcome,
    outcomeLabel: outcome === 'met' ? 'Met' : 'Not met',
    outcomes: [
      { outcome: 'met', label: 'Met', phrases: [] },
      { outcome: 'not_met', label: 'Not met', phrases: [] },
    ],
  });

  it('flags a sentence about the rule that states another verdict by its label', () => {
    expect(contradictionsOf('Encryption at rest with AES-256: Not met.', [rule('met')]).map((c) => c.stated)).toEqual(['not_met']);
    expect(contradictionsOf('| Encryption at rest with AES-256 | Met | Questionnaire [2] |', [rule('not_met')]).map((c) => c.stated)).toEqual(['met']);
  });

  it('does not read "met" in a sentence about something else, nor the decided verdict, as a contradiction', () => {
    expect(contradictionsOf('The incident contact rule is met.', [rule('not_met')])).toEqual([]);
    expect(contradictionsOf('Encryption at rest with AES-256: Met.', [rule('met')])).toEqual([]);
  });
});
