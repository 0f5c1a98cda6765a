/**
 * The causes of wrong flags and missed flags that issue 31 (item 4, row 7) found, one
 * representative sentence each: a form's date in a correct sentence, durations read as dates,
 * a risk table's rows, a decided verdict stated otherwise, a citation of the wrong source.
 */
import { describe, expect, it } from 'vitest';
import { checkCitations } from './check-citations.js';
import { statedFactsOf } from './stated-facts.js';

const BASELINE = {
  n: 1,
  text:
    'Penetration tests must be performed at least every 12 months by an independent tester, with critical findings remediated within 30 days. ' +
    'Vendors must notify us of a security incident affecting our data within 72 hours and name an incident contact.',
};
const GUIDANCE = {
  n: 2,
  text: 'Typical risks to data subjects include unauthorised access to personal data and excessive retention. Common measures include encryption at rest and in transit.',
};
const FACTS = [
  { label: 'Vendor', value: 'Initech Cloud' },
  { label: 'Date of the last penetration test', value: '2024-03-01' },
  { label: 'Memo date', value: '2025-12-01' },
  { label: 'Annual contract value', value: '42500' },
  { label: 'penetration test requirement', value: 'not met' },
  { label: 'recommendation', value: 'approve with conditions' },
  { label: 'risk of unauthorised access', value: 'high' },
];

const flagged = (markdown: string, facts = FACTS) => checkCitations(markdown, [BASELINE, GUIDANCE], facts).unsupported.length > 0;

describe('the built-in check, on the causes of wrong and missed flags', () => {
  it('passes a correct sentence that takes a date and a name from the form', () => {
    expect(flagged("Initech Cloud's last penetration test took place on 1 March 2024, more than 12 months before this memo [1].")).toBe(false);
    // Without the form's facts the same sentence was flagged for the date and the name.
    expect(flagged("Initech Cloud's last penetration test took place on 1 March 2024, more than 12 months before this memo [1].", [])).toBe(true);
  });

  it('reads "within 30 days" as a number, not a date counted from some day', () => {
    expect(flagged('Critical findings must be remediated within 30 days [1].')).toBe(false);
    expect(flagged('Critical findings must be remediated within 14 days [1].')).toBe(true);
  });

  it('does not let the parts of a form date stand for other numbers', () => {
    // The pentest date 2024-03-01 holds a 3; the sentence's 3 hours is still unsupported.
    expect(flagged('Incidents must be reported within 3 hours [1].')).toBe(true);
  });

  it('passes a risk table row whose level is the decided one, and flags one that is not', () => {
    expect(flagged('| Unauthorised access | Possible | Severe | High [2] |')).toBe(false);
    expect(flagged('| Unauthorised access | Possible | Severe | Low [2] |')).toBe(true);
  });

  it('flags a sentence or a table row that states another verdict than the decided one', () => {
    expect(flagged('The last penetration test on 1 March 2024 meets the 12-month penetration test requirement [1].')).toBe(true);
    expect(flagged('| Penetration test within 12 months | Met | Last test 1 March 2024 [1] |')).toBe(true);
    expect(flagged('| Penetration test within 12 months | Not met | Last test 1 March 2024 [1] |')).toBe(false);
    expect(flagged('We recommend that Initech Cloud be approved without conditions [1].')).toBe(true);
  });

  it('flags a citation of a source about something else, even with nothing checkable in it', () => {
    expect(flagged('Common measures include encryption at rest and in transit [1].')).toBe(true);
    expect(flagged('Common measures include encryption at rest and in transit [2].')).toBe(false);
  });

  it('reads a currency prefix as part of the amount, not as a name', () => {
    expect(flagged('For an annual contract value of US$42,500.00, Initech Cloud must meet every rule of the baseline [1].')).toBe(false);
  });

  it('takes a run’s fields under their labels and its computed values as stated facts', () => {
    const facts = statedFactsOf({ vendor_name: 'Initech Cloud', memo_date: '' }, [{ key: 'vendor_name', label: 'Vendor' }], {
      certified: true,
      risk_level: 'high',
    });
    expect(facts).toEqual([
      { label: 'Vendor', value: 'Initech Cloud' },
      { label: 'certified', value: 'yes' },
      { label: 'risk level', value: 'high' },
    ]);
  });
});
