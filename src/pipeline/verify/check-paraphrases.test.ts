/**
 * The built-in check's weaknesses that held-out batch 2 showed (issue 31, item 4; ADR 0561):
 * paraphrases of a form's facts that state another value than the form — a yes/no fact denied or
 * affirmed, an obligation where the decision says none is needed, another option of a choice
 * field — and claims that carry a number in words, take a number from a date, or cite one
 * source while another of the document's sources says what they say. Each case is written for a
 * form of its own, not taken from the evaluation's gold set.
 */
import { describe, expect, it } from 'vitest';
import { checkCitations } from './check-citations.js';
import { statedFactsOf } from './stated-facts.js';

const RULES = {
  n: 1,
  text:
    'Carriers handling hazardous goods must hold a valid ADR permit or an IMDG certificate. ' +
    'Drivers must complete refresher training within 90 days of a route change. ' +
    'The operator shall notify the harbour master prior to loading where a cargo is classed as explosive.',
};
const CARRIER = {
  n: 2,
  text:
    'Northgate Haulage stores its driving logs in Leeds and archives them weekly. ' +
    'Northgate Haulage reports a spill to the customer within 24 hours. Invoices for trips completed before termination remain payable.',
};
const FACTS = [
  { label: 'Carrier', value: 'Northgate Haulage' },
  { label: 'Shipment name', value: 'Coastal fuel deliveries' },
  { label: 'ADR permit held?', value: 'true' },
  { label: 'Explosive cargo?', value: 'false' },
  { label: 'harbour notification', value: 'not required' },
  { label: 'Rate basis', value: 'per tonne', options: ['flat', 'per tonne', 'hourly'] },
  { label: 'Loading date', value: '2026-05-14' },
];

const flagged = (markdown: string) => checkCitations(markdown, [RULES, CARRIER], FACTS).unsupported.length > 0;

describe('the built-in check, on paraphrases of what the form states', () => {
  it('flags a number written in words that its source does not give', () => {
    expect(flagged('Northgate Haulage keeps its driving logs for nine years [2].')).toBe(true);
    expect(flagged('Northgate Haulage reports a spill to the customer within twenty-four hours [2].')).toBe(false);
  });

  it('does not take the day of a form date for a number ("14 May 2026" holds no 14 hours)', () => {
    expect(flagged('Northgate Haulage reports a spill to the customer within 14 hours [2].')).toBe(true);
    expect(flagged('Loading of the coastal fuel deliveries starts on 14 May 2026 [2].')).toBe(false);
  });

  it('flags a sentence that denies a yes/no fact the form affirms, or affirms one it denies', () => {
    expect(flagged('Northgate Haulage holds neither an ADR permit nor an IMDG certificate [1].')).toBe(true);
    expect(flagged('The coastal fuel deliveries carry explosive cargo [1].')).toBe(true);
    expect(flagged('Northgate Haulage holds a valid ADR permit [1].')).toBe(false);
    expect(flagged('The coastal fuel deliveries carry no explosive cargo [1].')).toBe(false);
    // The rule itself, about no party of the document, states neither.
    expect(flagged('Carriers handling hazardous goods must hold a valid ADR permit or an IMDG certificate [1].')).toBe(false);
    // A choice between two affirms neither of them.
    expect(flagged('The coastal fuel deliveries carry explosive cargo or diesel [1].')).toBe(false);
  });

  it('takes no sentence-long stated value (a decision with its reasons) for a party of the document', () => {
    const facts = [
      { label: 'Explosive cargo?', value: 'false' },
      { label: 'loading clearance', value: 'Cleared. The carrier handling hazardous goods was cleared.' },
    ];
    expect(checkCitations('The carrier handling hazardous goods carries explosive cargo [1].', [RULES], facts).unsupported).toEqual([]);
  });

  it('reads "has to notify" as an obligation against a decision that none is required', () => {
    expect(flagged('Northgate Haulage has to notify the harbour master before loading [1].')).toBe(true);
    expect(flagged('Northgate Haulage does not have to notify the harbour master before loading [1].')).toBe(false);
    // A condition states the rule, not the document's verdict.
    expect(flagged('Where a cargo is classed as explosive, the operator has to notify the harbour master before loading [1].')).toBe(false);
  });

  it('flags another option of a choice field than the one the form chose', () => {
    expect(flagged('Northgate Haulage charges a flat rate for the coastal fuel deliveries [2].')).toBe(true);
    expect(flagged('Northgate Haulage charges a rate per tonne for the coastal fuel deliveries [2].')).toBe(false);
    // A run's stated facts carry an enum field's options from its definition.
    const stated = statedFactsOf(
      { carrier: 'Northgate Haulage', rate_basis: 'hourly' },
      [{ key: 'rate_basis', label: 'Rate basis', options: ['flat', 'per tonne', 'hourly'] }],
      {},
    );
    expect(checkCitations('Northgate Haulage charges a flat rate [2].', [CARRIER], stated).unsupported[0]?.missing).toEqual(['contradicts Rate basis: hourly']);
  });

  it('flags a citation when another source of the document holds more of what the sentence says', () => {
    expect(flagged('Invoices for trips completed before a route change remain payable [1].')).toBe(true);
    expect(flagged('Invoices for trips completed before termination remain payable [2].')).toBe(false);
  });
});
