/**
 * Held-out gold sentences, batch 2 (issue 31 item 4): new forms for the three built-in templates,
 * written without reading the check stage's code and never run through it to change anything.
 * They are paraphrases, as a model drafting these documents would write them, balanced over the
 * six categories. `eval/gold/generate-check-stage.ts` writes them to their own file
 * (check-stage-heldout-2.jsonl) and EVALUATION.md reports them apart as "held-out (batch 2)".
 */
import type { Row } from './memo-sentences.js';
import type { DpiaWorld, LetterWorld, MemoWorld } from './worlds.js';

export const HELDOUT2_MEMO: MemoWorld = {
  vendor: 'Fourth Coffee Systems',
  service: 'point-of-sale cloud platform',
  classification: 'confidential',
  soc2: false,
  iso: true,
  pentest: '2025-03-12',
  contact: null,
  acv: 27300,
  reviewer: 'Mina Okafor',
  memoDate: '2025-12-09',
  assurance: 'met',
  pentestVerdict: 'met',
  contactVerdict: 'not met',
  recommendation: 'approve with conditions',
  region: 'Madrid',
};

export const HELDOUT2_MEMO_ROWS: Row[] = [
  ['supported', false, 'Fourth Coffee Systems keeps customer data in Madrid, with a daily backup to a second data centre [2].'],
  ['supported', false, 'Staff at Fourth Coffee Systems sign in to production through single sign-on protected by multi-factor authentication [2].'],
  ['supported', false, 'Our baseline expects data in transit to be protected by TLS 1.2 or a later version [1].'],
  ['supported', false, 'Under the baseline, critical findings of a penetration test have to be fixed within 30 days [1].'],
  ['field-value', false, 'Because Fourth Coffee Systems will handle confidential data, it needs a SOC 2 Type II report or an ISO/IEC 27001 certificate [1].'],
  ['field-value', false, 'Fourth Coffee Systems last had its systems tested on 12 March 2025, inside the 12-month window [1].'],
  ['field-value', false, 'Its ISO/IEC 27001 certificate is enough for Fourth Coffee Systems to meet the assurance rule [1].'],
  ['field-value', false, 'Mina Okafor reviewed Fourth Coffee Systems for the point-of-sale cloud platform [1].'],
  ['table-row', false, '| Independent assurance (SOC 2 Type II or ISO/IEC 27001) | The vendor holds ISO/IEC 27001 | Met [1] |'],
  ['table-row', false, '| Penetration test at least every 12 months | Last test 12 March 2025 | Met [1] |'],
  ['table-row', false, '| Incident contact named | None named | Not met [1] |'],
  ['table-row', true, '| Incident contact named | security@fourthcoffee.example | Met [1] |'],
  ['table-row', true, '| Penetration test at least every 12 months | Last test 12 March 2025 | Not met [1] |'],
  ['contradicts-fact', true, 'Fourth Coffee Systems has named a contact for security incidents, so that requirement is met [1].'],
  ['contradicts-fact', true, 'We recommend approving Fourth Coffee Systems without any conditions [1].'],
  ['contradicts-fact', true, 'Fourth Coffee Systems fails the assurance rule, as it holds neither a SOC 2 report nor an ISO certificate [1].'],
  ['contradicts-fact', true, 'The most recent penetration test of Fourth Coffee Systems took place on 12 March 2024 [1].'],
  ['unsupported', true, 'Fourth Coffee Systems rotates its encryption keys every 90 days [2].'],
  ['unsupported', true, 'Fourth Coffee Systems keeps its backups for seven years [2].'],
  ['unsupported', true, 'The baseline asks every vendor to carry cyber insurance [1].'],
  ['unsupported', true, 'Fourth Coffee Systems promises to report a security incident within 12 hours [2].'],
  ['wrong-citation', true, "Fourth Coffee Systems hosts its customers' data in Madrid [1]."],
  ['wrong-citation', true, 'A vendor has 72 hours to tell us about an incident that touches our data [2].'],
  ['wrong-citation', true, 'Fourth Coffee Systems commits to tell customers about a security incident within 48 hours [1].'],
];

export const HELDOUT2_DPIA: DpiaWorld = {
  controller: 'Lakeshore Transit Authority',
  processing: 'Smart-card journey records',
  purpose: 'calculate fares and plan routes',
  data: 'card number, journey times, stations',
  subjects: 'passengers',
  basis: 'public task',
  special: false,
  retention: 18,
  transfers: false,
  date: '2026-07-21',
  assessor: 'Rafael Costa',
  processor: 'FareLogic',
  region: 'Warsaw',
  risks: [
    { risk: 'unauthorised access', level: 'high', likelihood: 'Likely', severity: 'Significant' },
    { risk: 'function creep', level: 'medium', likelihood: 'Possible', severity: 'Significant' },
    { risk: 'excessive retention', level: 'low', likelihood: 'Unlikely', severity: 'Moderate' },
  ],
  consultation: 'not required',
};

export const HELDOUT2_DPIA_ROWS: Row[] = [
  [
    'supported',
    false,
    'At a minimum, the assessment has to describe the processing, weigh whether it is necessary and proportionate, assess the risks and set out the measures [1].',
  ],
  ['supported', false, 'FareLogic keeps the journey data in Warsaw and acts only on documented instructions from Lakeshore Transit Authority [3].'],
  [
    'supported',
    false,
    'If the assessment shows a high risk that the measures do not bring down, the controller has to consult the supervisory authority first [1].',
  ],
  ['supported', false, 'Pseudonymisation and data minimisation are among the usual safeguards [2].'],
  ['field-value', false, 'Lakeshore Transit Authority uses the card numbers, journey times and stations of passengers to calculate fares and plan routes [1].'],
  ['field-value', false, 'Smart-card journey records rely on the public task as their lawful basis [1].'],
  ['field-value', false, 'Rafael Costa carried out this assessment on 21 July 2026 [1].'],
  ['field-value', false, 'Journey records are kept for 18 months, after which a defined retention schedule deletes them automatically [2].'],
  ['table-row', false, '| Unauthorised access | Likely | Significant | High [2] |'],
  ['table-row', false, '| Function creep | Possible | Significant | Medium [2] |'],
  ['table-row', false, '| Excessive retention | Unlikely | Moderate | Low [2] |'],
  ['table-row', true, '| Excessive retention | Unlikely | Moderate | High [2] |'],
  ['table-row', true, '| Function creep | Possible | Significant | Low [2] |'],
  ['contradicts-fact', true, 'The risk of unauthorised access to journey records is only medium [2].'],
  ['contradicts-fact', true, 'Lakeshore Transit Authority has to consult the supervisory authority before Smart-card journey records start [1].'],
  ['contradicts-fact', true, 'Journey records are kept for 36 months [2].'],
  ['contradicts-fact', true, 'The journey records include special categories of data under Article 9 [1].'],
  ['unsupported', true, 'FareLogic holds an ISO/IEC 27701 certificate [3].'],
  ['unsupported', true, 'FareLogic may bring in a new sub-processor after giving 7 days of notice [3].'],
  ['unsupported', true, 'Article 36 obliges the supervisory authority to reply within two weeks [1].'],
  ['unsupported', true, 'The guidance note names facial recognition as a typical risk [2].'],
  ['wrong-citation', true, 'FareLogic erases the journey data within 30 days once the contract ends [2].'],
  ['wrong-citation', true, 'Sending personal data outside the EEA needs a transfer mechanism such as an adequacy decision [1].'],
  ['wrong-citation', true, 'Inaccurate data that leads to wrong decisions is one of the typical risks to data subjects [3].'],
];

export const HELDOUT2_LETTER: LetterWorld = {
  firm: 'Bluebird Advisory LLP',
  client: 'Proseware SpA',
  contact: 'Giulia Romano',
  services: 'VAT compliance review',
  start: '2027-03-01',
  fee: 180,
  currency: 'EUR',
  basis: 'hourly',
  days: 30,
  cap: 2,
  law: 'Italy',
  signatory: 'M. Laurent',
  letterDate: '2027-02-12',
};

export const HELDOUT2_LETTER_ROWS: Row[] = [
  ['supported', false, "Either side can bring the engagement to an end with 30 days' written notice [2]."],
  ['supported', false, "We will treat the client's information as confidential and use it for this engagement only, unless the law requires disclosure [1]."],
  ['supported', false, 'Invoices paid late carry interest of 4% a year over the base rate [2].'],
  ['field-value', false, 'Proseware SpA will pay €180.00 per hour, and each invoice falls due within 30 days [2].'],
  ['field-value', false, 'Giulia Romano will see that we get the information and documents we need, complete and on time [1].'],
  ['field-value', false, 'The liability of Bluebird Advisory LLP is limited to 2 times the fees, fraud excepted [2].'],
  ['field-value', false, 'Our VAT compliance review for Proseware SpA starts on 1 March 2027 [2].'],
  ['contradicts-fact', true, 'Proseware SpA will pay a fixed fee of €180.00 for the whole review [2].'],
  ['contradicts-fact', true, 'Each invoice must be settled within 14 days [2].'],
  ['contradicts-fact', true, 'The liability of Bluebird Advisory LLP is capped at the fees paid, once over [2].'],
  ['unsupported', true, 'Our hourly rate rises by 3% on each anniversary of the engagement [2].'],
  ['unsupported', true, 'Proseware SpA must pay a retainer before any work begins [2].'],
  ['unsupported', true, 'We will hold a status meeting with Proseware SpA every week [1].'],
  ['wrong-citation', true, 'Late payments bear interest at 4% a year above the base rate [1].'],
  ['wrong-citation', true, 'The client will give us access to the people, systems and premises we reasonably need [2].'],
  ['wrong-citation', true, 'Work done up to the end of the engagement stays payable [1].'],
];
