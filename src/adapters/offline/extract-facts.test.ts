import { describe, expect, it } from 'vitest';
import { extractFacts } from './extract-facts.js';

const email = `Subject: Compliance assessment request

Hello Quire team,

My name is Maria Schneider and I am the compliance officer at Acme GmbH in Berlin.
We would like you to prepare an ISO 27001 readiness assessment for our Munich site.
Please send the final report by 15 March 2026. Our budget is EUR 25,000 (excluding VAT).
The site has 240 employees. You can reach me at maria.schneider@acme-industries.example or +49 30 1234567.

Kind regards,
Maria Schneider
Acme GmbH`;

const hints = [
  { key: 'client_name', valueType: 'string', label: 'Client' },
  { key: 'contact_person', valueType: 'string', label: 'Contact' },
  { key: 'contact_email', valueType: 'email', label: 'E-mail' },
  { key: 'due_date', valueType: 'date', label: 'Deadline' },
  { key: 'budget', valueType: 'number', label: 'Budget' },
  { key: 'employees', valueType: 'number', label: 'Employees' },
  { key: 'project_code', valueType: 'string', label: 'Project code' },
];

describe('extractFacts', () => {
  it('finds the entities of an intake e-mail', () => {
    const { entities } = extractFacts(email, []);
    expect(entities.organizations).toContain('Acme GmbH');
    expect(entities.people).toContain('Maria Schneider');
    expect(entities.places).toEqual(expect.arrayContaining(['Berlin', 'Munich']));
    expect(entities.emails).toEqual(['maria.schneider@acme-industries.example']);
    expect(entities.dates).toEqual(['2026-03-15']);
    expect(entities.money).toEqual([{ text: 'EUR 25,000', amount: 25000, currency: 'EUR' }]);
  });

  it('fills the hinted fields from the text and leaves unsupported ones out', () => {
    expect(extractFacts(email, hints).fieldValues).toEqual({
      client_name: 'Acme GmbH',
      contact_person: 'Maria Schneider',
      contact_email: 'maria.schneider@acme-industries.example',
      due_date: '2026-03-15',
      budget: '25000',
      employees: '240',
    });
  });

  it('prefers an explicit "Label: value" line', () => {
    const text = 'Client: Globex Corporation, Springfield\nStart date: 2 February 2026\nDeadline: 1 April 2026\nHeadcount: 1,250';
    const { fieldValues } = extractFacts(text, [
      { key: 'client_name', valueType: 'string', label: 'Client' },
      { key: 'start_date', valueType: 'date' },
      { key: 'deadline', valueType: 'date' },
      { key: 'headcount', valueType: 'integer' },
    ]);
    expect(fieldValues).toEqual({ client_name: 'Globex Corporation', start_date: '2026-02-02', deadline: '2026-04-01', headcount: '1250' });
  });

  it('tells a start date from a deadline by the words before them', () => {
    const text = 'Kick-off is planned from 2 February 2026 and the final report is due by 15 March 2026. Mark Twain of Deutsche Bank AG will attend.';
    const { fieldValues, entities } = extractFacts(text, [
      { key: 'due_date', valueType: 'date', label: 'Due date' },
      { key: 'start_date', valueType: 'date', label: 'Start' },
      { key: 'kickoff', valueType: 'date', label: 'Kick-off' },
    ]);
    expect(fieldValues).toEqual({ due_date: '2026-03-15', start_date: '2026-02-02', kickoff: '2026-02-02' });
    expect(entities.organizations).toEqual(['Deutsche Bank AG']);
    expect(entities.people).toEqual(['Mark Twain']);
  });

  it('resolves relative dates only against a given reference date', () => {
    const text = 'Please deliver by next Friday.';
    expect(extractFacts(text, []).entities.dates).toEqual(['next Friday']);
    expect(extractFacts(text, [], { referenceDate: '2026-01-07' }).entities.dates).toEqual(['2026-01-16']);
  });

  it('is deterministic', () => {
    expect(extractFacts(email, hints)).toEqual(extractFacts(email, hints));
  });
});
