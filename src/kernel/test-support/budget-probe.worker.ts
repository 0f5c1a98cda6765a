/**
 * Worker thread for bounded-worker.test.ts: misbehaves on request, so the test can show each way
 * a bounded worker run ends. `workerData` is a `BudgetProbeRequest`.
 */
import { parentPort, workerData } from 'node:worker_threads';

/** What the probe does. */
export type BudgetProbeRequest =
  | { mode: 'answer'; value: unknown }
  /** Answers, then keeps the thread busy: only termination stops it. */
  | { mode: 'answer-and-linger'; value: unknown }
  /** Never answers. */
  | { mode: 'sleep' }
  /** Allocates (and keeps) memory until the heap cap stops it. */
  | { mode: 'allocate' }
  | { mode: 'throw'; message: string }
  | { mode: 'exit'; code: number }
  /** Posts `count` numbered chunks, each after the parent's `'next'`, then `{ done: true }`. */
  | { mode: 'stream'; count: number };

const port = parentPort;
if (!port) throw new Error('budget-probe.worker.ts must run as a worker thread');
const request = workerData as BudgetProbeRequest;

switch (request.mode) {
  case 'answer':
    port.postMessage(request.value);
    break;
  case 'answer-and-linger':
    port.postMessage(request.value);
    setInterval(() => undefined, 1000);
    break;
  case 'sleep':
    setInterval(() => undefined, 1000);
    break;
  case 'allocate': {
    const kept: number[][] = [];
    for (;;) kept.push(new Array<number>(100_000).fill(kept.length));
  }
  case 'throw':
    throw new Error(request.message);
  case 'exit':
    process.exit(request.code);
    break;
  case 'stream': {
    let sent = 0;
    const sendNext = (): void => {
      if (sent < request.count) port.postMessage({ chunk: sent++ });
      else port.postMessage({ done: true });
    };
    port.on('message', sendNext);
    sendNext();
    break;
  }
}
