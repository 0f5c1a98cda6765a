import { describe, expect, it } from 'vitest';
import { synthesizeContext, synthesizeContextWithReport, validateAgainstSchema } from './synthesize-context.js';

const input = {
  fields: { client_name: 'Acme GmbH', contact: 'Maria Schneider', deadline: '15 March 2026', budget: 'EUR 25,000', scope: '' },
  gathered: { intake: { text: 'Acme GmbH operates two plants in Berlin and Munich. Revenue was EUR 4.2 million in 2025.' } },
  computed: { employee_count: 240, risk: { level: 'medium' } },
  brief: 'Prepare an ISO 27001 readiness assessment for Acme GmbH. Focus on the payment systems. Is the Munich plant in scope?',
};

const schema = {
  type: 'object',
  required: ['client_name', 'budget', 'employee_count', 'risk_score', 'key_facts', 'tags', 'approved', 'owner'],
  properties: {
    client_name: { type: 'string', minLength: 1 },
    budget: { type: 'number' },
    employee_count: { type: 'integer', minimum: 1 },
    risk_score: { type: 'number', minimum: 1, maximum: 5 },
    key_facts: { type: 'array', items: { type: 'string' } },
    tags: { type: 'array', items: { type: 'string' }, minItems: 1 },
    approved: { type: 'boolean' },
    owner: { $ref: '#/$defs/person' },
    notes: { type: 'string' },
  },
  additionalProperties: false,
  $defs: { person: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } } },
};

describe('synthesizeContext', () => {
  it('draws a structured context from the inputs', () => {
    const ctx = synthesizeContext(input);
    expect(ctx.summary).toBe('Prepare an ISO 27001 readiness assessment for Acme GmbH. Focus on the payment systems.');
    expect(ctx.key_facts).toEqual(expect.arrayContaining(['Client name: Acme GmbH', 'Employee count: 240', 'Risk level: medium']));
    expect(ctx.parties).toEqual(
      expect.arrayContaining([
        { name: 'Acme GmbH', kind: 'organization', role: 'Client name' },
        { name: 'Maria Schneider', kind: 'person', role: 'Contact' },
      ]),
    );
    expect(ctx.dates).toEqual(['2026-03-15']);
    expect(ctx.amounts).toEqual(expect.arrayContaining([{ text: 'EUR 25,000', amount: 25000, currency: 'EUR' }]));
    expect(ctx.open_questions).toEqual(['What is the scope?', 'Is the Munich plant in scope?']);
  });

  it('produces an object that validates against a schema with required string/number/array props', () => {
    const report = synthesizeContextWithReport({ ...input, schema });
    expect(report.errors).toEqual([]);
    const ctx = report.context;
    expect(validateAgainstSchema(schema, ctx)).toEqual([]);
    expect(ctx).toMatchObject({
      client_name: 'Acme GmbH',
      budget: 25000,
      employee_count: 240,
      risk_score: 1,
      approved: false,
      tags: [''],
      owner: { name: '' },
    });
    expect(ctx.key_facts).toContain('Client name: Acme GmbH');
    expect(Object.keys(ctx)).not.toContain('notes');
  });

  it('reports schema errors as messages', () => {
    expect(validateAgainstSchema(schema, { client_name: 3 })).toEqual(
      expect.arrayContaining(['/client_name must be string', "(root) must have required property 'budget'"]),
    );
    expect(validateAgainstSchema({ type: 'nope' }, {})[0]).toMatch(/^invalid schema/);
  });

  it('is deterministic', () => {
    expect(synthesizeContext(input)).toEqual(synthesizeContext(input));
    expect(synthesizeContext({ ...input, schema })).toEqual(synthesizeContext({ ...input, schema }));
  });
});
