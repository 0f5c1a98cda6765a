/**
 * The vendor memo's decisions (issue 31): each baseline rule's verdict from the evidence, then the
 * recommendation over those verdicts. A 20-month-old penetration test fails the 12-month rule
 * whatever a writer would make of the date, and the recommendation follows from the verdicts.
 */
import type { DecisionSpec } from '../../../tenant-code/evaluate-decisions.js';

/** Per-rule verdicts: no phrases, since "met" in a sentence does not say which rule it speaks of. */
const MET = { outcome: 'met', label: 'Met', phrases: [] };

export const VENDOR_MEMO_DECISIONS: DecisionSpec[] = [
  {
    key: 'assurance',
    label: 'Independent assurance (SOC 2 Type II or ISO/IEC 27001)',
    inputs: { certified: 'computed.certified' },
    rules: [{ ...MET, when: { '==': [{ var: 'certified' }, true] }, reason: 'The vendor holds a SOC 2 Type II report or an ISO/IEC 27001 certificate.' }],
    otherwise: {
      outcome: 'not_met',
      label: 'Not met',
      phrases: [],
      reason: 'The vendor holds neither a SOC 2 Type II report nor an ISO/IEC 27001 certificate.',
    },
  },
  {
    key: 'penetration_test',
    label: 'Penetration test at least every 12 months',
    inputs: { age_months: { from: 'computed.pentest_age_months', optional: true } },
    rules: [
      {
        outcome: 'no_evidence',
        label: 'No evidence',
        phrases: [],
        when: { '==': [{ var: 'age_months' }, null] },
        reason: 'No date of a penetration test was given, so the 12-month rule is not shown to be met.',
      },
      {
        outcome: 'not_met',
        label: 'Not met',
        phrases: [],
        when: { '>': [{ var: 'age_months' }, 12] },
        reason: 'The last penetration test is {age_months} months old, so the rule of a test at least every 12 months is not met.',
      },
    ],
    otherwise: { ...MET, reason: 'The last penetration test is {age_months} months old, within the 12-month rule.' },
  },
  {
    key: 'incident_contact',
    label: 'Incident contact named',
    inputs: { contact: { from: 'fields.incident_contact', optional: true } },
    rules: [{ outcome: 'not_met', label: 'Not met', phrases: [], when: { '!': [{ var: 'contact' }] }, reason: 'No incident contact is named.' }],
    otherwise: { ...MET, reason: 'The incident contact is {contact}.' },
  },
  {
    key: 'recommendation',
    label: 'Recommendation',
    inputs: {
      sensitive: 'computed.sensitive',
      assurance: 'decisions.assurance.outcome',
      penetration_test: 'decisions.penetration_test.outcome',
      incident_contact: 'decisions.incident_contact.outcome',
    },
    rules: [
      {
        outcome: 'reject',
        label: 'Reject',
        phrases: ['reject', 'rejected', 'rejection', 'do not approve', 'decline'],
        when: { and: [{ var: 'sensitive' }, { '!=': [{ var: 'assurance' }, 'met'] }] },
        reason: 'The vendor would handle confidential or restricted data without independent assurance (SOC 2 Type II or ISO/IEC 27001).',
      },
      {
        outcome: 'approve_with_conditions',
        label: 'Approve with conditions',
        phrases: [
          'approve with conditions',
          'approved with conditions',
          'approval with conditions',
          'conditional approval',
          'approve … on condition',
          'approve … subject to',
        ],
        when: { or: [{ '!=': [{ var: 'penetration_test' }, 'met'] }, { '!=': [{ var: 'incident_contact' }, 'met'] }] },
        reason: 'Not every rule of the baseline is met, and each must be met before the vendor is onboarded.',
      },
    ],
    otherwise: {
      outcome: 'approve',
      label: 'Approve',
      phrases: ['approve', 'approved', 'approval'],
      reason: 'Every rule of the baseline assessed here is met.',
    },
  },
];
