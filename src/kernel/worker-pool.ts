/**
 * A small pool of long-lived worker threads that run short tasks within a budget: a wall-clock
 * deadline per task and a V8 heap cap per worker. It is what lets the service evaluate
 * tenant-authored code (templates, computations, rules) without its own event loop or heap
 * being at the mercy of that code: a task that runs past its deadline or fills the heap only
 * costs one worker, which is terminated and replaced, and the main thread keeps answering.
 *
 * Unlike `runBoundedWorker` (one worker per run, started and stopped around it), the workers
 * stay up between tasks: starting a worker costs tens of milliseconds, far more than rendering
 * a template, so a per-task worker would make every ordinary render slow.
 *
 * - The pool size is fixed and small; tasks beyond it wait in a FIFO queue.
 * - Two clocks per task: the run deadline (`timeoutMs`) starts when a ready worker takes the
 *   task — it bounds the tenant's code, not the time others' tasks or a worker's start-up took;
 *   the queue deadline (`queueTimeoutMs`) bounds the wait before that, and a task that waits it
 *   out fails with `WorkerQueueTimeoutError` without ever running.
 *   A task may ask for the run deadline in CPU time of its worker thread (`cpuTime`, Linux: a busy
 *   host slows it without failing it, until its overload time: `WorkerOverloadedError`), and for a
 *   queue deadline that counts only time in which no worker finished a task (`queueWhileMoving`).
 * - A worker takes tasks once it said it is ready (its modules are loaded), so a slow start
 *   (a cold cache, a loaded machine) is waiting, not running.
 * - Workers are unref'd: an idle pool never keeps the process alive.
 * - A task may be a conversation (`converse`): the worker sends steps and waits for the
 *   caller's reply to each (extraction streams its items back in chunks that way), and the task
 *   may be cancelled through an AbortSignal (its worker is replaced).
 * - A worker is recycled after `maxTasksPerWorker` tasks or when its heap is left above
 *   `recycleAboveHeapMb` after a task: a long-lived thread that once parsed a large file would
 *   otherwise keep that heap (and the process its resident memory) for good.
 * - A task may name an affinity (any integer): tasks of one affinity go to the same worker, so
 *   what a worker keeps between tasks (compiled templates) serves the next task of its kind
 *   instead of being built again by another worker. Each worker has a lane (0 … size − 1, kept
 *   by its replacement); affinity `a` belongs to lane `a mod size`. A free worker takes the first
 *   queued task of its lane; when there is none it takes a task whose own worker is busy (or not
 *   started): affinity never leaves a worker idle while tasks wait, nor lets one slow task hold
 *   its lane's queue behind it — it only decides who takes a task when both could.
 *
 * The worker side is `serveWorkerPoolTasks` (worker-pool-server.ts).
 */
import type { Worker } from 'node:worker_threads';
import { WorkerAbortedError, WorkerCrashError, WorkerOutOfMemoryError, WorkerStartError, WorkerTimeoutError } from './bounded-worker.js';
import { startModuleWorker } from './module-worker.js';
import { type ThreadTimes, threadTimes } from './thread-cpu-time.js';

export { WorkerAbortedError, WorkerCrashError, WorkerOutOfMemoryError, WorkerStartError, WorkerTimeoutError } from './bounded-worker.js';

/** Which worker module the pool runs, how many of them, and each one's heap cap. */
export interface WorkerPoolOptions {
  /** The caller's `import.meta.url`: the worker module sits beside the caller. */
  callerUrl: string;
  /** The worker module's file name without extension, e.g. `tenant-code.worker`. */
  module: string;
  /** Number of workers (at least 1). */
  size: number;
  /** V8 old-generation cap of each worker, in MB. */
  maxHeapMb: number;
  /** A worker is replaced after this many tasks (default: never). */
  maxTasksPerWorker?: number;
  /** A worker whose heap is above this many MB after a task is replaced (default: never). */
  recycleAboveHeapMb?: number;
}

/** The message a pool worker receives for one task, or the caller's reply to one of its steps. */
export type PoolTaskMessage<Req> = { id: number; request: Req } | { id: number; reply: unknown };

/**
 * The message a pool worker answers one task with (`heapMb`: its heap after the task, for
 * recycling), or a step of a conversation that waits for the caller's reply.
 */
export type PoolReplyMessage<Res> =
  { id: number; ok: true; value: Res; heapMb?: number } | { id: number; ok: false; error: string; heapMb?: number } | { id: number; step: unknown };

/** What a conversation's caller does with each step: it may reply (the worker waits for it). */
export type PoolStepHandler = (step: unknown, reply: (message: unknown) => void) => void;

/** The message a pool worker sends once, when it is ready to take tasks (`tid`: its thread's kernel id, for CPU time). */
export const POOL_WORKER_READY = { ready: true } as const;
export type PoolWorkerReady = typeof POOL_WORKER_READY & { tid?: number };

/** The two deadlines of one task (see the module comment), and what cancels it. */
export interface PoolTaskDeadlines {
  timeoutMs: number;
  queueTimeoutMs: number;
  /** Aborting cancels the task: dropped from the queue, or its worker replaced. */
  signal?: AbortSignal;
  /** Tasks of the same affinity prefer the same worker (see the module comment). */
  affinity?: number;
  /**
   * Bound the task by its worker thread's CPU time instead (`timeoutMs` of CPU, where the platform
   * lets it be read: thread-cpu-time.ts): a busy host slows the task without failing it, until
   * `overloadAfterMs` of wall clock, past which it fails with WorkerOverloadedError.
   */
  cpuTime?: { overloadAfterMs: number };
  /** Count only queue time in which no worker finished a task: a long queue that moves never fails. */
  queueWhileMoving?: boolean;
}

/** A task that failed inside the worker (the worker survives; `message` is what it threw). */
export class PoolTaskError extends Error {
  override readonly name = 'PoolTaskError';
}

/** A task that waited in the queue until its deadline passed: it never ran. */
export class WorkerQueueTimeoutError extends WorkerTimeoutError {
  readonly queued = true;
}

/** A task within its CPU budget that the host left too little CPU to finish in time (the worker is replaced). */
export class WorkerOverloadedError extends Error {
  override readonly name = 'WorkerOverloadedError';
  constructor(
    readonly wallMs: number,
    readonly used: ThreadTimes,
  ) {
    super(`the task had ${Math.round(used.cpuMs)} ms of CPU in ${Math.round(wallMs)} ms (${Math.round(used.runQueueMs)} ms waiting for a CPU) and was stopped`);
  }
}

interface PendingTask<Req, Res> {
  id: number;
  request: Req;
  deadlines: PoolTaskDeadlines;
  resolve(value: Res): void;
  reject(error: unknown): void;
  timer: NodeJS.Timeout;
  settled: boolean;
  onStep?: PoolStepHandler;
  onAbort?: () => void;
  /** The lane whose worker this task prefers (none: any worker). */
  lane: number | undefined;
  queuedAt: number;
  /** When a worker took it, and its thread's times then (CPU-time tasks). */
  startedAt?: number;
  timesAtStart?: ThreadTimes;
}

interface Slot<Req, Res> {
  worker: Worker;
  task: PendingTask<Req, Res> | null;
  ready: boolean;
  retired: boolean;
  tasksDone: number;
  /** Which affinities this worker serves first (kept by its replacement). */
  lane: number;
  /** The worker thread's kernel id (its CPU time is read by it), when the worker could tell. */
  tid?: number;
  /** Its V8 heap (total size, MB) after its last task, as it reported it: for recycling and metrics. */
  heapMb?: number;
}

/** What a pool has done so far; for tests and metrics. */
export interface WorkerPoolStats {
  size: number;
  /** Workers that finished starting and take tasks. */
  ready: number;
  busy: number;
  queued: number;
  /** Workers started over the pool's life (the first ones and every replacement). */
  started: number;
}

/** The heaps of one pool's live workers, as they reported them after their last task. */
export interface WorkerPoolHeap {
  /** The worker module, e.g. `processor.worker`. */
  module: string;
  workers: number;
  heapMb: number;
}

/**
 * Every pool not yet closed, so that the process can say how much of its memory its worker
 * threads hold (GET /metrics: `quire_worker_heap_bytes`): a worker's heap is outside the main
 * thread's heap statistics, and a pool of long-lived workers is the largest memory a process
 * keeps besides its main heap.
 */
const openPools = new Set<WorkerPool<unknown, unknown>>();

/** The workers' heaps of every open pool of this process, by worker module. */
export function workerPoolHeaps(): WorkerPoolHeap[] {
  const byModule = new Map<string, WorkerPoolHeap>();
  for (const pool of openPools) {
    const heap = pool.heap();
    const seen = byModule.get(heap.module);
    if (seen) {
      seen.workers += heap.workers;
      seen.heapMb += heap.heapMb;
    } else byModule.set(heap.module, heap);
  }
  return [...byModule.values()];
}

function isOutOfMemory(error: Error): boolean {
  return (error as { code?: unknown }).code === 'ERR_WORKER_OUT_OF_MEMORY';
}

export class WorkerPool<Req, Res> {
  private readonly slots: Array<Slot<Req, Res>> = [];
  private readonly queue: Array<PendingTask<Req, Res>> = [];
  private nextId = 1;
  private started = 0;
  private closed = false;
  /** When a worker last finished a task (the queue moved). */
  private lastProgressAt = performance.now();

  constructor(private readonly options: WorkerPoolOptions) {
    if (!Number.isInteger(options.size) || options.size < 1) throw new Error('a worker pool needs at least one worker');
    openPools.add(this as WorkerPool<unknown, unknown>);
  }

  /** Starts the workers now rather than at the first task (start-up, before traffic). */
  warm(): void {
    while (!this.closed && this.slots.length < this.options.size) if (!this.startSlot()) return;
  }

  /**
   * Runs one task on the next free worker.
   *
   * @throws WorkerTimeoutError when no answer came within `timeoutMs` of a worker taking it (the
   *   worker is replaced); WorkerQueueTimeoutError when no worker took it within `queueTimeoutMs`.
   * @throws WorkerOutOfMemoryError when the worker reached its heap cap (it is replaced).
   * @throws WorkerCrashError when the worker died otherwise; WorkerStartError when none starts.
   * @throws PoolTaskError when the task threw inside the worker.
   */
  run(request: Req, deadlines: PoolTaskDeadlines): Promise<Res> {
    return this.submit(request, deadlines, undefined);
  }

  /**
   * Runs one task as a conversation: each step the worker sends goes to `onStep`, whose reply
   * the worker waits for; the task's final answer resolves the promise. Throws as `run`, and
   * WorkerAbortedError when `deadlines.signal` aborts (a running task's worker is replaced);
   * whatever `onStep` throws fails the task and replaces the worker.
   */
  converse(request: Req, deadlines: PoolTaskDeadlines, onStep: PoolStepHandler): Promise<Res> {
    return this.submit(request, deadlines, onStep);
  }

  private submit(request: Req, deadlines: PoolTaskDeadlines, onStep: PoolStepHandler | undefined): Promise<Res> {
    if (this.closed) return Promise.reject(new Error('the worker pool is closed'));
    if (deadlines.signal?.aborted) return Promise.reject(new WorkerAbortedError());
    return new Promise<Res>((resolve, reject) => {
      const task: PendingTask<Req, Res> = {
        id: this.nextId++,
        request,
        deadlines,
        resolve,
        reject,
        settled: false,
        timer: setTimeout(() => this.expire(task), deadlines.queueTimeoutMs),
        onStep,
        queuedAt: performance.now(),
        lane: deadlines.affinity === undefined ? undefined : ((deadlines.affinity % this.options.size) + this.options.size) % this.options.size,
      };
      if (deadlines.signal) {
        const onAbort = () => this.cancel(task);
        task.onAbort = onAbort;
        deadlines.signal.addEventListener('abort', onAbort, { once: true });
      }
      this.queue.push(task);
      this.dispatch();
    });
  }

  stats(): WorkerPoolStats {
    return {
      size: this.options.size,
      ready: this.slots.filter((s) => s.ready && !s.retired).length,
      busy: this.slots.filter((s) => s.task !== null).length,
      queued: this.queue.length,
      started: this.started,
    };
  }

  /** Its live workers and the heap they reported after their last task (a worker yet to finish one counts 0). */
  heap(): WorkerPoolHeap {
    const live = this.slots.filter((s) => !s.retired);
    return { module: this.options.module, workers: live.length, heapMb: live.reduce((sum, s) => sum + (s.heapMb ?? 0), 0) };
  }

  /** Fails queued tasks and stops every worker. */
  async close(): Promise<void> {
    this.closed = true;
    openPools.delete(this as WorkerPool<unknown, unknown>);
    for (const task of this.queue.splice(0)) this.settle(task, { error: new Error('the worker pool is closed') });
    const slots = this.slots.splice(0);
    for (const slot of slots) {
      slot.retired = true;
      if (slot.task) this.settle(slot.task, { error: new Error('the worker pool is closed') });
    }
    await Promise.all(slots.map((slot) => slot.worker.terminate().catch(() => undefined)));
  }

  private settle(task: PendingTask<Req, Res>, outcome: { value: Res } | { error: unknown }): void {
    if (task.settled) return;
    task.settled = true;
    clearTimeout(task.timer);
    if (task.onAbort) task.deadlines.signal?.removeEventListener('abort', task.onAbort);
    if ('value' in outcome) task.resolve(outcome.value);
    else task.reject(outcome.error);
  }

  /** The deadline of a task passed: drop it from the queue, or stop the worker running it (unless it has time left). */
  private expire(task: PendingTask<Req, Res>): void {
    const queuedAt = this.queue.indexOf(task);
    if (queuedAt >= 0) {
      const standstillMs = performance.now() - Math.max(task.queuedAt, this.lastProgressAt);
      const stillLeft = task.deadlines.queueWhileMoving ? task.deadlines.queueTimeoutMs - standstillMs : 0;
      if (stillLeft > 0) return this.rearm(task, stillLeft);
      this.queue.splice(queuedAt, 1);
      this.settle(task, { error: new WorkerQueueTimeoutError(task.deadlines.queueTimeoutMs) });
      return;
    }
    const slot = this.slots.find((s) => s.task === task);
    const verdict = slot ? cpuVerdict(task, slot.tid) : { over: 'time' as const };
    if ('leftMs' in verdict) return this.rearm(task, verdict.leftMs);
    const error = verdict.over === 'host' ? new WorkerOverloadedError(verdict.wallMs, verdict.used) : new WorkerTimeoutError(task.deadlines.timeoutMs);
    this.settle(task, { error });
    if (slot) this.replace(slot);
  }

  private rearm(task: PendingTask<Req, Res>, ms: number): void {
    task.timer = setTimeout(() => this.expire(task), Math.max(Math.ceil(ms), 1));
  }

  /** The task's signal aborted: drop it from the queue, or stop the worker running it. */
  private cancel(task: PendingTask<Req, Res>): void {
    const queuedAt = this.queue.indexOf(task);
    if (queuedAt >= 0) this.queue.splice(queuedAt, 1);
    const slot = this.slots.find((s) => s.task === task);
    this.settle(task, { error: new WorkerAbortedError() });
    if (slot) this.replace(slot);
  }

  /** Retires a worker (it is terminated, not awaited) and lets the queue start a new one. */
  private replace(slot: Slot<Req, Res>): void {
    if (slot.retired) return;
    slot.retired = true;
    slot.task = null;
    const at = this.slots.indexOf(slot);
    if (at >= 0) this.slots.splice(at, 1);
    // Not awaited: a thread stuck in native code can take a while to stop.
    slot.worker.terminate().catch(() => undefined);
    // Replaced at once, so the next task does not wait for a cold start.
    this.warm();
    this.dispatch();
  }

  private startSlot(): Slot<Req, Res> | null {
    let worker: Worker;
    try {
      worker = startModuleWorker(this.options.callerUrl, this.options.module, null, { maxOldGenerationSizeMb: this.options.maxHeapMb });
    } catch (error) {
      const task = this.queue.shift();
      if (task) this.settle(task, { error: new WorkerStartError(error) });
      return null;
    }
    this.started += 1;
    worker.unref();
    const slot: Slot<Req, Res> = { worker, task: null, ready: false, retired: false, tasksDone: 0, lane: this.freeLane() };
    worker.on('message', (message: PoolReplyMessage<Res> | PoolWorkerReady) => {
      if ('ready' in message) {
        slot.ready = true;
        slot.tid = message.tid;
        this.dispatch();
        return;
      }
      const task = slot.task;
      if (slot.retired || !task || message.id !== task.id) return;
      if ('step' in message) {
        this.step(slot, task, message.step);
        return;
      }
      slot.task = null;
      slot.tasksDone += 1;
      if (message.heapMb !== undefined) slot.heapMb = message.heapMb;
      this.lastProgressAt = performance.now();
      this.settle(task, message.ok ? { value: message.value } : { error: new PoolTaskError(message.error) });
      if (this.isWornOut(slot, message.heapMb)) this.replace(slot);
      else this.dispatch();
    });
    worker.on('error', (error: Error) => {
      const task = slot.task;
      if (task)
        this.settle(task, {
          error: isOutOfMemory(error) ? new WorkerOutOfMemoryError(this.options.maxHeapMb, error) : new WorkerCrashError({ thrown: error }),
        });
      this.replace(slot);
    });
    worker.on('exit', (exitCode: number) => {
      const task = slot.task;
      if (task) this.settle(task, { error: new WorkerCrashError({ exitCode }) });
      this.replace(slot);
    });
    this.slots.push(slot);
    return slot;
  }

  /** A conversation's step: the caller's handler sees it and may reply to the worker. */
  private step(slot: Slot<Req, Res>, task: PendingTask<Req, Res>, step: unknown): void {
    const reply = (message: unknown): void => {
      if (slot.task === task && !slot.retired) slot.worker.postMessage({ id: task.id, reply: message } satisfies PoolTaskMessage<Req>);
    };
    try {
      if (!task.onStep) throw new Error('the worker sent a step to a task that is not a conversation');
      task.onStep(step, reply);
    } catch (error) {
      this.settle(task, { error });
      this.replace(slot);
    }
  }

  /** Done enough tasks, or left holding too large a heap: replaced rather than kept. */
  private isWornOut(slot: Slot<Req, Res>, heapMb: number | undefined): boolean {
    const { maxTasksPerWorker, recycleAboveHeapMb } = this.options;
    if (maxTasksPerWorker !== undefined && slot.tasksDone >= maxTasksPerWorker) return true;
    return recycleAboveHeapMb !== undefined && heapMb !== undefined && heapMb > recycleAboveHeapMb;
  }

  /** The lowest lane no live worker has: a replacement takes over its predecessor's lane. */
  private freeLane(): number {
    let lane = 0;
    while (this.slots.some((s) => s.lane === lane)) lane += 1;
    return lane;
  }

  /**
   * The next task for an idle worker: the first queued task of its lane or without one; else the
   * first task whose own worker cannot take it now (busy, starting, or gone). Null when every
   * queued task's own worker is idle too (it takes its task in the same dispatch).
   */
  private takeFor(slot: Slot<Req, Res>): PendingTask<Req, Res> | null {
    let at = this.queue.findIndex((task) => task.lane === undefined || task.lane === slot.lane);
    if (at < 0) {
      at = this.queue.findIndex((task) => {
        const own = this.slots.find((s) => s.lane === task.lane && !s.retired);
        return !own || !own.ready || own.task !== null;
      });
    }
    return at < 0 ? null : (this.queue.splice(at, 1)[0] ?? null);
  }

  /** Hands queued tasks to idle workers, starting workers up to the pool size. */
  private dispatch(): void {
    if (!this.closed && this.queue.length > 0) this.warm();
    while (!this.closed && this.queue.length > 0) {
      let slot: Slot<Req, Res> | undefined;
      let task: PendingTask<Req, Res> | null = null;
      for (const idle of this.slots) {
        if (!idle.ready || idle.task !== null || idle.retired) continue;
        task = this.takeFor(idle);
        slot = idle;
        if (task) break;
      }
      if (!task || !slot) return;
      slot.task = task;
      // The run deadline starts now: the tenant's code is what it bounds.
      clearTimeout(task.timer);
      task.startedAt = performance.now();
      if (task.deadlines.cpuTime) task.timesAtStart = threadTimes(slot.tid);
      // A CPU-time task is looked at no later than its overload time too (its CPU budget may be longer).
      const firstLookMs = Math.min(task.deadlines.timeoutMs, task.deadlines.cpuTime?.overloadAfterMs ?? Infinity);
      task.timer = setTimeout(() => this.expire(task), firstLookMs);
      slot.worker.postMessage({ id: task.id, request: task.request } satisfies PoolTaskMessage<Req>);
    }
  }
}

/**
 * Whether a running task that reached its deadline is over it: a wall-clock task is (`time`); a
 * CPU-time task is over `time` when its thread spent its budget, over `host` when the wall clock
 * passed `overloadAfterMs` first, and otherwise has `leftMs` of CPU left to check again after.
 */
function cpuVerdict(
  task: { deadlines: PoolTaskDeadlines; startedAt?: number; timesAtStart?: ThreadTimes },
  tid: number | undefined,
): { over: 'time' } | { over: 'host'; wallMs: number; used: ThreadTimes } | { leftMs: number } {
  const now = threadTimes(tid);
  const { cpuTime, timeoutMs } = task.deadlines;
  if (!cpuTime || !now || !task.timesAtStart || task.startedAt === undefined) return { over: 'time' };
  const used = { cpuMs: now.cpuMs - task.timesAtStart.cpuMs, runQueueMs: now.runQueueMs - task.timesAtStart.runQueueMs };
  const wallMs = performance.now() - task.startedAt;
  if (used.cpuMs >= timeoutMs) return { over: 'time' };
  if (wallMs >= cpuTime.overloadAfterMs) return { over: 'host', wallMs, used };
  return { leftMs: Math.min(timeoutMs - used.cpuMs, cpuTime.overloadAfterMs - wallMs) };
}
