/**
 * The CPU time of one thread, read from outside it: what lets a pool bound a task by the CPU its
 * own worker spent rather than by the wall clock, which a busy host stretches (issue 28: on two
 * oversubscribed cores every run ran past a 3 s wall-clock budget its templates needed a few
 * milliseconds of CPU for).
 *
 * Node has no API for another thread's CPU time (`process.cpuUsage()` is process-wide, also in a
 * worker; `process.threadCpuUsage()` — Node 23.9+ — only measures the calling thread, and a worker
 * stuck in tenant code cannot be asked). Linux keeps it per thread in `/proc/self/task/<tid>/schedstat`:
 * nanoseconds on a CPU, then nanoseconds waiting on a run queue (the host's share of the delay).
 * The worker names its thread id once, when it starts (`currentThreadId`); elsewhere, or when the
 * file cannot be read, there is no reading and the pool keeps wall-clock deadlines.
 */
import { readFileSync, readlinkSync } from 'node:fs';

/** The kernel's id of the calling thread (Linux: `/proc/thread-self` → `<pid>/task/<tid>`), else undefined. */
export function currentThreadId(): number | undefined {
  if (process.platform !== 'linux') return undefined;
  try {
    const tid = Number(/task\/(\d+)$/.exec(readlinkSync('/proc/thread-self'))?.[1]);
    return Number.isInteger(tid) && tid > 0 ? tid : undefined;
  } catch {
    return undefined;
  }
}

/** A thread's time so far: on a CPU, and runnable but waiting for one (ms). */
export interface ThreadTimes {
  cpuMs: number;
  runQueueMs: number;
}

/** The times of thread `tid` of this process, or undefined when they cannot be read. */
export function threadTimes(tid: number | undefined): ThreadTimes | undefined {
  if (tid === undefined) return undefined;
  try {
    const [cpuNs, waitNs] = readFileSync(`/proc/self/task/${tid}/schedstat`, 'utf8').trim().split(/\s+/).map(Number);
    if (!Number.isFinite(cpuNs) || !Number.isFinite(waitNs)) return undefined;
    return { cpuMs: cpuNs / 1e6, runQueueMs: waitNs / 1e6 };
  } catch {
    return undefined;
  }
}

/**
 * A clock of the calling thread's own CPU time (ms), for code that bounds itself from inside the
 * thread: a busy host stretches the wall clock but not this. Where the thread's times cannot be
 * read (not Linux, no /proc), the wall clock stands in, as the pool's deadlines do.
 */
export function ownCpuClock(): () => number {
  const tid = currentThreadId();
  if (threadTimes(tid) === undefined) return () => Date.now();
  return () => threadTimes(tid)?.cpuMs ?? Number.NaN;
}
