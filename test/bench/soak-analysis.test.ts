import { describe, expect, it } from 'vitest';
import { type MemorySample, judgeSoak, referenceSeconds, slope } from '../../bench/soak-analysis.js';

/** Samples every 15 s for `minutes`, RSS given by `rss(t)`. */
const run = (minutes: number, rss: (t: number) => number): MemorySample[] =>
  Array.from({ length: (minutes * 60) / 15 + 1 }, (_, i) => ({ t: i * 15, rss: rss(i * 15), heapUsed: 80 }));

describe('what the soak concludes from its RSS samples', () => {
  it('passes a flat 30-minute run: the end equals minute 5 and the last half has no slope', () => {
    const verdict = judgeSoak(
      run(30, () => 300),
      1800,
    );
    expect(verdict.referenceAt).toBe(300);
    expect(verdict.reference).toBe(300);
    expect(verdict.end).toBe(300);
    expect(verdict.slopeMbPerMinute).toBeCloseTo(0, 6);
    expect(verdict.withinBound).toBe(true);
    expect(verdict.heapEnd).toBe(80);
  });

  it('fails a leak of 2 MB a minute: 50 MB over the 25 minutes after minute 5 is more than 10 % of 300 MB', () => {
    const verdict = judgeSoak(
      run(30, (t) => 290 + (2 * t) / 60),
      1800,
    );
    expect(verdict.reference).toBeCloseTo(300, 6);
    expect(verdict.end).toBeCloseTo(349, 6);
    expect(verdict.growth).toBeGreaterThan(0.1);
    expect(verdict.slopeMbPerMinute).toBeCloseTo(2, 6);
    expect(verdict.withinBound).toBe(false);
  });

  it('is not misled by one peak sample at minute 5 or at the end (medians of their windows)', () => {
    const verdict = judgeSoak(
      run(30, (t) => (t === 300 || t === 1800 ? 500 : 300)),
      1800,
    );
    expect(verdict.reference).toBe(300);
    expect(verdict.end).toBe(300);
    expect(verdict.withinBound).toBe(true);
  });

  it('takes its reference at a third of a run shorter than 15 minutes (a short look keeps a warm-up)', () => {
    expect(referenceSeconds(1800)).toBe(300);
    expect(referenceSeconds(180)).toBe(60);
    expect(
      judgeSoak(
        run(3, () => 200),
        180,
      ).referenceAt,
    ).toBe(60);
  });

  it('refuses a run with no sample near its reference', () => {
    expect(() => judgeSoak([{ t: 0, rss: 1 }], 1800)).toThrow(/no sample within/);
  });

  it('fits the slope by least squares', () => {
    expect(
      slope([
        { x: 0, y: 1 },
        { x: 1, y: 3 },
        { x: 2, y: 5 },
      ]),
    ).toBeCloseTo(2, 9);
    expect(slope([{ x: 1, y: 1 }])).toBe(0);
  });
});
