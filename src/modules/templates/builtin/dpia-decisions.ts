/**
 * The DPIA's decisions (issue 31): each risk rated by rule — likelihood × severity on scales of
 * 1 to 3, taken from the processing's facts (computed in the template) — then the residual risk
 * after the measures, and whether Article 36 requires prior consultation. A writer explains
 * these; none of them is reached in prose. Levels carry no phrases: "high" in a quoted article
 * ("would result in a high risk") does not state a rating.
 */
import type { DecisionSpec } from '../../../tenant-code/evaluate-decisions.js';

/** Score = likelihood × severity: 6–9 high, 3–4 medium, 1–2 low. */
function riskRating(key: string, label: string, prefix: string): DecisionSpec {
  const score = { '*': [{ var: 'likelihood' }, { var: 'severity' }] };
  return {
    key,
    label,
    inputs: { likelihood: `computed.${prefix}_likelihood`, severity: `computed.${prefix}_severity` },
    rules: [
      {
        outcome: 'high',
        label: 'High',
        phrases: [],
        when: { '>=': [score, 6] },
        reason: 'Likelihood {likelihood} × severity {severity} on scales of 1 to 3 gives a high risk.',
      },
      {
        outcome: 'medium',
        label: 'Medium',
        phrases: [],
        when: { '>=': [score, 3] },
        reason: 'Likelihood {likelihood} × severity {severity} on scales of 1 to 3 gives a medium risk.',
      },
    ],
    otherwise: { outcome: 'low', label: 'Low', phrases: [], reason: 'Likelihood {likelihood} × severity {severity} on scales of 1 to 3 gives a low risk.' },
  };
}

export const DPIA_DECISIONS: DecisionSpec[] = [
  riskRating('risk_confidentiality', 'Unauthorised access to or disclosure of the data', 'confidentiality'),
  riskRating('risk_retention', 'Data kept longer than the purpose needs', 'retention'),
  riskRating('risk_transfer', 'Transfer without adequate protection outside the EEA', 'transfer'),
  riskRating('risk_accuracy', 'Inaccurate data leading to wrong action', 'accuracy'),
  {
    key: 'residual_risk',
    label: 'Residual risk after the measures',
    inputs: { score: 'computed.residual_score' },
    rules: [
      { outcome: 'high', label: 'High', phrases: [], when: { '>=': [{ var: 'score' }, 6] }, reason: 'At least one risk stays high after the measures.' },
      {
        outcome: 'medium',
        label: 'Medium',
        phrases: [],
        when: { '>=': [{ var: 'score' }, 3] },
        reason: 'No risk stays high after the measures; the highest is medium.',
      },
    ],
    otherwise: { outcome: 'low', label: 'Low', phrases: [], reason: 'Every risk is low after the measures.' },
  },
  {
    key: 'prior_consultation',
    label: 'Prior consultation of the supervisory authority (Article 36 GDPR)',
    inputs: { residual: 'decisions.residual_risk.outcome' },
    rules: [
      {
        outcome: 'required',
        label: 'Required',
        phrases: [],
        when: { '==': [{ var: 'residual' }, 'high'] },
        reason: 'A risk stays high after the measures, so the supervisory authority must be consulted before processing starts.',
      },
    ],
    otherwise: {
      outcome: 'not_required',
      label: 'Not required',
      phrases: [],
      reason: 'No risk stays high after the measures, so prior consultation is not required.',
    },
  },
];
