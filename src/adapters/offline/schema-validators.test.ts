import { describe, expect, it } from 'vitest';
import { validateAgainstSchema } from './schema-fill.js';
import { MAX_SCHEMA_VALIDATORS, schemaCompilations, schemaValidatorCount } from './schema-validators.js';

const verdicts = () => ({
  type: 'object',
  properties: { verdicts: { type: 'array', items: { type: 'object', required: ['supported'], properties: { supported: { type: 'boolean' } } } } },
  required: ['verdicts'],
});

describe('validateAgainstSchema', () => {
  it('compiles a schema once for every answer checked against an equal schema, and still tells each answer apart', () => {
    const before = schemaCompilations();
    // A new schema object per call, as each model call builds its request.
    expect(validateAgainstSchema(verdicts(), { verdicts: [{ supported: true }] })).toEqual([]);
    expect(validateAgainstSchema(verdicts(), { verdicts: [{ supported: 'yes' }] })).toEqual(['/verdicts/0/supported must be boolean']);
    expect(validateAgainstSchema(verdicts(), {})).toEqual(["(root) must have required property 'verdicts'"]);
    expect(schemaCompilations() - before).toBe(1);
  });

  it('keeps schemas that share an $id apart', () => {
    const a = { $id: 'https://example.test/answer', type: 'object', required: ['a'] };
    const b = { $id: 'https://example.test/answer', type: 'object', required: ['b'] };
    expect(validateAgainstSchema(a, { a: 1 })).toEqual([]);
    expect(validateAgainstSchema(b, { a: 1 })).toEqual(["(root) must have required property 'b'"]);
  });

  it('says a schema is invalid, every time it is asked', () => {
    const broken = { type: 'object', properties: { n: { type: 'no-such-type' } } };
    expect(validateAgainstSchema(broken, {})[0]).toMatch(/^invalid schema: /);
    expect(validateAgainstSchema(broken, {})[0]).toMatch(/^invalid schema: /);
  });

  it(`keeps at most ${MAX_SCHEMA_VALIDATORS} compiled schemas, and still checks against each`, () => {
    for (let i = 0; i < MAX_SCHEMA_VALIDATORS + 5; i += 1) {
      const schema = { type: 'object', properties: { [`field${i}`]: { type: 'number' } }, required: [`field${i}`] };
      expect(validateAgainstSchema(schema, { [`field${i}`]: 'text' }).length).toBeGreaterThan(0);
    }
    expect(schemaValidatorCount()).toBe(MAX_SCHEMA_VALIDATORS);
    // Two hundred Ajv instances: seconds on an idle machine, a minute on a loaded one.
  }, 180_000);
});
