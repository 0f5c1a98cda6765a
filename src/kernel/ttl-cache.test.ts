import { describe, expect, it } from 'vitest';
import { TtlCache } from './ttl-cache.js';

describe('TtlCache', () => {
  it('never holds more than its capacity: the oldest entries go first', () => {
    const clock = 1_000;
    const cache = new TtlCache<string, number>(100, () => clock);
    for (let i = 0; i < 150; i += 1) cache.set(`k${i}`, i, clock + 60_000);
    expect(cache.size).toBe(100);
    expect(cache.get('k49')).toBeUndefined();
    expect(cache.get('k50')).toBe(50);
    expect(cache.get('k149')).toBe(149);
  });

  it('answers an entry until its time, then drops it', () => {
    let clock = 1_000;
    const cache = new TtlCache<string, string>(10, () => clock);
    cache.set('a', 'x', clock + 5);
    clock += 4;
    expect(cache.get('a')).toBe('x');
    clock += 1;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });
});
