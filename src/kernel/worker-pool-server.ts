/**
 * The worker side of `WorkerPool`: answers each task message with the handler's value, or with
 * the message of what it threw (the worker keeps serving). Says it is ready first. A handler that never returns or
 * fills the heap is the pool's business: it terminates this thread.
 * A conversation's handler sends steps with `ask` and waits for the caller's reply to each.
 * Each answer carries the heap size left after the task, so the pool can recycle a worker that
 * kept a large heap.
 */
import { getHeapStatistics } from 'node:v8';
import { parentPort } from 'node:worker_threads';
import { currentThreadId } from './thread-cpu-time.js';
import { POOL_WORKER_READY, type PoolReplyMessage, type PoolTaskMessage, type PoolWorkerReady } from './worker-pool.js';

/** What a handler can do besides answering: send a step and wait for the caller's reply. */
export interface PoolConversation {
  ask(step: unknown): Promise<unknown>;
}

export function serveWorkerPoolTasks<Req, Res>(handler: (request: Req, conversation: PoolConversation) => Res | Promise<Res>): void {
  const port = parentPort;
  if (!port) throw new Error('serveWorkerPoolTasks must run in a worker thread');
  const send = (message: PoolReplyMessage<Res>): void => port.postMessage(message);
  /** The reply each task's pending step waits for. */
  const waiting = new Map<number, (reply: unknown) => void>();
  const heapMb = (): number => Math.round(getHeapStatistics().total_heap_size / 1048576);
  port.on('message', (message: PoolTaskMessage<Req>) => {
    if ('reply' in message) {
      const resolve = waiting.get(message.id);
      waiting.delete(message.id);
      resolve?.(message.reply);
      return;
    }
    const conversation: PoolConversation = {
      ask: (step) =>
        new Promise((resolve) => {
          waiting.set(message.id, resolve);
          send({ id: message.id, step });
        }),
    };
    void (async () => {
      let reply: PoolReplyMessage<Res>;
      try {
        const value = await handler(message.request, conversation);
        reply = { id: message.id, ok: true, value, heapMb: heapMb() };
      } catch (error) {
        reply = { id: message.id, ok: false, error: error instanceof Error ? error.message : String(error), heapMb: heapMb() };
      }
      waiting.delete(message.id);
      send(reply);
    })();
  });
  // The worker's modules are loaded (they are imported before this runs): it may take tasks. Its
  // thread id lets the pool read the CPU time its tasks spend (thread-cpu-time.ts).
  port.postMessage({ ...POOL_WORKER_READY, tid: currentThreadId() } satisfies PoolWorkerReady);
}
