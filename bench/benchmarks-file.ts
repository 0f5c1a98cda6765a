/** BENCHMARKS.md: each bench replaces its own `## <heading>` section and keeps the others. */
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const BENCHMARKS = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'BENCHMARKS.md');

export function machine(): { node: string; nproc: number; cpu: string } {
  return { node: process.version, nproc: availableParallelism(), cpu: cpus()[0]?.model ?? 'unknown CPU' };
}

/**
 * The machine's load while a bench ran, as a reader of BENCHMARKS.md needs it: the bench cannot
 * tell whether anything else ran beside it, so it states the load average and that its own
 * processes count in it (on 2 cores, a load near 2 is the bench alone keeping them busy).
 * @param atStart the 1-minute load average when the measurement began (`loadavg()[0]`)
 */
export function loadWhileMeasured(atStart: number): string {
  return `1-minute load average ${atStart.toFixed(1)} at the start, ${loadavg()[0].toFixed(1)} at the end, the bench's own processes included`;
}

/** Replaces the section that starts with `## heading` (up to the next `## `), creating the file if needed. */
export async function writeBenchmarkSection(heading: string, section: string): Promise<void> {
  const existing = existsSync(BENCHMARKS)
    ? await readFile(BENCHMARKS, 'utf8')
    : `# Benchmarks\n\nEach section names the machine it was measured on and the command that produced it.\n`;
  const lines = existing.split('\n');
  const start = lines.findIndex((l) => l.trim() === `## ${heading}`);
  let next: string;
  if (start < 0) {
    next = `${existing.replace(/\n*$/, '\n')}\n${section}`;
  } else {
    let end = lines.findIndex((l, i) => i > start && l.startsWith('## '));
    if (end < 0) end = lines.length;
    next = [...lines.slice(0, start), ...section.replace(/\n*$/, '').split('\n'), '', ...lines.slice(end)].join('\n');
  }
  await writeFile(BENCHMARKS, `${next.replace(/\n*$/, '')}\n`);
}
