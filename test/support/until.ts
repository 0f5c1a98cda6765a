/** Polling with a deadline, for tests that wait on another process (never a fixed sleep). */

/** Calls `look` every 20 ms until it returns something other than undefined; throws after `ms`. */
export async function until<T>(look: () => Promise<T | undefined>, what: string, ms = 60_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const found = await look();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
