/** The compute stage: JSONata over fields and gathered values, pinned time, refusals. */
import { describe, expect, it } from 'vitest';
import { computeValues } from './compute.js';

const NOW = '2026-03-14T09:30:00.000Z';

describe('computeValues', () => {
  it('computes over fields and gathered values, each computation seeing the ones before it by name', async () => {
    const output = await computeValues({
      computations: { b_total: 'computed.a_net * 1.2', a_net: '$number(fields.hours) * rate' },
      fields: { hours: '10' },
      gathered: { rate: 120 },
      now: NOW,
    });
    expect(output).toEqual({ computed: { a_net: 1200, b_total: 1440 }, errors: {} });
  });

  it('sees the run pinned time through $now() and $millis(), so a reproduce computes the same', async () => {
    const output = await computeValues({ computations: { at: '$now()', ms: '$millis()' }, fields: {}, gathered: {}, now: NOW });
    expect(output.computed).toEqual({ at: NOW, ms: Date.parse(NOW) });
  });

  it('refuses $random() and a broken expression by name, while the others still compute', async () => {
    const output = await computeValues({ computations: { dice: '$random()', broken: '1 +', fine: '"ok"' }, fields: {}, gathered: {}, now: NOW });
    expect(output.computed).toEqual({ dice: null, broken: null, fine: 'ok' });
    expect(output.errors.dice).toMatch(/\$random\(\) is not allowed/);
    expect(Object.keys(output.errors).sort()).toEqual(['broken', 'dice']);
  });

  it('gives plain JSON for sequences and null for an expression that yields nothing', async () => {
    const output = await computeValues({
      computations: { names: 'people.name', none: 'nothing_here' },
      fields: {},
      gathered: { people: [{ name: 'Ada' }, { name: 'Grace' }] },
      now: NOW,
    });
    expect(output.computed).toEqual({ names: ['Ada', 'Grace'], none: null });
  });

  it('refuses non-deterministic functions reached at run time, such as through $eval', async () => {
    const { errors } = await computeValues({
      computations: { a: '$eval("$random()")', b: '$eval("$shuffle([1, 2])")' },
      fields: {},
      gathered: {},
      now: '2026-01-01T00:00:00.000Z',
    });
    expect(errors.a).toContain('$random() is not allowed');
    expect(errors.b).toContain('$shuffle() is not allowed');
  });
});
