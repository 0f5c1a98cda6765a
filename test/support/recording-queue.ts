/** A job queue for command tests: it only records what was enqueued; the test runs the jobs itself. */
import type { Static, TSchema } from 'typebox';
import type { JobDefinition, JobQueue, JobType } from '../../src/kernel/jobs.js';

/** Records each enqueue; `failWith` makes the next enqueue throw. */
export class RecordingQueue implements JobQueue {
  readonly enqueued: Array<{ name: string; payload: unknown; id: string | undefined }> = [];
  failWith: Error | null = null;
  register(_definition: JobDefinition): void {}
  async enqueue<S extends TSchema>(type: JobType<S>, payload: Static<S>, options?: { id?: string }): Promise<void> {
    if (this.failWith) throw this.failWith;
    // As the real queue: an id already queued is not queued twice (the wake-up after the commit).
    if (options?.id !== undefined && this.enqueued.some((e) => e.id === options.id)) return;
    this.enqueued.push({ name: type.name, payload, id: options?.id });
  }
  /** Records nothing: a wake-up queues no job. */
  wake(): void {}
  async start(): Promise<void> {}
  async stop(): Promise<void> {}
  async cancel(): Promise<boolean> {
    return true;
  }
  isRunning(): boolean {
    return false;
  }
  async idle(): Promise<void> {}
}
