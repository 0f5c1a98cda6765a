/**
 * Background work behind one interface. Every job has a definition (documenso-style): a name,
 * a TypeBox payload schema and a handler. Payloads are camelCase JSON, carry the organization
 * id (no job reads an ambient organization) and never a secret (a run's bearer token is sealed beside the run, never in a payload).
 * The payload is validated when the job is handled, so a malformed one fails the job with a
 * message naming what is wrong instead of failing somewhere deep in the handler.
 */
import type { Static, TSchema } from 'typebox';
import { Value } from 'typebox/value';

/**
 * A job's name and payload contract: what the code that enqueues it and its handler agree on.
 * Modules that enqueue own it; src/jobs binds it to a handler with `defineJob`.
 */
export interface JobType<S extends TSchema> {
  name: string;
  schema: S;
  /**
   * Maps a payload written by an older version to the current shape before it is validated.
   * Jobs are stored in the queue's table and outlive a deploy, so a job queued before a
   * payload change must still be read (absent: payloads are taken as they are).
   */
  upgrade?(stored: Record<string, unknown>): Record<string, unknown>;
}

/** The payload type of a job type. */
export type PayloadOf<J extends JobType<TSchema>> = Static<J['schema']>;

/** What the queue runs: the handlers take the stored payload, which they validate first. */
export interface JobDefinition extends JobLimits {
  name: string;
  handler(payload: unknown, job: JobRun): Promise<void>;
  /**
   * Called for jobs a dead process left running, for jobs still running when this process
   * shuts down past its grace (`reason: 'shutdown'`), and for jobs whose attempt ended while the
   * database was unreachable, so that its outcome was never written (`reason: 'interrupted'`);
   * default: run them again.
   */
  onOrphaned?(payload: unknown, job: OrphanedJob): Promise<'retry' | 'drop'>;
}

/**
 * How long one attempt of a job type may run and how often it is tried again, for queues that
 * keep such limits (the PostgreSQL engine; the in-process queue runs each job once).
 */
export interface JobLimits {
  /** Attempts after the first, on a handler failure or a dead process's hand-back ('retry'). Default 2. */
  retryLimit?: number;
  /** Seconds after which a running attempt is aborted and counted as failed. Default 3600. */
  expireInSeconds?: number;
}

/** A job as its handler sees it. `signal` aborts when the work is cancelled or handed back. */
export interface JobRun {
  id: string;
  attempt: number;
  signal?: AbortSignal;
}

export interface OrphanedJob {
  id: string;
  reason?: 'orphaned' | 'shutdown' | 'interrupted';
  /**
   * True when the queue will not run the job again whatever `onOrphaned` answers (its retry
   * limit is spent): the handler must end the work it stands for instead of putting it back.
   */
  isFinalAttempt?: boolean;
}

/** A stored payload that does not match its job's schema (after the upgrade mapping). */
export class InvalidJobPayloadError extends Error {
  constructor(jobName: string, problems: string[]) {
    super(`job ${jobName}: malformed payload: ${problems.join('; ')}`);
    this.name = 'InvalidJobPayloadError';
  }
}

/**
 * Reads a stored payload as the job type's payload: upgrade mapping, then schema check.
 *
 * @throws InvalidJobPayloadError when the payload does not match the schema.
 */
export function parseJobPayload<S extends TSchema>(type: JobType<S>, stored: unknown): Static<S> {
  const isObject = typeof stored === 'object' && stored !== null && !Array.isArray(stored);
  const payload = isObject && type.upgrade ? type.upgrade(stored as Record<string, unknown>) : stored;
  if (Value.Check(type.schema, payload)) return payload;
  const problems = [...Value.Errors(type.schema, payload)].filter((e) => e.keyword !== 'boolean').map((e) => `${e.instancePath || '/'} ${e.message}`);
  throw new InvalidJobPayloadError(type.name, problems.length > 0 ? problems : ['not an object']);
}

/**
 * Binds a job type to its handler. The handler (and `onOrphaned`) receive the validated
 * payload; an orphaned job whose payload is malformed is dropped (it could never run).
 */
export function defineJob<S extends TSchema>(
  type: JobType<S>,
  handlers: JobLimits & {
    handler(payload: Static<S>, job: JobRun): Promise<void>;
    onOrphaned?(payload: Static<S>, job: OrphanedJob): Promise<'retry' | 'drop'>;
  },
): JobDefinition {
  const { onOrphaned, retryLimit, expireInSeconds } = handlers;
  return {
    name: type.name,
    ...(retryLimit !== undefined ? { retryLimit } : {}),
    ...(expireInSeconds !== undefined ? { expireInSeconds } : {}),
    handler: async (stored, job) => handlers.handler(parseJobPayload(type, stored), job),
    ...(onOrphaned
      ? {
          onOrphaned: async (stored: unknown, job: OrphanedJob) => {
            let payload: Static<S>;
            try {
              payload = parseJobPayload(type, stored);
            } catch {
              return 'drop' as const;
            }
            return onOrphaned(payload, job);
          },
        }
      : {}),
  };
}

/** How a job is queued (see `JobQueue.enqueue`). */
export interface EnqueueOptions {
  id?: string;
  transaction?: unknown;
  startAfter?: Date;
}

export interface JobQueue {
  register(definition: JobDefinition): void;
  /** Queues a job; a job with the same id that is already queued or running is not queued twice. */
  /**
   * `transaction`: the caller's open database transaction (`transactionHandleOf(ctx)`): the job
   * row is written in it, so it exists only if the caller's writes commit. Enqueuing an id that
   * is already queued wakes the queue; after the commit, `wake` starts it at once for less.
   */
  enqueue<S extends TSchema>(type: JobType<S>, payload: Static<S>, options?: EnqueueOptions): Promise<void>;
  /**
   * After the commit of a transaction that enqueued a `type` job: this process looks for it at
   * once instead of at its next poll. Nothing is written (on PostgreSQL the enqueue's NOTIFY,
   * delivered at the commit, woke the other workers): a send again after the commit would only
   * meet the job's id (ADR 0781).
   */
  wake<S extends TSchema>(type: JobType<S>): void;
  /**
   * Makes the queue ready to take jobs (a job engine installs or migrates its tables and
   * creates the registered queues), on every role, after the definitions are registered and
   * before the first request: so no enqueue inside a request's transaction has to wait for
   * it (absent: nothing to prepare).
   */
  prepare?(): Promise<void>;
  start(): Promise<void>;
  /**
   * Stops claiming jobs, then waits for the running ones: at most `graceMs` (default: until they
   * finish). Jobs still running then are aborted and handed back (`onOrphaned`, reason `shutdown`).
   */
  stop(options?: { graceMs?: number }): Promise<void>;
  /**
   * Cancels a job: a queued one is removed, a running one in this process is aborted (its
   * signal) and waited for, at most `waitMs`. Resolves true when the job is no longer running here.
   */
  cancel(id: string, options?: { waitMs?: number }): Promise<boolean>;
  /** True between start() and stop(): this process claims and runs jobs (the readiness probe asks). */
  isRunning(): boolean;
  /**
   * Jobs by status (`queued`, `running`, `done`, `failed`, `cancelled`) for the metrics, when the
   * queue keeps them outside the store's `jobs` table (absent: the metrics count that table).
   */
  countByStatus?(): Promise<Record<string, number>>;
  /** Resolves when nothing is queued or running (tests and graceful shutdown). */
  idle(): Promise<void>;
}
