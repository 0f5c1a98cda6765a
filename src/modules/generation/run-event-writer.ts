/**
 * Writes a run's progress events in batches. A run renders hundreds of sections in milliseconds,
 * and one transaction per `render_started` made the database the render stage's bottleneck; the
 * writer queues the per-item events and writes them in one append (one transaction) per flush.
 *
 * Flush points, in the order events happened (seqs stay strictly increasing: batches are written
 * one after another, each taking a contiguous range of the document's counter):
 * - `pipeline_started` (and any event not queued) is written with everything queued before it,
 *   and the pipeline waits until it is durable;
 * - `maxBatch` queued events start a flush (the emitter waits for it: back-pressure);
 * - `maxDelayMs` after the first queued event a timer flushes, so a subscriber sees an item start
 *   within that delay (plus its poll) even while a slow model call holds the next stage back;
 * - the runner takes what is still queued ({@link takeQueued}) and writes it with the terminal
 *   event, in the run's output transaction (ADR 0791).
 *
 * Durability: an event is durable once a flush holding it has committed. Progress streams read
 * events only from the table, so every event a client was ever shown is durable; a crash loses
 * at most the queued events nobody has seen, and the run's terminal event (written after a
 * flush, or by the orphan handling after a crash) still comes last.
 *
 * A failed flush fails the run: its error is thrown by the next `emit` or `flush`.
 */
import type { PipelineEvent, PipelineEventName } from '../../pipeline/events.js';

/**
 * Queued, written with the next flush. Per-item events, and the stage starts that follow one
 * another within milliseconds (gather, synthesis) or come just before the run's end (verify):
 * each was its own write (a round trip on PostgreSQL, ADR 0791), and the timer still shows each
 * within `maxDelayMs`. Every other event is a flush point.
 */
const QUEUED_EVENTS: ReadonlySet<PipelineEventName> = new Set([
  'gather_started',
  'orchestrate_started',
  'synthesize_started',
  'verify_started',
  'render_started',
  'need_started',
  'need_finished',
  'need_failed',
  'need_cached',
  'verify_section_started',
  'verify_section_finished',
]);

export interface RunEventWriterOptions {
  /** Queued events that start a flush. */
  maxBatch: number;
  /** Longest time an event stays queued. */
  maxDelayMs: number;
}

export const DEFAULT_RUN_EVENT_WRITER_OPTIONS: RunEventWriterOptions = { maxBatch: 100, maxDelayMs: 50 };

export type AppendEvents = (events: Array<{ event: PipelineEvent; at: Date }>) => Promise<unknown>;

export class RunEventWriter {
  private queued: Array<{ event: PipelineEvent; at: Date }> = [];
  /** The flushes under way, chained so batches commit in the order they were taken. */
  private writing: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | null = null;
  private failure: unknown = null;

  constructor(
    private readonly append: AppendEvents,
    private readonly now: () => Date,
    private readonly options: RunEventWriterOptions = DEFAULT_RUN_EVENT_WRITER_OPTIONS,
  ) {}

  /**
   * The pipeline's emit port: queues a per-item event (resolved at once, or when a full batch is
   * written), or writes a stage event with everything before it (resolved once durable).
   */
  emit = async (event: PipelineEvent): Promise<void> => {
    this.throwIfFailed();
    this.queued.push({ event, at: this.now() });
    if (!QUEUED_EVENTS.has(event.event) || this.queued.length >= this.options.maxBatch) {
      await this.flush();
      return;
    }
    this.timer ??= setTimeout(() => {
      this.timer = null;
      // A timer flush's failure is kept for the next emit or flush to throw.
      this.flush().catch(() => undefined);
    }, this.options.maxDelayMs);
  };

  /** Writes everything queued; resolves once it (and every earlier flush) is durable. */
  async flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    const batch = this.queued;
    this.queued = [];
    if (batch.length > 0) {
      this.writing = this.writing.then(async () => {
        if (this.failure) return;
        try {
          await this.append(batch);
        } catch (error) {
          this.failure = error;
        }
      });
    }
    await this.writing;
    this.throwIfFailed();
  }

  /**
   * What is queued, taken out of the writer once every earlier flush is durable: the runner
   * writes it with the terminal event in one statement. Given back with {@link requeue} if that
   * write fails, so the failure path still writes it before `pipeline_failed`.
   */
  async takeQueued(): Promise<Array<{ event: PipelineEvent; at: Date }>> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    await this.writing;
    this.throwIfFailed();
    const batch = this.queued;
    this.queued = [];
    return batch;
  }

  /** Puts taken events back in front of the queue (their write failed); the next flush writes them. */
  requeue(batch: ReadonlyArray<{ event: PipelineEvent; at: Date }>): void {
    this.queued = [...batch, ...this.queued];
  }

  /** Drops what is queued (the run is ending without it, e.g. after a failed flush). */
  discard(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.queued = [];
  }

  private throwIfFailed(): void {
    if (this.failure) throw this.failure instanceof Error ? this.failure : new Error(String(this.failure));
  }
}
