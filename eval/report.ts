/** EVALUATION.md from the suites' reports, and the regression verdict against eval/goals-met.json. */
import os from 'node:os';
import { type Measure, type SuiteReport, meets } from './suites/index.js';

export function formatValue(m: Pick<Measure, 'value' | 'format'>): string {
  if (m.format === 'percent') return `${(m.value * 100).toFixed(1)} %`;
  if (m.format === 'ratio') return m.value.toFixed(3);
  if (m.format === 'seconds') return `${m.value.toFixed(2)} s`;
  return String(m.value);
}

function goalText(m: Measure): string {
  if (!m.goal) return '';
  const target = formatValue({ value: m.goal.target, format: m.format });
  return `${m.goal.op === '>=' ? '≥' : '≤'} ${target}`;
}

/** Goals that were met before (ids) and are not now: the regressions that fail the run. */
export function regressions(reports: readonly SuiteReport[], metBefore: readonly string[]): Measure[] {
  return reports.flatMap((r) => r.measures).filter((m) => metBefore.includes(m.id) && meets(m) === false);
}

/** Goals met now, by id (what `--accept` records). */
export function metNow(reports: readonly SuiteReport[]): string[] {
  return reports
    .flatMap((r) => r.measures)
    .filter((m) => meets(m) === true)
    .map((m) => m.id);
}

export function evaluationMarkdown(
  reports: readonly SuiteReport[],
  run: { command: string; date: Date; seconds: number; metBefore: readonly string[] },
): string {
  const cpu = os.cpus();
  const lines = [
    '# Evaluation',
    '',
    "Written by `npm run eval` (eval/run.ts); do not edit by hand. Goals are the issues' (31 item 6, 32 item 6). A goal met before",
    '(eval/goals-met.json) that is missed now fails the run; `npm run eval -- --accept` records the goals met now.',
    '',
    `- Machine: ${cpu[0]?.model ?? 'unknown CPU'} (${cpu.length} cores), ${Math.round(os.totalmem() / 2 ** 30)} GB, ${os.platform()} ${os.release()}, Node ${process.version}`,
    `- Command: \`${run.command}\``,
    `- Date: ${run.date.toISOString()}`,
    `- Duration: ${run.seconds.toFixed(1)} s`,
    '',
  ];
  for (const report of reports) {
    lines.push(`## ${report.title}`, '', '| Measure | Value | Goal | Met |', '|---|---|---|---|');
    for (const m of report.measures) {
      const met = meets(m);
      const mark = met === null ? '' : met ? 'yes' : run.metBefore.includes(m.id) ? '**REGRESSED**' : 'not yet';
      lines.push(`| ${m.label} | ${formatValue(m)} | ${goalText(m)} | ${mark} |`);
    }
    // A note is a paragraph; a note starting with "  -" is an item of the list the note before it opens.
    lines.push('');
    report.notes.forEach((n, i) => {
      const item = n.startsWith('  -');
      if (!item && i > 0 && report.notes[i - 1].startsWith('  -')) lines.push('');
      lines.push(item ? n.trimStart() : n);
      if (!item && !(report.notes[i + 1] ?? '').startsWith('  -')) lines.push('');
    });
    lines.push('');
  }
  return `${lines
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trimEnd()}\n`;
}
