import { describe, expect, it } from 'vitest';
import { growthExponent } from '../../bench/growth-exponent.js';

const SIZES = [1_000, 10_000, 100_000];

describe('the growth exponent the document growth bench reports', () => {
  it('is 0 for a read that costs the same at every size', () => {
    expect(growthExponent(SIZES, [2.5, 2.5, 2.5])).toBeCloseTo(0, 6);
  });

  it('is 1 for a read that costs in proportion to the documents, and 2 for one that costs their square', () => {
    expect(growthExponent(SIZES, [1, 10, 100])).toBeCloseTo(1, 6);
    expect(growthExponent(SIZES, [1, 100, 10_000])).toBeCloseTo(2, 6);
  });

  it("fits a line through noisy costs: the issue's no-match search, 3.3 → 6 → 87 ms, grows about as the documents", () => {
    expect(growthExponent(SIZES, [3.3, 6, 87])).toBeCloseTo(0.71, 2);
  });

  it('counts a cost measured as 0 as a microsecond instead of failing on log 0', () => {
    expect(Number.isFinite(growthExponent(SIZES, [0, 1, 1]))).toBe(true);
  });

  it('refuses sizes and costs that do not pair up', () => {
    expect(() => growthExponent(SIZES, [1, 2])).toThrow(/a cost for each/);
  });
});
