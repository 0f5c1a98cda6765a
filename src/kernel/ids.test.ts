/** Ids keep their form and stay distinct across many draws (the random part comes from a pool refilled as it runs out). */
import { expect, it } from 'vitest';
import { newId } from './ids.js';

it('names 10,000 ids, each `prefix_` + 10 time + 16 random Crockford characters, no two alike', () => {
  const ids = Array.from({ length: 10_000 }, () => newId('itm'));
  expect(ids.filter((id) => !/^itm_[0-9a-hjkmnp-tv-z]{26}$/.test(id))).toEqual([]);
  expect(new Set(ids).size).toBe(10_000);
  // The random parts too: a pool that handed out the same bytes twice would repeat them.
  expect(new Set(ids.map((id) => id.slice(-16))).size).toBe(10_000);
});
