/** Polling with a deadline, for tests that wait on another process (never a fixed sleep). */
import { vi } from 'vitest';

class NotYet extends Error {}

/**
 * Calls `look` every 20 ms (through vitest's own waitFor) until it returns something other than
 * undefined; throws after `ms`, naming `what` was awaited (or with `look`'s last error).
 */
export async function until<T>(look: () => Promise<T | undefined>, what: string, ms = 60_000): Promise<T> {
  try {
    return await vi.waitFor(
      async () => {
        const found = await look();
        if (found === undefined) throw new NotYet(what);
        return found;
      },
      { timeout: ms, interval: 20 },
    );
  } catch (error) {
    if (error instanceof NotYet) throw new Error(`gave up waiting for ${what}`);
    throw error;
  }
}
