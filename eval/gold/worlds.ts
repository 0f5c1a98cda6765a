/**
 * The worlds the check stage's gold sentences are written in: for each built-in template, its
 * own sources (the template's static data-needs, read from its spec) plus a source the project
 * writes (a vendor's questionnaire, a processor agreement, the firm's fee terms), and several
 * filled-in forms with the decisions a reviewer would compute from them.
 */
import { ENGAGEMENT_LETTER_SPEC } from '../../src/modules/templates/builtin/engagement-letter.js';
import { GDPR_DPIA_SPEC } from '../../src/modules/templates/builtin/gdpr-dpia.js';
import { VENDOR_SECURITY_MEMO_SPEC } from '../../src/modules/templates/builtin/vendor-security-memo.js';
import type { TemplateSpecInput } from '../../src/modules/templates/spec-schema.js';

export interface Source {
  n: number;
  title: string;
  text: string;
}

/** The text and title of a template's static data-need. */
export function staticSource(spec: TemplateSpecInput, outputKey: string, n: number): Source {
  const need = (spec.dataNeeds ?? []).find((d) => d.output_key === outputKey);
  const args = (need?.args_json ?? {}) as { value?: string; source?: { title?: string } };
  if (!args.value) throw new Error(`${spec.slug} has no static data-need ${outputKey}`);
  return { n, title: args.source?.title ?? outputKey, text: args.value };
}

/**
 * A choice field's options, from the template's own field definition (an enum's), as a run passes
 * them with the form's values (pipeline/verify/stated-facts.ts): the check reads another option
 * next to the field's words as a contradiction.
 */
function optionsOf(spec: TemplateSpecInput, label: string): { options: string[] } | Record<string, never> {
  const field = (spec.fields ?? []).find((f) => f.label === label && f.valueType === 'enum');
  return field?.options ? { options: [...field.options] } : {};
}

/** A date as the documents write it ("1 March 2024"). */
export function longDate(iso: string): string {
  const d = new Date(`${iso}T00:00:00Z`);
  return d.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}

export interface MemoWorld {
  vendor: string;
  service: string;
  classification: string;
  soc2: boolean;
  iso: boolean;
  pentest: string | null;
  contact: string | null;
  acv: number;
  reviewer: string;
  memoDate: string;
  assurance: 'met' | 'not met';
  pentestVerdict: 'met' | 'not met';
  contactVerdict: 'met' | 'not met';
  recommendation: 'approve' | 'approve with conditions' | 'reject';
  region: string;
}

export const MEMO_WORLDS: MemoWorld[] = [
  {
    vendor: 'Initech Cloud',
    service: 'hosted payroll processing',
    classification: 'confidential',
    soc2: true,
    iso: false,
    pentest: '2024-03-01',
    contact: 'security@initech.example',
    acv: 42500,
    reviewer: 'Sam Reviewer',
    memoDate: '2025-11-20',
    assurance: 'met',
    pentestVerdict: 'not met',
    contactVerdict: 'met',
    recommendation: 'approve with conditions',
    region: 'Frankfurt',
  },
  {
    vendor: 'Globex Analytics',
    service: 'customer analytics dashboards',
    classification: 'restricted',
    soc2: false,
    iso: true,
    pentest: '2025-06-15',
    contact: null,
    acv: 120000,
    reviewer: 'Priya Shah',
    memoDate: '2025-11-03',
    assurance: 'met',
    pentestVerdict: 'met',
    contactVerdict: 'not met',
    recommendation: 'approve with conditions',
    region: 'Dublin',
  },
  {
    vendor: 'Umbrella Storage',
    service: 'offsite backup storage',
    classification: 'internal',
    soc2: false,
    iso: false,
    pentest: null,
    contact: 'soc@umbrella.example',
    acv: 8000,
    reviewer: 'Lena Fischer',
    memoDate: '2025-12-01',
    assurance: 'not met',
    pentestVerdict: 'not met',
    contactVerdict: 'met',
    recommendation: 'reject',
    region: 'Amsterdam',
  },
  {
    vendor: 'Hooli Mail',
    service: 'transactional e-mail delivery',
    classification: 'confidential',
    soc2: true,
    iso: true,
    pentest: '2025-09-30',
    contact: 'trust@hooli.example',
    acv: 15600,
    reviewer: 'Tom Baker',
    memoDate: '2025-10-20',
    assurance: 'met',
    pentestVerdict: 'met',
    contactVerdict: 'met',
    recommendation: 'approve',
    region: 'Paris',
  },
];

export const MEMO_BASELINE = (): Source => staticSource(VENDOR_SECURITY_MEMO_SPEC, 'security_baseline', 1);

/** The vendor's answers to the security questionnaire (the project's own text). */
export function memoQuestionnaire(w: MemoWorld): Source {
  return {
    n: 2,
    title: `${w.vendor} security questionnaire`,
    text:
      `${w.vendor} encrypts customer data at rest with AES-256 and in transit with TLS 1.3. ` +
      'Staff reach production systems through single sign-on with multi-factor authentication, and access rights are reviewed every quarter. ' +
      `${w.vendor} commits to notify customers of a security incident within 48 hours. ` +
      `Customer data is hosted in ${w.region} and backed up daily to a second data centre.`,
  };
}

export function memoFacts(w: MemoWorld): Array<{ label: string; value: string; options?: string[] }> {
  const facts = [
    { label: 'Vendor', value: w.vendor },
    { label: 'Service provided', value: w.service },
    { label: 'Highest data classification', value: w.classification, ...optionsOf(VENDOR_SECURITY_MEMO_SPEC, 'Highest data classification') },
    { label: 'SOC 2 Type II report available?', value: String(w.soc2) },
    { label: 'ISO/IEC 27001 certified?', value: String(w.iso) },
    { label: 'Annual contract value', value: String(w.acv) },
    { label: 'Reviewer', value: w.reviewer },
    { label: 'Memo date', value: w.memoDate },
    { label: 'independent assurance requirement', value: w.assurance },
    { label: 'penetration test requirement', value: w.pentestVerdict },
    { label: 'incident contact requirement', value: w.contactVerdict },
    { label: 'recommendation', value: w.recommendation },
  ];
  if (w.pentest) facts.push({ label: 'Date of the last penetration test', value: w.pentest });
  if (w.contact) facts.push({ label: 'Incident contact (email)', value: w.contact });
  return facts;
}

export interface DpiaWorld {
  controller: string;
  processing: string;
  purpose: string;
  data: string;
  subjects: string;
  basis: string;
  special: boolean;
  retention: number;
  transfers: boolean;
  date: string;
  assessor: string;
  processor: string;
  region: string;
  /** Risk → decided level. */
  risks: Array<{ risk: string; level: 'low' | 'medium' | 'high'; likelihood: string; severity: string }>;
  consultation: 'required' | 'not required';
}

export const DPIA_WORLDS: DpiaWorld[] = [
  {
    controller: 'Acme Health GmbH',
    processing: 'Patient appointment reminders',
    purpose: 'send appointment reminders by text message',
    data: 'name, phone number, appointment time',
    subjects: 'patients',
    basis: 'contract',
    special: true,
    retention: 24,
    transfers: false,
    date: '2026-11-20',
    assessor: 'Maria Keller',
    processor: 'Textly',
    region: 'Frankfurt',
    risks: [
      { risk: 'unauthorised access', level: 'high', likelihood: 'Possible', severity: 'Severe' },
      { risk: 'excessive retention', level: 'medium', likelihood: 'Likely', severity: 'Moderate' },
      { risk: 'inaccurate data', level: 'low', likelihood: 'Unlikely', severity: 'Limited' },
    ],
    consultation: 'not required',
  },
  {
    controller: 'Globex Retail Ltd',
    processing: 'Loyalty programme profiling',
    purpose: 'personalise offers from purchase history',
    data: 'name, email address, purchase history',
    subjects: 'loyalty members',
    basis: 'legitimate interests',
    special: false,
    retention: 36,
    transfers: true,
    date: '2026-10-05',
    assessor: 'Tom Hughes',
    processor: 'Segmently',
    region: 'Virginia',
    risks: [
      { risk: 'function creep', level: 'high', likelihood: 'Likely', severity: 'Significant' },
      { risk: 'unauthorised access', level: 'medium', likelihood: 'Possible', severity: 'Significant' },
      { risk: 'excessive retention', level: 'medium', likelihood: 'Possible', severity: 'Moderate' },
    ],
    consultation: 'required',
  },
  {
    controller: 'Initrode Council',
    processing: 'CCTV in the town hall',
    purpose: 'protect visitors and staff',
    data: 'video images',
    subjects: 'visitors and staff',
    basis: 'public task',
    special: false,
    retention: 1,
    transfers: false,
    date: '2026-09-14',
    assessor: 'Ines Duarte',
    processor: 'Vigil Systems',
    region: 'Lisbon',
    risks: [
      { risk: 'unauthorised access', level: 'medium', likelihood: 'Possible', severity: 'Moderate' },
      { risk: 'excessive retention', level: 'low', likelihood: 'Unlikely', severity: 'Limited' },
    ],
    consultation: 'not required',
  },
];

export const DPIA_ARTICLES = (): Source => staticSource(GDPR_DPIA_SPEC, 'legal_framework', 1);
export const DPIA_GUIDANCE = (): Source => staticSource(GDPR_DPIA_SPEC, 'risk_guidance', 2);

/** The processor agreement's summary (the project's own text). */
export function dpiaProcessorTerms(w: DpiaWorld): Source {
  return {
    n: 3,
    title: `${w.processor} data processing agreement`,
    text:
      `${w.processor} processes the data only on documented instructions of ${w.controller} and hosts it in ${w.region}. ` +
      `${w.processor} encrypts the data with AES-256 and deletes it within 30 days of the end of the contract. ` +
      'Sub-processors are listed in Annex 3 and may change only after 30 days of notice.',
  };
}

export function dpiaFacts(w: DpiaWorld): Array<{ label: string; value: string; options?: string[] }> {
  return [
    { label: 'Controller', value: w.controller },
    { label: 'Name of the processing operation', value: w.processing },
    { label: 'Purpose of the processing', value: w.purpose },
    { label: 'Categories of personal data', value: w.data },
    { label: 'Categories of data subjects', value: w.subjects },
    { label: 'Lawful basis (Art. 6)', value: w.basis, ...optionsOf(GDPR_DPIA_SPEC, 'Lawful basis (Art. 6)') },
    { label: 'Special categories of data (Art. 9)?', value: String(w.special) },
    { label: 'Retention period (months)', value: String(w.retention) },
    { label: 'Transfers outside the EEA?', value: String(w.transfers) },
    { label: 'Date of the assessment', value: w.date },
    { label: 'Assessor', value: w.assessor },
    ...w.risks.map((r) => ({ label: `risk of ${r.risk}`, value: r.level })),
    { label: 'prior consultation', value: w.consultation },
  ];
}

export interface LetterWorld {
  firm: string;
  client: string;
  contact: string;
  services: string;
  start: string;
  fee: number;
  currency: 'EUR' | 'GBP' | 'USD';
  basis: 'fixed' | 'monthly' | 'hourly';
  days: number;
  cap: number;
  law: string;
  signatory: string;
  letterDate: string;
}

export const LETTER_WORLDS: LetterWorld[] = [
  {
    firm: 'Northwind LLP',
    client: 'Contoso GmbH',
    contact: 'Ada Lovelace',
    services: 'tax advice and audit support',
    start: '2026-12-01',
    fee: 12000,
    currency: 'EUR',
    basis: 'fixed',
    days: 30,
    cap: 1,
    law: 'England and Wales',
    signatory: 'J. Smith',
    letterDate: '2026-11-20',
  },
  {
    firm: 'Harbour & Vale LLP',
    client: 'Fabrikam Ltd',
    contact: 'Grace Hopper',
    services: 'payroll outsourcing',
    start: '2027-01-15',
    fee: 2500,
    currency: 'GBP',
    basis: 'monthly',
    days: 14,
    cap: 2,
    law: 'Scotland',
    signatory: 'R. Patel',
    letterDate: '2026-12-18',
  },
  {
    firm: 'Meridian Advisory',
    client: 'Tailspin Toys SA',
    contact: 'Alan Turing',
    services: 'a transfer pricing review',
    start: '2026-12-10',
    fee: 350,
    currency: 'USD',
    basis: 'hourly',
    days: 45,
    cap: 1.5,
    law: 'Ireland',
    signatory: 'K. Olsen',
    letterDate: '2026-11-28',
  },
];

export const LETTER_CLAUSE_4 = (): Source => staticSource(ENGAGEMENT_LETTER_SPEC, 'responsibilities_guidance', 1);

/** The firm's fee and liability terms (the project's own text). */
export function letterFeeTerms(): Source {
  return {
    n: 2,
    title: 'Standard terms of business, clauses 6–8 (fees, liability, termination)',
    text:
      'Invoices are payable within the number of days stated in the engagement letter. Late payments bear interest at 4% a year above the base rate. ' +
      'Our total liability is limited to the multiple of the fees stated in the engagement letter, except for fraud. ' +
      "Either party may end the engagement by giving 30 days' written notice; fees for work done until then remain payable.",
  };
}

export function letterFacts(w: LetterWorld): Array<{ label: string; value: string; options?: string[] }> {
  return [
    { label: 'Our firm', value: w.firm },
    { label: 'Client', value: w.client },
    { label: 'Client contact person', value: w.contact },
    { label: 'Services', value: w.services },
    { label: 'Start date', value: w.start },
    { label: 'Fee', value: String(w.fee) },
    { label: 'Currency', value: w.currency, ...optionsOf(ENGAGEMENT_LETTER_SPEC, 'Currency') },
    { label: 'Fee basis', value: w.basis, ...optionsOf(ENGAGEMENT_LETTER_SPEC, 'Fee basis') },
    { label: 'Payment terms (days)', value: String(w.days) },
    { label: 'Liability cap (multiple of fees)', value: String(w.cap) },
    { label: 'Governing law', value: w.law },
    { label: 'Signing partner', value: w.signatory },
    { label: 'Date of the letter', value: w.letterDate },
  ];
}

/** A money amount as the documents write it ("€42,500.00"). */
export function money(amount: number, currency: string): string {
  return new Intl.NumberFormat('en-GB', { style: 'currency', currency }).format(amount);
}
