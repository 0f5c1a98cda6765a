/**
 * Worker thread for worker-pool.test.ts: serves pool tasks that misbehave on request, so the
 * test can show how the pool survives each of them.
 */
import { threadId } from 'node:worker_threads';
// A kernel file's own test support: still inside kernel, which the `../` rule cannot tell.
// eslint-disable-next-line no-restricted-imports
import { serveWorkerPoolTasks } from '../worker-pool-server.js';

export type PoolProbeRequest =
  /** Answers with this thread's id (tells workers apart) after `delayMs`. */
  | { mode: 'whoami'; delayMs?: number }
  /** Never answers: a busy loop only termination stops. */
  | { mode: 'spin' }
  /** Allocates (and keeps) memory until the heap cap stops the thread. */
  | { mode: 'allocate' }
  | { mode: 'throw'; message: string }
  /** Sends `steps` steps (1, 2, …), waits for each reply and answers with the replies' sum. */
  | { mode: 'chat'; steps: number }
  /** Keeps about `mb` MB reachable after answering (a worker left with a large heap). */
  | { mode: 'hold'; mb: number };

const kept: number[][] = [];

serveWorkerPoolTasks<PoolProbeRequest, number>(async (request, conversation) => {
  switch (request.mode) {
    case 'whoami':
      if (request.delayMs) await new Promise((resolve) => setTimeout(resolve, request.delayMs));
      return threadId;
    case 'spin':
      for (;;) kept.length = 0;
    case 'allocate':
      for (;;) kept.push(new Array<number>(100_000).fill(kept.length));
    case 'throw':
      throw new Error(request.message);
    case 'chat': {
      let sum = 0;
      for (let step = 1; step <= request.steps; step += 1) sum += Number(await conversation.ask(step));
      return sum;
    }
    case 'hold':
      for (let i = 0; i < request.mb; i += 1) kept.push(new Array<number>(131_072).fill(i));
      return threadId;
  }
});
