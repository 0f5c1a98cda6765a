import { describe, expect, it } from 'vitest';
import { VENDOR_MEMO_DECISIONS } from '../modules/templates/builtin/vendor-memo-decisions.js';
import { type DecisionSpec, evaluateDecisions } from './evaluate-decisions.js';

const memo = (computed: Record<string, unknown>, fields: Record<string, string> = { incident_contact: 'soc@vendor.example' }) =>
  Object.fromEntries(evaluateDecisions({ decisions: VENDOR_MEMO_DECISIONS, fields, computed, gathered: {} }).map((d) => [d.key, d]));

describe('decisions: rules over the inputs, first that holds decides', () => {
  it('a 20-month-old penetration test fails the 12-month rule and the memo does not recommend "Approve"', () => {
    const decided = memo({ certified: true, sensitive: true, pentest_age_months: 20 });
    expect(decided.penetration_test).toMatchObject({
      status: 'decided',
      outcome: 'not_met',
      rule: { index: 1 },
      inputs: [{ name: 'age_months', from: 'computed.pentest_age_months', value: 20 }],
      reasons: ['The last penetration test is 20 months old, so the rule of a test at least every 12 months is not met.'],
    });
    expect(decided.recommendation).toMatchObject({ outcome: 'approve_with_conditions', outcomeLabel: 'Approve with conditions', rule: { index: 1 } });
  });

  it('approves when every rule is met, and rejects sensitive data without assurance', () => {
    expect(memo({ certified: true, sensitive: true, pentest_age_months: 6 }).recommendation).toMatchObject({ outcome: 'approve', rule: { index: null } });
    expect(memo({ certified: false, sensitive: true, pentest_age_months: 6 }).recommendation).toMatchObject({ outcome: 'reject', rule: { index: 0 } });
  });

  it('leaves a decision undetermined, saying why, when a required input has no value or a rule fails', () => {
    const spec: DecisionSpec = {
      key: 'level',
      label: 'Risk level',
      inputs: { likelihood: 'fields.likelihood', severity: 'fields.severity' },
      rules: [{ outcome: 'high', when: { '>=': [{ '*': [{ var: 'likelihood' }, { var: 'severity' }] }, 12] } }],
      otherwise: { outcome: 'low' },
    };
    const [missing] = evaluateDecisions({ decisions: [spec], fields: { likelihood: '4', severity: '' }, computed: {}, gathered: {} });
    expect(missing).toMatchObject({ status: 'undetermined', outcome: null, error: 'no value for severity (fields.severity)' });
    const [scored] = evaluateDecisions({ decisions: [spec], fields: { likelihood: '4', severity: '3' }, computed: {}, gathered: {} });
    expect(scored).toMatchObject({ status: 'decided', outcome: 'high', outcomeLabel: 'High' });
    const failing = { ...spec, rules: [{ outcome: 'high', when: { merge: [{ var: 'huge' }, [1]] } }], inputs: { huge: 'computed.huge' } };
    const [failed] = evaluateDecisions({ decisions: [failing], fields: {}, computed: { huge: Array.from({ length: 100_000 }, () => 0) }, gathered: {} });
    expect(failed.status).toBe('undetermined');
    expect(failed.error).toMatch(/^rule 1 failed: merge would build/);
  });
});
