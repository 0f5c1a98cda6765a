/**
 * The callers of runs in progress, kept in memory only: per-user tool servers receive the
 * caller's bearer token and email during the run, and the token is never written to the job
 * table or anywhere else. A run picked up by another process (or after a restart) has no
 * caller here, and per-user tools then fail with a clear message.
 */
import type { ToolCaller } from '../../pipeline/ports.js';

const TTL_MS = 2 * 60 * 60 * 1000;

export class CallerRegistry {
  private readonly callers = new Map<string, { caller: ToolCaller; expires: number }>();

  remember(runId: string, caller: ToolCaller): void {
    this.sweep();
    this.callers.set(runId, { caller, expires: Date.now() + TTL_MS });
  }

  get(runId: string): ToolCaller | null {
    const entry = this.callers.get(runId);
    return entry && entry.expires > Date.now() ? entry.caller : null;
  }

  forget(runId: string): void {
    this.callers.delete(runId);
  }

  private sweep(): void {
    const now = Date.now();
    for (const [id, entry] of this.callers) if (entry.expires <= now) this.callers.delete(id);
  }
}

/** One registry per process: the HTTP side remembers, the job side reads. */
export const callerRegistry = new CallerRegistry();
