/**
 * Gold sentences for the vendor security memo: written as a model (or a reviewer) would write
 * the findings and recommendation, from the baseline [1] and the vendor's questionnaire [2],
 * with the form's values and the computed verdicts as stated facts.
 */
import type { GoldCategory } from './check-stage-kinds.js';
import { type MemoWorld, longDate, money } from './worlds.js';

export type Row = [GoldCategory, boolean, string];

/** Sentences that only restate the baseline: one set per template, not per vendor. */
export const MEMO_BASELINE_ROWS: Row[] = [
  ['supported', false, 'Vendors handling confidential or restricted data must hold a current SOC 2 Type II report or ISO/IEC 27001 certification [1].'],
  ['supported', false, 'The baseline requires penetration tests at least every 12 months, performed by an independent tester [1].'],
  ['supported', false, 'Critical findings from a penetration test must be remediated within 30 days [1].'],
  ['supported', false, 'A vendor must notify us of a security incident affecting our data within 72 hours and name an incident contact [1].'],
  ['supported', false, 'Data must be encrypted in transit with TLS 1.2 or later and at rest with AES-256 or equivalent [1].'],
  ['supported', false, 'Access to our data must use single sign-on with multi-factor authentication and be reviewed quarterly [1].'],
  ['supported', false, 'An independent tester must perform the penetration tests [1].'],
  ['supported', false, 'Either a SOC 2 Type II report or an ISO/IEC 27001 certificate satisfies the assurance rule for confidential data [1].'],
  ['unsupported', true, 'The baseline requires penetration tests every 6 months [1].'],
  ['unsupported', true, 'Security incidents must be reported within 24 hours [1].'],
  ['unsupported', true, 'Vendors must rotate encryption keys every 90 days [1].'],
  ['unsupported', true, 'The baseline was approved by the Chief Information Security Officer in 2022 [1].'],
  ['unsupported', true, 'The baseline also requires vendors to keep backups in two separate regions [1].'],
  ['unsupported', true, 'Critical findings must be remediated within 14 days [1].'],
  ['unsupported', true, 'Vendors must hold cyber insurance covering at least 5 million [1].'],
  ['unsupported', true, 'The baseline demands annual background screening of every vendor employee [1].'],
  ['wrong-citation', true, 'Critical findings from a penetration test must be remediated within 30 days [2].'],
  ['wrong-citation', true, 'Vendors handling confidential or restricted data must hold a current SOC 2 Type II report or ISO/IEC 27001 certification [2].'],
  ['wrong-citation', true, 'The baseline requires penetration tests at least every 12 months, performed by an independent tester [3].'],
];

function memoSupported(w: MemoWorld): Row[] {
  const v = w.vendor;
  return [
    ['supported', false, `${v} encrypts customer data at rest with AES-256 and in transit with TLS 1.3 [2].`],
    ['supported', false, `${v} staff reach production systems through single sign-on with multi-factor authentication [2].`],
    ['supported', false, `${v} commits to notify customers of a security incident within 48 hours [2].`],
    ['supported', false, `${v} reviews access rights every quarter [2].`],
    ['supported', false, `Customer data is hosted in ${w.region} and backed up daily to a second data centre [2].`],
    ['supported', false, `Encryption at ${v} is in line with the baseline: AES-256 at rest and TLS 1.3 in transit, above the TLS 1.2 minimum [1][2].`],
    ['supported', false, `The 48-hour notification commitment of ${v} is within the 72 hours the baseline allows [1][2].`],
  ];
}

function memoUnsupported(w: MemoWorld): Row[] {
  const v = w.vendor;
  return [
    ['unsupported', true, `${v} was certified by BSI Group in 2023 [2].`],
    ['unsupported', true, `${v} operates data centres in Singapore and Toronto [2].`],
    ['unsupported', true, `${v} has passed every external audit since 2019 [2].`],
    ['unsupported', true, `${v} encrypts backups with a hardware security module from Thales [2].`],
    ['unsupported', true, `${v} commits to notify customers of a security incident within 12 hours [2].`],
    ['wrong-citation', true, `${v} commits to notify customers of a security incident within 48 hours [1].`],
    ['wrong-citation', true, `${v} encrypts customer data at rest with AES-256 and in transit with TLS 1.3 [1].`],
    ['wrong-citation', true, `Customer data is hosted in ${w.region} and backed up daily to a second data centre [1].`],
  ];
}

/** Correct sentences that take a value from the form (row 7: the live judge flagged these). */
function memoFieldValues(w: MemoWorld): Row[] {
  const v = w.vendor;
  const rows: Row[] = [
    ['field-value', false, `${v} will handle ${w.classification} data, so the certification rule of the baseline applies [1].`],
    ['field-value', false, `${v} will provide ${w.service}, and its questionnaire describes AES-256 encryption at rest [2].`],
    ['field-value', false, `For an annual contract value of ${money(w.acv, 'EUR')}, ${v} must still meet every requirement of the baseline [1].`],
  ];
  if (w.pentest && w.pentestVerdict === 'not met') {
    rows.push(['field-value', false, `${v}'s last penetration test took place on ${longDate(w.pentest)}, more than 12 months before this memo [1].`]);
  }
  if (w.pentest && w.pentestVerdict === 'met') {
    rows.push(['field-value', false, `${v}'s last penetration test, on ${longDate(w.pentest)}, is within the 12 months the baseline allows [1].`]);
  }
  if (!w.pentest) rows.push(['field-value', false, `${v} gave no date for a penetration test, which the baseline requires every 12 months [1].`]);
  if (w.contact) rows.push(['field-value', false, `${v} named ${w.contact} as its incident contact, as the baseline requires [1].`]);
  if (w.soc2) rows.push(['field-value', false, `${v} holds a SOC 2 Type II report, so the independent assurance requirement is met [1].`]);
  if (w.iso) rows.push(['field-value', false, `${v} is certified to ISO/IEC 27001, so the independent assurance requirement is met [1].`]);
  return rows;
}

/** Sentences that state another verdict than the computed one, or another value than the form's. */
function memoContradictions(w: MemoWorld): Row[] {
  const v = w.vendor;
  const rows: Row[] = [];
  if (w.pentest && w.pentestVerdict === 'not met') {
    rows.push(['contradicts-fact', true, `The last penetration test on ${longDate(w.pentest)} meets the 12-month penetration test requirement [1].`]);
  }
  if (w.pentestVerdict === 'met') rows.push(['contradicts-fact', true, `${v} does not meet the penetration test requirement of the baseline [1].`]);
  if (w.assurance === 'met') rows.push(['contradicts-fact', true, `${v} fails the independent assurance requirement of the baseline [1].`]);
  if (w.assurance === 'not met') rows.push(['contradicts-fact', true, `${v} satisfies the independent assurance requirement with its certificates [1].`]);
  if (w.recommendation !== 'approve') rows.push(['contradicts-fact', true, `We recommend that ${v} be approved without conditions [1].`]);
  if (w.recommendation !== 'reject') rows.push(['contradicts-fact', true, `Our recommendation is to reject ${v} [1].`]);
  if (w.contactVerdict === 'not met')
    rows.push(['contradicts-fact', true, `${v} has named an incident contact, so the incident contact requirement is met [1].`]);
  rows.push(['contradicts-fact', true, `${v}'s last penetration test took place on 3 February 2025 [1].`]);
  rows.push(['contradicts-fact', true, `The annual contract value of ${money(w.acv * 2, 'EUR')} justifies a full review [1].`]);
  return rows;
}

/** Rows of the control table (`| control | verdict | evidence |`): right when the verdict is the computed one. */
function memoTableRows(w: MemoWorld): Row[] {
  const flip = (verdict: string) => (verdict === 'met' ? 'Not met' : 'Met');
  const say = (verdict: string) => (verdict === 'met' ? 'Met' : 'Not met');
  const evidence = w.pentest ? `Last test ${longDate(w.pentest)}` : 'No test reported';
  return [
    ['table-row', false, `| Penetration test within 12 months | ${say(w.pentestVerdict)} | ${evidence} [1] |`],
    [
      'table-row',
      false,
      `| Independent assurance (SOC 2 / ISO 27001) | ${say(w.assurance)} | ${w.soc2 ? 'SOC 2 Type II' : w.iso ? 'ISO/IEC 27001' : 'None'} [1] |`,
    ],
    ['table-row', false, `| Encryption in transit and at rest | Met | AES-256 and TLS 1.3 [1][2] |`],
    ['table-row', true, `| Penetration test within 12 months | ${flip(w.pentestVerdict)} | ${evidence} [1] |`],
    ['table-row', true, `| Independent assurance (SOC 2 / ISO 27001) | ${flip(w.assurance)} | Vendor statement [1] |`],
  ];
}

export function memoRows(w: MemoWorld): Row[] {
  return [...memoSupported(w), ...memoUnsupported(w), ...memoFieldValues(w), ...memoContradictions(w), ...memoTableRows(w)];
}
