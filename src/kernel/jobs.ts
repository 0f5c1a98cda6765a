/**
 * Background work behind one interface: a job has a name, a JSON payload and a handler.
 * Payloads carry the organization id; no job reads an ambient organization. Secrets (bearer
 * tokens) never go into a payload.
 */

export interface JobDefinition<P> {
  name: string;
  handler(payload: P, job: { id: string; attempt: number }): Promise<void>;
  /** Called at start for jobs a dead process left running; default: run them again. */
  onOrphaned?(payload: P, job: { id: string }): Promise<'retry' | 'drop'>;
}

export interface JobQueue {
  register<P>(definition: JobDefinition<P>): void;
  /** Queues a job; a job with the same id that is already queued or running is not queued twice. */
  enqueue<P>(name: string, payload: P, options?: { id?: string }): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Resolves when nothing is queued or running (tests and graceful shutdown). */
  idle(): Promise<void>;
}
