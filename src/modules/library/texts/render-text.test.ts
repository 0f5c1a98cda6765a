import { describe, expect, it } from 'vitest';
import { renderText } from './render-text.js';

const TEXT = {
  key: 'parties',
  value: 'The parties',
  headingTemplate: 'Between {{ client }} and {{ fields.firm }}',
  narrativeTemplate: '{{ client }} engages {{ supplier }} on {{ fields.start }}.',
  bullets: ['one'],
  entityRolesUsed: ['client', 'supplier'],
};

describe('renderText', async () => {
  it('renders heading and narrative with the document context and the declared roles', async () => {
    const out = await renderText(TEXT, { fields: { firm: 'Quire LLP', start: '2026-01-01' } }, { client: 'Acme', supplier: 'Globex', other: 'ignored' });
    expect(out.heading).toBe('Between Acme and Quire LLP');
    expect(out.narrative).toBe('Acme engages Globex on 2026-01-01.');
    expect(out.unboundRoles).toEqual([]);
    expect(out.errors).toEqual([]);
  });

  it('passes only declared roles and reports the unbound ones', async () => {
    const out = await renderText({ ...TEXT, narrativeTemplate: '{{ client }} / {{ other }}' }, { fields: { firm: 'F' } }, { other: 'x' });
    expect(out.unboundRoles).toEqual(['client', 'supplier']);
    expect(out.undefinedVariables).toEqual(expect.arrayContaining(['client', 'other']));
  });

  it('falls back to the plain value without a narrative template, and is deterministic', async () => {
    const plain = { ...TEXT, headingTemplate: null, narrativeTemplate: null };
    expect(await renderText(plain, {}, {})).toMatchObject({ heading: null, narrative: 'The parties', bullets: ['one'] });
    expect(await renderText(TEXT, { fields: {} }, { client: 'A' })).toEqual(await renderText(TEXT, { fields: {} }, { client: 'A' }));
  });

  it('reports a template that cannot render instead of throwing', async () => {
    const out = await renderText({ ...TEXT, narrativeTemplate: '{% for %}' }, {}, {});
    expect(out.errors[0]).toMatch(/^narrativeTemplate:/);
  });

  it('renders a role bound to an entity as its name, with its attributes under roles (issue #11)', async () => {
    const initech = { id: 'ent_initech', name: 'Initech', kind: 'organization', attributes: { jurisdiction: 'Delaware' } };
    const out = await renderText(
      { ...TEXT, narrativeTemplate: '{{ client }} ({{ roles.client.jurisdiction }}, {{ roles.client.kind }}) and {{ supplier }}' },
      {},
      { client: initech, supplier: 'ent_unknown' },
    );
    expect(out.narrative).toBe('Initech (Delaware, organization) and ent_unknown');
    expect(out.unboundRoles).toEqual([]);
  });
});
