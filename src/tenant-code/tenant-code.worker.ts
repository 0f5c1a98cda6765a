/** A pooled worker thread that evaluates tenant-authored code (see tenant-code-pool.ts). */
import { serveWorkerPoolTasks } from '../kernel/worker-pool-server.js';
import { runTenantCodeTask, type TenantCodeTask } from './tenant-code-task.js';

serveWorkerPoolTasks<TenantCodeTask, unknown>(runTenantCodeTask);
