/** The derivation record: hashes only, stable under key order, and a per-input diff. */
import { describe, expect, it } from 'vitest';
import { type ResolvedInputs, changedInputs, derivationHash, deriveGathered } from './gathered-derivation.js';
import { hashOf } from './inputs-hash.js';

const TOOL = { name: 'vendors', classPath: 'mcp.http', config: { url: 'https://mcp.example/mcp', tool: 'lookup' } };

const inputs: ResolvedInputs = {
  kind: 'tool',
  args: { vendor: 'Initech', limit: 5 },
  prompt: null,
  deps: { client: { name: 'Globex' } },
  model: null,
  fields: { vendor_name: 'Initech' },
  variables: null,
  tool: TOOL,
  caller: { subject: 'ada', email: 'ada@example.com' },
};

describe('deriveGathered', () => {
  it('records each input as a content hash and the caller as an identity', () => {
    const derivation = deriveGathered(inputs);
    expect(derivation).toEqual({
      v: 2,
      kind: 'tool',
      args: { vendor: hashOf('Initech'), limit: hashOf(5) },
      prompt: null,
      deps: { client: hashOf({ name: 'Globex' }) },
      fields: { vendor_name: hashOf('Initech') },
      variables: null,
      tool: { name: 'vendors', classPath: 'mcp.http', config: hashOf({ url: 'https://mcp.example/mcp', tool: 'lookup' }) },
      model: null,
      caller: { subject: 'ada', email: 'ada@example.com' },
    });
    expect(JSON.stringify(derivation)).not.toContain('mcp.example');
  });

  it('hashes equal inputs equally whatever their key order', () => {
    const reordered: ResolvedInputs = {
      ...inputs,
      args: { limit: 5, vendor: 'Initech' },
      tool: { name: 'vendors', classPath: 'mcp.http', config: { tool: 'lookup', url: 'https://mcp.example/mcp' } },
    };
    expect(derivationHash(deriveGathered(reordered))).toBe(derivationHash(deriveGathered(inputs)));
  });

  it('changes the hash when any one input changes', () => {
    const variants: ResolvedInputs[] = [
      { ...inputs, kind: 'llm' },
      { ...inputs, args: { ...inputs.args, vendor: 'Globo Corp' } },
      { ...inputs, prompt: 'Say hello' },
      { ...inputs, deps: { client: { name: 'Initech' } } },
      { ...inputs, fields: { vendor_name: 'Globo Corp' } },
      { ...inputs, variables: { tone: 'formal' } },
      { ...inputs, tool: { ...TOOL, config: { url: 'https://other.example/mcp', tool: 'lookup' } } },
      { ...inputs, caller: { subject: 'bob', email: 'bob@example.com' } },
      { ...inputs, caller: null },
    ];
    const hashes = new Set([inputs, ...variants].map((v) => derivationHash(deriveGathered(v))));
    expect(hashes.size).toBe(variants.length + 1);
  });
});

describe('changedInputs', () => {
  it('names the inputs that differ between two records', () => {
    const before = deriveGathered(inputs);
    const after = deriveGathered({
      ...inputs,
      args: { ...inputs.args, vendor: 'Globo Corp' },
      fields: { vendor_name: 'Globo Corp', reviewer: 'Sam' },
      caller: { subject: 'bob', email: null },
    });
    expect(changedInputs(before, after)).toEqual(['caller', 'args.vendor', 'fields.reviewer', 'fields.vendor_name']);
    expect(changedInputs(before, deriveGathered(inputs))).toEqual([]);
  });
});
