/**
 * Exit codes (also in `quire --help` and the README):
 *   0  done: the command did what it says (`readiness`: ready; `generate --follow`: finished;
 *      `assess`: every file accepted and extracted; `merge`: every row made)
 *   1  failed: an API error, an unreachable server, a failed run, or (`assess`, `merge`) any file
 *      or row that failed, each named with its reason
 *   2  not ready: `readiness` found blocking gaps; `generate --follow` ended `pipeline_blocked`
 *   64 a command line the CLI cannot act on (EX_USAGE), an unknown field name included, so it
 *      is never mistaken for a blocked run
 */
export const EXIT = { ok: 0, failed: 1, blocked: 2, notReady: 2, usage: 64 } as const;
