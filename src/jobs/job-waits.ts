/**
 * What both job queues need around running handlers: a bounded wait (stop's grace, cancel's
 * wait) and whether a process that held a job is still alive on this host.
 */

/** True when `work` settles within `ms`; false when the time ran out first (the work goes on). */
export async function settlesWithin(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeUp = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([work.then(() => true as const), timeUp]);
  } finally {
    clearTimeout(timer);
  }
}

/** Whether a process of this host is alive (EPERM: alive, another user's). */
export function isProcessAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
