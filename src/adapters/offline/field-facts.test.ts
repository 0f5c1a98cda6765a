import { describe, expect, it } from 'vitest';
import { type FieldFact, principalParty, stateFact } from './field-facts.js';

const fact = (over: Partial<FieldFact> & Pick<FieldFact, 'key' | 'value'>): FieldFact => ({ label: null, valueType: 'string', options: null, ...over });

describe('stateFact', () => {
  it('states an enum value under its label with the option as words, never the raw id', () => {
    const s = stateFact(
      fact({
        key: 'lawful_basis',
        label: 'Lawful basis (Art. 6)',
        valueType: 'enum',
        options: ['contract', 'legitimate_interests'],
        value: 'legitimate_interests',
      }),
      null,
    );
    expect(s.statement).toBe('The lawful basis (Art. 6) is legitimate interests.');
    const code = stateFact(fact({ key: 'fee_currency', label: 'Currency', valueType: 'enum', options: ['EUR', 'USD'], value: 'EUR' }), null);
    expect(code.statement).toBe('The currency is EUR.');
  });

  it('turns a yes/no situation into a statement, and marks it a condition', () => {
    const yes = stateFact(fact({ key: 'transfers_outside_eea', label: 'Transfers outside the EEA?', valueType: 'boolean', value: 'true' }), null);
    expect(yes).toMatchObject({ statement: 'There are transfers outside the EEA.', booleanKind: 'condition', flag: true });
    const no = stateFact(fact({ key: 'transfers_outside_eea', label: 'Transfers outside the EEA?', valueType: 'boolean', value: 'false' }), null);
    expect(no.statement).toBe('There are no transfers outside the EEA.');
  });

  it('turns a yes/no control into a statement about the thing or the party', () => {
    const report = (value: string) =>
      stateFact(fact({ key: 'has_soc2', label: 'SOC 2 Type II report available?', valueType: 'boolean', value }), 'Initech Cloud');
    expect(report('true')).toMatchObject({ statement: 'A SOC 2 Type II report is available.', booleanKind: 'control' });
    expect(report('false').statement).toBe('No SOC 2 Type II report is available.');
    const certified = stateFact(fact({ key: 'has_iso27001', label: 'ISO/IEC 27001 certified?', valueType: 'boolean', value: 'false' }), 'Initech Cloud');
    expect(certified).toMatchObject({ statement: 'Initech Cloud is not ISO/IEC 27001 certified.', booleanKind: 'control', flag: false });
  });

  it('writes a date as the documents print dates, never the stored ISO form', () => {
    const s = stateFact(fact({ key: 'last_pentest_date', label: 'Date of the last penetration test', valueType: 'date', value: '2026-03-01' }), null);
    expect(s.statement).toBe('The date of the last penetration test is 1 March 2026.');
  });

  it('writes units, lists and purposes as a reader would', () => {
    expect(stateFact(fact({ key: 'retention_months', label: 'Retention period (months)', valueType: 'integer', value: '24' }), null).statement).toBe(
      'The retention period is 24 months.',
    );
    expect(
      stateFact(
        fact({
          key: 'data_categories',
          label: 'Categories of personal data (comma separated)',
          valueType: 'text',
          value: 'name, phone number, appointment time',
        }),
        null,
      ).statement,
    ).toBe('The categories of personal data are name, phone number and appointment time.');
    expect(stateFact(fact({ key: 'services', label: 'Services (one per line)', valueType: 'text', value: 'Tax advice\nAudit support' }), null).statement).toBe(
      'The services are tax advice and audit support.',
    );
    expect(
      stateFact(
        fact({ key: 'processing_purpose', label: 'Purpose of the processing', valueType: 'text', value: 'Send appointment reminders by text message' }),
        null,
      ).statement,
    ).toBe('The purpose of the processing is to send appointment reminders by text message.');
    expect(
      stateFact(fact({ key: 'dpo_contact', label: 'Data protection officer (email)', valueType: 'email', value: 'dpo@acme.example' }), null).statement,
    ).toBe('The data protection officer is dpo@acme.example.');
    expect(stateFact(fact({ key: 'firm_name', label: 'Our firm', value: 'Northwind LLP' }), null).statement).toBe('Our firm is Northwind LLP.');
  });

  it('humanizes the key of a field without a label, and states nothing for an empty field', () => {
    expect(stateFact(fact({ key: 'clientName', value: 'Acme GmbH' }), null).statement).toBe('The client name is Acme GmbH.');
    expect(stateFact(fact({ key: 'incident_contact', label: 'Incident contact (email)', valueType: 'email', value: '' }), null)).toMatchObject({
      statement: null,
      phrase: 'incident contact',
    });
  });
});

describe('principalParty', () => {
  it('is the first filled field naming a vendor, client or controller', () => {
    const facts = [fact({ key: 'reviewer', label: 'Reviewer', value: 'Sam' }), fact({ key: 'vendor_name', label: 'Vendor', value: 'Initech Cloud' })];
    expect(principalParty(facts)).toBe('Initech Cloud');
    expect(principalParty([fact({ key: 'reviewer', label: 'Reviewer', value: 'Sam' })])).toBeNull();
  });
});
