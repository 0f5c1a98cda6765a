import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { StringEnum } from './schema.js';

describe('StringEnum', () => {
  const STATES = ['draft', 'under-review', 'finalized'] as const;

  it('is one string enum listing the whole set, not a union of single-value literals', () => {
    expect(StringEnum(STATES, { description: 'state' })).toMatchObject({ type: 'string', enum: ['draft', 'under-review', 'finalized'], description: 'state' });
    expect(StringEnum(STATES)).not.toHaveProperty('anyOf');
  });

  it('validates members and rejects anything else, naming the set in the error', () => {
    const validate = new Ajv({ allErrors: true }).compile(StringEnum(STATES));
    expect(validate('under-review')).toBe(true);
    expect(validate('archived')).toBe(false);
    expect(validate.errors?.[0]?.params).toEqual({ allowedValues: ['draft', 'under-review', 'finalized'] });
  });

  it('refuses an empty set', () => {
    expect(() => StringEnum([])).toThrow(/at least one value/);
  });
});
