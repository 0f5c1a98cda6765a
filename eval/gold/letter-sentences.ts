/**
 * Gold sentences for the engagement letter, from clause 4 of the standard terms [1] and the fee
 * and liability terms [2], with the letter's form values as stated facts.
 */
import type { Row } from './memo-sentences.js';
import { type LetterWorld, longDate, money } from './worlds.js';

export const LETTER_TERMS_ROWS: Row[] = [
  ['supported', false, 'The client will provide complete and accurate information and documents on time [1].'],
  ['supported', false, 'We will perform the services with reasonable skill and care, by suitably qualified staff [1].'],
  ['supported', false, "We will keep the client's information confidential and use it only for the engagement [1]."],
  ['supported', false, 'The client will give us access to the people, systems and premises we reasonably need [1].'],
  ['supported', false, 'Late payments bear interest at 4% a year above the base rate [2].'],
  ['supported', false, "Either party may end the engagement by giving 30 days' written notice [2]."],
  ['supported', false, 'Fees for work done until the end of the engagement remain payable [2].'],
  ['supported', false, 'We will tell the client of any issue that may affect the timetable or the fee [1].'],
  ['unsupported', true, 'Late payments bear interest at 8% a year above the base rate [2].'],
  ['unsupported', true, 'Our work is covered by professional indemnity insurance of 10 million [2].'],
  ['unsupported', true, 'We will deliver a written progress report every Friday [1].'],
  ['unsupported', true, 'The client may not hire our staff for 12 months after the engagement ends [1].'],
  ['unsupported', true, "Either party may end the engagement by giving 60 days' written notice [2]."],
  ['unsupported', true, 'Disputes will be settled by arbitration in Geneva [2].'],
  ['wrong-citation', true, 'Late payments bear interest at 4% a year above the base rate [1].'],
  ['wrong-citation', true, 'The client will provide complete and accurate information and documents on time [2].'],
  ['wrong-citation', true, "Either party may end the engagement by giving 30 days' written notice [1]."],
  ['wrong-citation', true, "We will keep the client's information confidential and use it only for the engagement [2]."],
];

function letterFieldValues(w: LetterWorld): Row[] {
  const fee = money(w.fee, w.currency);
  const basis = { fixed: 'as a fixed fee', monthly: 'per month', hourly: 'per hour' }[w.basis];
  return [
    ['field-value', false, `${w.client} will pay our fee of ${fee} ${basis} within ${w.days} days of each invoice, and late payments bear interest [2].`],
    ['field-value', false, `Our total liability to ${w.client} is limited to ${w.cap} times the fees, except for fraud [2].`],
    ['field-value', false, `The engagement starts on ${longDate(w.start)}, and either party may end it by giving 30 days' written notice [2].`],
    ['field-value', false, `${w.contact} will give us complete and accurate information and documents on time [1].`],
    ['field-value', false, `${w.firm} will perform ${w.services} with reasonable skill and care, by suitably qualified staff [1].`],
    ['field-value', false, `Invoices for ${w.services} are payable within ${w.days} days [2].`],
  ];
}

function letterContradictions(w: LetterWorld): Row[] {
  return [
    ['contradicts-fact', true, `Our fee is ${money(w.fee * 3, w.currency)} for the whole engagement [2].`],
    ['contradicts-fact', true, `Invoices are payable within ${w.days + 15} days of the invoice date [2].`],
    ['contradicts-fact', true, `The engagement starts on 5 March 2027 [2].`],
    ['contradicts-fact', true, `Our total liability is limited to ${w.cap + 4} times the fees [2].`],
    ['unsupported', true, `${w.client} has agreed to pay a retainer of ${money(5000, w.currency)} before work starts [2].`],
  ];
}

/** Rows of a fee table (`| item | amount | terms |`). */
function letterTableRows(w: LetterWorld): Row[] {
  const fee = money(w.fee, w.currency);
  return [
    ['table-row', false, `| Fees | ${fee} | Payable within ${w.days} days; 4% a year above the base rate when late [2] |`],
    ['table-row', false, `| Liability cap | ${w.cap} × fees | Except for fraud [2] |`],
    ['table-row', true, `| Fees | ${fee} | Payable within ${w.days + 10} days [2] |`],
  ];
}

export function letterRows(w: LetterWorld): Row[] {
  return [...letterFieldValues(w), ...letterContradictions(w), ...letterTableRows(w)];
}
