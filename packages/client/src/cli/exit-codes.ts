/**
 * Exit codes. `generate --follow` exits by the run's terminal event: 0 finished, 2 blocked,
 * 1 failed. Any other error (an API error, a broken stream) is 1; a command line the CLI cannot
 * act on is 64 (EX_USAGE), so it is never mistaken for a blocked run.
 */
export const EXIT = { ok: 0, failed: 1, blocked: 2, usage: 64 } as const;
