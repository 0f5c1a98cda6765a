/**
 * Formerly held-out gold sentences: written for new forms after the built-in check's first fixes
 * and held out until the check's misses among them (absolutes, frequencies, kinds, names opening
 * a sentence, numbers given for something else, decisions in other words; ADR 0491) were fixed
 * by people who had read them. They are development sentences now (`origin: 'former-heldout'`);
 * a fresh held-out batch, written without seeing the check's code, gives the fair number.
 */
import type { Row } from './memo-sentences.js';
import { type DpiaWorld, type LetterWorld, type MemoWorld } from './worlds.js';

export const HELDOUT_MEMO: MemoWorld = {
  vendor: 'Vandelay Logistics',
  service: 'route planning software',
  classification: 'restricted',
  soc2: true,
  iso: true,
  pentest: '2024-08-19',
  contact: 'ciso@vandelay.example',
  acv: 64000,
  reviewer: 'Noor Haddad',
  memoDate: '2025-11-25',
  assurance: 'met',
  pentestVerdict: 'not met',
  contactVerdict: 'met',
  recommendation: 'approve with conditions',
  region: 'Oslo',
};

export const HELDOUT_MEMO_ROWS: Row[] = [
  ['supported', false, 'Vandelay Logistics hosts customer data in Oslo and backs it up daily to a second data centre [2].'],
  ['supported', false, 'According to its questionnaire, Vandelay Logistics uses TLS 1.3 for data in transit [2].'],
  ['supported', false, 'The baseline asks for single sign-on with multi-factor authentication and a quarterly access review [1].'],
  ['supported', false, 'Incident notification is due within 72 hours under the baseline [1].'],
  ['field-value', false, 'Vandelay Logistics handles restricted data for us, which brings it under the SOC 2 or ISO/IEC 27001 rule [1].'],
  ['field-value', false, 'The most recent penetration test of Vandelay Logistics dates from 19 August 2024, beyond the 12-month interval [1].'],
  ['field-value', false, 'Vandelay Logistics gave ciso@vandelay.example as the contact for security incidents [1].'],
  ['table-row', false, '| Incident contact named | Met | ciso@vandelay.example [1] |'],
  ['contradicts-fact', true, 'Vandelay Logistics tested its systems on 19 August 2025, within the last year [1].'],
  ['contradicts-fact', true, 'The penetration test requirement is satisfied by the August 2024 test [1].'],
  ['contradicts-fact', true, 'We advise rejecting Vandelay Logistics [1].'],
  ['table-row', true, '| Incident contact named | Not met | None given [1] |'],
  ['unsupported', true, 'Vandelay Logistics stores its encryption keys in AWS KMS [2].'],
  ['unsupported', true, 'Vandelay Logistics reviews access rights monthly [2].'],
  ['unsupported', true, 'The baseline requires a SOC 2 Type I report [1].'],
  ['unsupported', true, 'Vandelay Logistics commits to notify customers within 24 hours [2].'],
  ['wrong-citation', true, 'Vandelay Logistics hosts customer data in Oslo [1].'],
  ['wrong-citation', true, 'Critical penetration test findings are fixed within 30 days [2].'],
];

export const HELDOUT_DPIA: DpiaWorld = {
  controller: 'Northwind Clinics',
  processing: 'Remote patient monitoring',
  purpose: 'monitor heart rhythm at home',
  data: 'heart rhythm readings, name, date of birth',
  subjects: 'patients',
  basis: 'contract',
  special: true,
  retention: 60,
  transfers: false,
  date: '2026-08-03',
  assessor: 'Olu Adeyemi',
  processor: 'CardioCloud',
  region: 'Stockholm',
  risks: [
    { risk: 'unauthorised access', level: 'high', likelihood: 'Possible', severity: 'Severe' },
    { risk: 'inaccurate data', level: 'high', likelihood: 'Likely', severity: 'Severe' },
    { risk: 'excessive retention', level: 'medium', likelihood: 'Possible', severity: 'Moderate' },
  ],
  consultation: 'required',
};

export const HELDOUT_DPIA_ROWS: Row[] = [
  ['supported', false, 'CardioCloud hosts the data in Stockholm and acts only on documented instructions [3].'],
  ['supported', false, 'Standard contractual clauses with a transfer impact assessment are one transfer mechanism [2].'],
  ['supported', false, 'A systematic description of the processing and its purposes is part of every assessment [1].'],
  [
    'field-value',
    false,
    'Northwind Clinics keeps heart rhythm readings for 60 months, so automatic deletion under a defined retention schedule is a key measure [2].',
  ],
  ['field-value', false, 'Olu Adeyemi completed this assessment on 3 August 2026 [1].'],
  ['field-value', false, 'Prior consultation of the supervisory authority is required for Remote patient monitoring [1].'],
  ['table-row', false, '| Inaccurate data | Likely | Severe | High [2] |'],
  ['contradicts-fact', true, 'The risk of inaccurate data is low for Northwind Clinics [2].'],
  ['table-row', true, '| Excessive retention | Possible | Moderate | Low [2] |'],
  ['contradicts-fact', true, 'Northwind Clinics keeps the readings for 12 months [2].'],
  ['contradicts-fact', true, 'No prior consultation is needed before Remote patient monitoring starts [1].'],
  ['unsupported', true, 'CardioCloud is certified under ISO 27701 [3].'],
  ['unsupported', true, 'Article 35 lists remote monitoring of health data as always high risk [1].'],
  ['unsupported', true, 'Data subjects must be told about the assessment within one month [1].'],
  ['wrong-citation', true, "CardioCloud deletes the data within 30 days of the contract's end [1]."],
  ['wrong-citation', true, 'Role-based access control and staff training are common measures [3].'],
];

export const HELDOUT_LETTER: LetterWorld = {
  firm: 'Oakridge Partners',
  client: 'Litware Inc',
  contact: 'Katherine Johnson',
  services: 'IT audit',
  start: '2027-02-01',
  fee: 45000,
  currency: 'EUR',
  basis: 'fixed',
  days: 21,
  cap: 1,
  law: 'the Netherlands',
  signatory: 'P. de Vries',
  letterDate: '2027-01-10',
};

export const HELDOUT_LETTER_ROWS: Row[] = [
  ['supported', false, 'Interest on late payments is 4% a year above the base rate [2].'],
  ['supported', false, 'Work done until the end of the engagement remains payable [2].'],
  ['field-value', false, 'We will keep Litware Inc informed of progress and of any issue that may affect the fee [1].'],
  ['field-value', false, 'Litware Inc will pay €45,000.00 as a fixed fee, with invoices due within 21 days [2].'],
  ['field-value', false, 'Katherine Johnson will make sure we have access to the people and systems we need [1].'],
  ['field-value', false, "Oakridge Partners' liability is capped at 1 times the fees, fraud excepted [2]."],
  ['field-value', false, 'The IT audit begins on 1 February 2027 [2].'],
  ['contradicts-fact', true, 'Litware Inc will pay €54,000.00 as a fixed fee [2].'],
  ['contradicts-fact', true, 'Invoices are due within 30 days [2].'],
  ['contradicts-fact', true, 'The engagement starts on 1 March 2027 [2].'],
  ['unsupported', true, 'Our engagement includes a free follow-up review after 6 months [1].'],
  ['unsupported', true, 'The client will reimburse our travel expenses at cost [2].'],
  ['wrong-citation', true, 'The client will take the management decisions that the services call for [2].'],
  ['wrong-citation', true, 'Our total liability is limited to the multiple of the fees stated in the engagement letter [1].'],
];
