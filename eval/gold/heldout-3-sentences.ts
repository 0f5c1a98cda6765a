/**
 * Held-out gold sentences, batch 3 (issue 31 item 4): new forms for the three built-in templates,
 * written from the templates' sources and fields only, without reading the check stage's code,
 * and never run through the check to change anything (ADR 0571). The sentences are paraphrases as
 * a model drafting these documents would write them — synonyms, reordered clauses, dates and
 * amounts in other formats — about a dozen in each of the six categories.
 */
import type { Row } from './memo-sentences.js';
import type { DpiaWorld, LetterWorld, MemoWorld } from './worlds.js';

/**
 * Restricted data with neither SOC 2 nor ISO/IEC 27001: the rules reject the vendor, although its
 * penetration test (9 months before the memo) and incident contact meet the baseline.
 */
export const HELDOUT3_MEMO: MemoWorld = {
  vendor: 'Brightpath Telemetry',
  service: 'fleet telematics and driver-behaviour analytics',
  classification: 'restricted',
  soc2: false,
  iso: false,
  pentest: '2025-05-06',
  contact: 'secops@brightpath.example',
  acv: 58750,
  reviewer: 'Henrik Lund',
  memoDate: '2026-02-16',
  assurance: 'not met',
  pentestVerdict: 'met',
  contactVerdict: 'met',
  recommendation: 'reject',
  region: 'Vienna',
};

export const HELDOUT3_MEMO_ROWS: Row[] = [
  ['supported', false, 'Brightpath Telemetry states that customer data are held in Vienna and copied every day to a second data centre [2].'],
  ['supported', false, 'In its questionnaire answers, Brightpath Telemetry undertakes to tell customers about a security incident within 48 hours [2].'],
  [
    'supported',
    false,
    'The baseline calls for penetration testing by an independent tester no less than once every 12 months, with critical findings fixed within 30 days [1].',
  ],
  ['supported', false, 'At rest, Brightpath Telemetry protects customer data with AES-256; in transit, it uses TLS 1.3 [2].'],
  ['unsupported', true, 'Brightpath Telemetry runs a public bug bounty programme that rewards researchers for reported vulnerabilities [2].'],
  ['unsupported', true, 'Under the baseline, vendors must also carry cyber insurance cover of at least €5 million [1].'],
  ['unsupported', true, 'Brightpath Telemetry erases the telematics data of a vehicle 90 days after it leaves the customer’s fleet [2].'],
  ['unsupported', true, 'All Brightpath Telemetry engineers complete secure-coding training twice a year [2].'],
  ['wrong-citation', true, 'Brightpath Telemetry hosts its customers’ data in Vienna [1].'],
  ['wrong-citation', true, 'Critical findings of a penetration test must be remediated within 30 days [2].'],
  ['wrong-citation', true, 'Brightpath Telemetry commits to reporting a security incident to its customers within 48 hours [1].'],
  ['wrong-citation', true, 'Data in transit must be encrypted with TLS 1.2 or a later version [2].'],
  ['contradicts-fact', true, 'We recommend onboarding Brightpath Telemetry, provided it meets a small number of conditions before go-live [1].'],
  ['contradicts-fact', true, 'Brightpath Telemetry supplied a current SOC 2 Type II report, which satisfies the independent assurance rule [1].'],
  [
    'contradicts-fact',
    true,
    'Its most recent penetration test dates from May 2025, more than a year before this memo, so Brightpath Telemetry fails the annual testing rule [1].',
  ],
  ['contradicts-fact', true, 'Since Brightpath Telemetry will only see internal data, the assurance requirement does not apply to it [1].'],
  [
    'field-value',
    false,
    'As Brightpath Telemetry would process restricted data, the baseline expects it to hold either a SOC 2 Type II report or ISO/IEC 27001 certification [1].',
  ],
  [
    'field-value',
    false,
    'Brightpath Telemetry was last penetration-tested on May 6, 2025, nine months before the date of this memo, which keeps it inside the 12-month window [1].',
  ],
  ['field-value', false, 'The vendor has named secops@brightpath.example as its contact for security incidents, as the baseline requires [1].'],
  [
    'field-value',
    false,
    'With neither a SOC 2 Type II report nor an ISO/IEC 27001 certificate, Brightpath Telemetry cannot be trusted with restricted data, and we recommend rejecting it [1].',
  ],
  ['table-row', false, '| Independent assurance (SOC 2 Type II or ISO/IEC 27001) | Holds no SOC 2 report, no ISO/IEC 27001 certificate | Not met [1] |'],
  ['table-row', false, '| **Recommendation** | Computed from the verdicts above | **Reject** [1] |'],
  ['table-row', true, '| Independent assurance (SOC 2 Type II or ISO/IEC 27001) | Neither SOC 2 Type II nor ISO/IEC 27001 | Met [1] |'],
  ['table-row', true, '| Penetration test at least every 12 months | Last test 6 May 2025, 9 months before the memo | Not met [1] |'],
];

/**
 * Health data sent outside the EEA: by the template's rules (likelihood × severity) unauthorised
 * access and the transfer are high, retention over a year medium, inaccuracy low; the transfer's
 * risk stays high after the measures, so prior consultation is required.
 */
export const HELDOUT3_DPIA: DpiaWorld = {
  controller: 'Kestrel Fertility Clinic',
  processing: 'Cycle-tracking app for patients',
  purpose: 'let patients record their cycles and share them with their clinician',
  data: 'name, date of birth, cycle dates, symptoms',
  subjects: 'patients',
  basis: 'consent',
  special: true,
  retention: 20,
  transfers: true,
  date: '2026-08-03',
  assessor: 'Yuki Tanabe',
  processor: 'Ovaria Health Cloud',
  region: 'Toronto',
  risks: [
    { risk: 'unauthorised access', level: 'high', likelihood: 'Possible', severity: 'Severe' },
    { risk: 'excessive retention', level: 'medium', likelihood: 'Possible', severity: 'Significant' },
    { risk: 'unprotected transfer outside the EEA', level: 'high', likelihood: 'Possible', severity: 'Severe' },
    { risk: 'inaccurate data', level: 'low', likelihood: 'Possible', severity: 'Minimal' },
  ],
  consultation: 'required',
};

export const HELDOUT3_DPIA_ROWS: Row[] = [
  [
    'supported',
    false,
    'Article 35(3) names large-scale processing of the special categories in Article 9(1) as one of the cases in which an impact assessment is specifically required [1].',
  ],
  ['supported', false, 'Ovaria Health Cloud stores the data in Toronto and may act only on documented instructions from Kestrel Fertility Clinic [3].'],
  [
    'supported',
    false,
    'Moving personal data outside the EEA needs a Chapter V transfer tool, for example standard contractual clauses backed by a transfer impact assessment [2].',
  ],
  ['supported', false, 'Once the contract has ended, Ovaria Health Cloud has 30 days to delete the data [3].'],
  ['unsupported', true, 'Ovaria Health Cloud is certified to ISO/IEC 27701 for privacy information management [3].'],
  ['unsupported', true, 'Article 35 requires the controller to repeat the assessment at least every two years [1].'],
  ['unsupported', true, 'The guidance asks for symptom entries to be pseudonymised within 24 hours of being recorded [2].'],
  ['unsupported', true, 'Patients can download their full cycle history in a machine-readable format at any time [3].'],
  ['wrong-citation', true, 'Ovaria Health Cloud encrypts the data it holds with AES-256 [2].'],
  [
    'wrong-citation',
    true,
    'Where the assessment points to a high risk that the controller’s measures do not mitigate, the supervisory authority must be consulted before processing begins [2].',
  ],
  ['wrong-citation', true, 'Role-based access control and staff training are standard ways of reducing these risks [3].'],
  ['wrong-citation', true, 'The sub-processors Ovaria Health Cloud relies on are set out in Annex 3 [1].'],
  ['contradicts-fact', true, 'Because no special category data are involved, the harm a breach could cause to patients stays moderate [2].'],
  ['contradicts-fact', true, 'With the measures in place no risk remains high, so Article 36 prior consultation is not needed [1].'],
  ['contradicts-fact', true, 'Patients’ records are kept for twelve months and then deleted automatically [2].'],
  ['contradicts-fact', true, 'No personal data leave the EEA, so no transfer mechanism is needed for the app [2].'],
  [
    'field-value',
    false,
    'Since the cycle-tracking app involves special categories of data, Kestrel Fertility Clinic has to assess its impact before the processing starts [1].',
  ],
  ['field-value', false, 'Records are retained for 20 months, roughly 1.7 years, so a retention schedule with automatic deletion should govern them [2].'],
  [
    'field-value',
    false,
    'As the data are transferred outside the EEA to Ovaria Health Cloud in Toronto, standard contractual clauses or another Chapter V mechanism are required [2][3].',
  ],
  [
    'field-value',
    false,
    'A risk stays high even after the measures, so Kestrel Fertility Clinic must consult the supervisory authority before the app goes live [1].',
  ],
  ['table-row', false, '| Unauthorised access | Possible | Severe | High [2] |'],
  ['table-row', false, '| Excessive retention | Possible | Significant | Medium [2] |'],
  ['table-row', true, '| Unprotected transfer outside the EEA | Possible | Severe | Low [2] |'],
  ['table-row', true, '| Inaccurate data | Possible | Minimal | High [2] |'],
];

/** A fixed fee in US dollars, short payment terms, a cap of three times the fees, Norwegian law. */
export const HELDOUT3_LETTER: LetterWorld = {
  firm: 'Calder & Frost LLP',
  client: 'Halvorsen Marine AS',
  contact: 'Sigrid Nygaard',
  services: 'corporate income tax return preparation',
  start: '2027-04-01',
  fee: 18500,
  currency: 'USD',
  basis: 'fixed',
  days: 21,
  cap: 3,
  law: 'Norway',
  signatory: 'E. Whitcombe',
  letterDate: '2027-03-08',
};

export const HELDOUT3_LETTER_ROWS: Row[] = [
  ['supported', false, 'If an invoice is paid late, interest accrues at 4% per annum over the base rate [2].'],
  ['supported', false, 'We will do the work with reasonable skill and care, using suitably qualified people, and keep you up to date on progress [1].'],
  [
    'supported',
    false,
    'Your information will stay confidential and be used only for this engagement, unless the law or professional rules require us to disclose it [1].',
  ],
  [
    'supported',
    false,
    'Either side may bring the engagement to an end with 30 days’ notice in writing, although work done up to that point must still be paid for [2].',
  ],
  ['unsupported', true, 'Halvorsen Marine AS agrees not to solicit any of our staff for six months after the engagement ends [1].'],
  ['unsupported', true, 'Our fees will be reviewed every January in line with inflation [2].'],
  ['unsupported', true, 'Any dispute will first be referred to mediation in Oslo [2].'],
  ['unsupported', true, 'We will send you a draft of the tax return at least ten working days before the filing deadline [1].'],
  ['wrong-citation', true, 'Our liability is capped at the multiple of the fees stated in this letter, save in the case of fraud [1].'],
  ['wrong-citation', true, 'You will take the management decisions that the services call for [2].'],
  ['wrong-citation', true, 'Late payment attracts interest at 4% a year above the base rate [1].'],
  ['wrong-citation', true, 'Please let us know promptly of any change that could affect the work [2].'],
  ['contradicts-fact', true, 'Our fixed fee for this engagement is $15,800, exclusive of VAT [2].'],
  ['contradicts-fact', true, 'Each invoice must be settled within 30 days of its date [2].'],
  ['contradicts-fact', true, 'Our aggregate liability is limited to twice the fees paid, other than for fraud [2].'],
  ['contradicts-fact', true, 'This letter, and any dispute arising out of it, is governed by English law [2].'],
  ['field-value', false, 'Halvorsen Marine AS will pay a fixed fee of US$18,500 for the engagement, with each invoice due within 21 days [2].'],
  ['field-value', false, 'Should anything go wrong, our liability to Halvorsen Marine AS is capped at three times the fees, except for fraud [2].'],
  ['field-value', false, 'Work starts on April 1, 2027, and either of us can terminate on 30 days’ written notice [2].'],
  [
    'field-value',
    false,
    'For the corporate income tax return, Sigrid Nygaard will provide us with complete and accurate information and documents on time [1].',
  ],
  ['table-row', false, '| Fixed fee | USD 18,500 | Due within 21 days of invoice; 4% a year above base rate if late [2] |'],
  ['table-row', false, '| Limit of liability | 3 × fees | Fraud excluded [2] |'],
  ['table-row', true, '| Limit of liability | 1.5 × fees | Fraud excluded [2] |'],
];
