import { describe, expect, it } from 'vitest';
import { FixedWindows } from './fixed-windows.js';

describe('FixedWindows', () => {
  it('counts a key\'s requests in the window its first one opened, and starts again after it', () => {
    const windows = new FixedWindows(60_000);
    expect(windows.hit('user:a', 1_000)).toEqual({ count: 1, remainingMs: 60_000 });
    expect(windows.hit('user:a', 31_000)).toEqual({ count: 2, remainingMs: 30_000 });
    expect(windows.hit('user:b', 31_000)).toEqual({ count: 1, remainingMs: 60_000 });
    expect(windows.hit('user:a', 60_999)).toEqual({ count: 3, remainingMs: 1 });
    // The window ended at 61,000: the next request opens a new one.
    expect(windows.hit('user:a', 61_000)).toEqual({ count: 1, remainingMs: 60_000 });
  });

  it('keeps at most maxKeys keys: ended windows go first, then the oldest opened', () => {
    const windows = new FixedWindows(1_000, 3);
    windows.hit('a', 0); // until 1,000
    windows.hit('b', 500); // until 1,500
    windows.hit('c', 600); // until 1,600
    // At 1,200 only a's window has ended: it makes room for d, and b keeps its count.
    windows.hit('d', 1_200);
    expect(windows.size).toBe(3);
    expect(windows.hit('b', 1_300).count).toBe(2);
    // Nothing has ended at 1,300: e pushes out the oldest opened window, b's, which starts afresh.
    windows.hit('e', 1_300);
    expect(windows.size).toBe(3);
    expect(windows.hit('b', 1_300).count).toBe(1);
    expect(windows.size).toBe(3);
  });
});
