/** A pooled worker thread that evaluates tenant-authored code (see tenant-code-pool.ts). */
import { setPriority } from 'node:os';
import { serveWorkerPoolTasks } from '../kernel/worker-pool-server.js';
import { runTenantCodeTask, type TenantCodeTask } from './tenant-code-task.js';

// Tenant code yields the CPU to the service: on Linux a thread's nice value is its own (pid 0 is
// this thread), so when the cores are busy the main thread — requests, health checks — runs
// first and a spinning template only slows the tenant's own evaluation. Best effort: a platform
// that refuses (or applies it to the whole process elsewhere) just runs at normal priority.
if (process.platform === 'linux') {
  try {
    setPriority(0, 10);
  } catch {
    // not permitted here: normal priority
  }
}

serveWorkerPoolTasks<TenantCodeTask, unknown>(runTenantCodeTask);
