/**
 * The built-in check's weaknesses that issue 31 (item 4) left after the first fixes: sentences
 * that share most of their words with a source and still say something it does not — an
 * absolute or a frequency the source does not state, another kind ("Tier I" where the source
 * says "Tier II"), a name at the start of a sentence taken from another source, a number the
 * source gives for something else, and a decision stated in other words. Each case is written
 * for a form of its own, not taken from the evaluation's gold set.
 */
import { describe, expect, it } from 'vitest';
import { checkCitations } from './check-citations.js';

const POLICY = {
  n: 1,
  text:
    'Suppliers storing payment data must hold a PCI DSS Level 1 attestation. Backups are tested every month in a Tier II data centre. ' +
    'Customers may request deletion of their account data. Invoices are payable within the period stated in the order form. ' +
    "Either party may terminate the order with 60 days' notice.",
};
const SUPPLIER = {
  n: 2,
  text: 'Brightwave stores backups in Lisbon and patches servers weekly. Brightwave acts only on written instructions of the customer.',
};
const FACTS = [
  { label: 'Customer', value: 'Harlow Foods' },
  { label: 'Supplier', value: 'Brightwave' },
  { label: 'Payment terms (days)', value: '45' },
  { label: 'Services', value: 'data migration' },
  { label: 'Start date', value: '2027-03-01' },
  { label: 'recommendation', value: 'approve' },
  { label: 'prior consultation', value: 'required' },
];

const flagged = (markdown: string) => checkCitations(markdown, [POLICY, SUPPLIER], FACTS).unsupported.length > 0;

describe('the built-in check, on claims that share words with their source', () => {
  it('flags an absolute the source does not state ("at any time", "always")', () => {
    expect(flagged('Customers may request deletion of their account data at any time [1].')).toBe(true);
    expect(flagged('Backups are always tested every month [1].')).toBe(true);
    expect(flagged('Customers may request deletion of their account data [1].')).toBe(false);
  });

  it('flags a frequency the source does not state, and passes one it states in other words', () => {
    expect(flagged('Brightwave patches servers monthly [2].')).toBe(true);
    expect(flagged('Backups are tested monthly [1].')).toBe(false);
    expect(flagged('Brightwave patches servers every week [2].')).toBe(false);
  });

  it('flags another kind or level of the same thing ("Tier I" where the source says "Tier II")', () => {
    expect(flagged('Backups are tested in a Tier I data centre [1].')).toBe(true);
    expect(flagged('Backups are tested in a Tier II data centre [1].')).toBe(false);
  });

  it('flags a name that opens the sentence when only another source states it', () => {
    expect(flagged('Brightwave acts only on written instructions of the customer [1].')).toBe(true);
    expect(flagged('Brightwave acts only on written instructions of the customer [2].')).toBe(false);
  });

  it('flags a number the source gives for something else', () => {
    expect(flagged('Invoices are payable within 60 days [1].')).toBe(true);
    expect(flagged('Either party may terminate the order with 60 days of notice [1].')).toBe(false);
    // The form's own payment terms are a stated fact, whatever the source says.
    expect(flagged('Invoices are payable within 45 days, as the order form states [1].')).toBe(false);
  });

  it('passes a date from the form in a sentence about something the source does not name', () => {
    expect(flagged('The migration begins on 1 March 2027 [1].')).toBe(false);
  });

  it('flags a decision stated in other words ("we advise", "no … is needed")', () => {
    expect(flagged('We advise declining Brightwave as a supplier [2].')).toBe(true);
    expect(flagged('No prior consultation is needed for this processing [1].')).toBe(true);
    expect(flagged('We advise approving Brightwave as a supplier [2].')).toBe(false);
  });
});
