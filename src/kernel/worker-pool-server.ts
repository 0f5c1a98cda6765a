/**
 * The worker side of `WorkerPool`: answers each task message with the handler's value, or with
 * the message of what it threw (the worker keeps serving). Says it is ready first. A handler that never returns or
 * fills the heap is the pool's business: it terminates this thread.
 */
import { parentPort } from 'node:worker_threads';
import { POOL_WORKER_READY, type PoolReplyMessage, type PoolTaskMessage } from './worker-pool.js';

export function serveWorkerPoolTasks<Req, Res>(handler: (request: Req) => Res | Promise<Res>): void {
  const port = parentPort;
  if (!port) throw new Error('serveWorkerPoolTasks must run in a worker thread');
  port.on('message', (message: PoolTaskMessage<Req>) => {
    void (async () => {
      let reply: PoolReplyMessage<Res>;
      try {
        reply = { id: message.id, ok: true, value: await handler(message.request) };
      } catch (error) {
        reply = { id: message.id, ok: false, error: error instanceof Error ? error.message : String(error) };
      }
      port.postMessage(reply);
    })();
  });
  // The worker's modules are loaded (they are imported before this runs): it may take tasks.
  port.postMessage(POOL_WORKER_READY);
}
