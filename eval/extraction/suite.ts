/**
 * The extraction suite: runs `prc_generic_fields` over the project's own gold set (text PDFs
 * and noisy scans, eval/gold/extraction) and scores per-field precision and recall, box
 * accuracy (the value's page box holds its printed text), seconds per page (wall clock) and
 * extraction CPU seconds per page (this process; the goal, as wall clock depends on the machine's load). Same shape as
 * the other `npm run eval` suites: a title, markdown for EVALUATION.md, flat metrics, goals.
 */
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { runProcessor } from '../../src/extraction/processor-catalog.js';
import { GOLD_DIR, generateGoldSet, type GoldEntry } from '../gold/extraction/generate.js';
import { SCORED_FIELDS, boxHoldsText, parseBboxHtml, scoreDocument, type FieldOutcome } from './score.js';
import { learningCurveMarkdown, runLearningCurve } from './learning-curve.js';
import { renderMarkdown } from './report.js';

const run = promisify(execFile);

export interface ExtractionSuiteOptions {
  /** Where the gold set is (generated there when missing). Default eval/gold/extraction/out. */
  goldDir?: string;
  /** Score the scans too (OCR, about 10 s each). Default true. */
  scans?: boolean;
  /** Only the first N documents (quick runs). */
  limit?: number;
  processor?: string;
  /** Run the learning curve through the real service (issuer memory). Default true. */
  learning?: boolean;
}

export interface Goal {
  name: string;
  value: number;
  goal: number;
  /** The value must stay at or below the goal (a cost), not reach it. */
  atMost: boolean;
  met: boolean;
}

export interface SuiteResult {
  title: string;
  markdown: string;
  metrics: Record<string, number>;
  goals: Goal[];
}

/** One scored document. */
export interface DocRun {
  entry: GoldEntry;
  source: 'text' | 'scan';
  outcomes: FieldOutcome[];
  boxes: boolean[];
  seconds: number;
  /** CPU of this process (main thread and worker threads; not poppler's or tesseract's processes). */
  cpuSeconds: number;
  pages: number;
}

async function runOne(entry: GoldEntry, dir: string, source: 'text' | 'scan', processor: string): Promise<DocRun> {
  const file = join(dir, source === 'text' ? entry.pdf : (entry.scan ?? ''));
  const bytes = await readFile(file);
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  const r = await runProcessor(processor, { bytes, kind: source === 'text' ? 'pdf' : 'image', filename: file, options: {} });
  const cpu = process.cpuUsage(c0);
  const seconds = (performance.now() - t0) / 1000;
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  const outcomes = scoreDocument(r.items, entry.answers);
  let boxes: boolean[] = [];
  if (source === 'text') {
    const { stdout } = await run('pdftotext', ['-bbox', file, '-'], { maxBuffer: 32 * 1024 * 1024 });
    const { words, sizes } = parseBboxHtml(stdout);
    boxes = outcomes.flatMap((o) => (o.correct && o.predicted ? [boxHoldsText(o.predicted, words, sizes)] : [])).filter((b): b is boolean => b !== null);
  }
  return { entry, source, outcomes, boxes, seconds, cpuSeconds, pages: Math.max(1, r.pages.length) };
}

/** Precision and recall over outcomes (fields with no gold and no prediction do not count). */
export function rates(outcomes: FieldOutcome[]): { precision: number; recall: number; predicted: number; gold: number; correct: number } {
  const predicted = outcomes.filter((o) => o.predicted).length;
  const gold = outcomes.filter((o) => o.gold !== null).length;
  const correct = outcomes.filter((o) => o.correct).length;
  return { precision: predicted ? correct / predicted : 0, recall: gold ? correct / gold : 0, predicted, gold, correct };
}

function metricsOf(runs: DocRun[]): Record<string, number> {
  const metrics: Record<string, number> = {};
  for (const source of ['text', 'scan'] as const) {
    const rs = runs.filter((r) => r.source === source);
    if (rs.length === 0) continue;
    const all = rates(rs.flatMap((r) => r.outcomes));
    metrics[`${source}_recall`] = all.recall;
    metrics[`${source}_precision`] = all.precision;
    const pages = rs.reduce((s, r) => s + r.pages, 0);
    metrics[`${source}_seconds_per_page`] = rs.reduce((s, r) => s + r.seconds, 0) / pages;
    metrics[`${source}_cpu_seconds_per_page`] = rs.reduce((s, r) => s + r.cpuSeconds, 0) / pages;
    metrics[`${source}_documents`] = rs.length;
    for (const f of SCORED_FIELDS) {
      const fr = rates(rs.flatMap((r) => r.outcomes.filter((o) => o.field === f)));
      metrics[`${source}_recall.${f}`] = fr.recall;
      metrics[`${source}_precision.${f}`] = fr.precision;
    }
  }
  const boxes = runs.flatMap((r) => r.boxes);
  metrics.box_accuracy = boxes.length ? boxes.filter(Boolean).length / boxes.length : 0;
  metrics.boxes_checked = boxes.length;
  return metrics;
}

function goalsOf(m: Record<string, number>): Goal[] {
  const g = (name: string, value: number | undefined, goal: number, atMost = false): Goal[] =>
    value === undefined ? [] : [{ name, value, goal, atMost, met: atMost ? value <= goal : value >= goal }];
  return [
    ...g('text-PDF field recall', m.text_recall, 0.8),
    ...g('text-PDF field precision', m.text_precision, 0.95),
    ...g('scan field recall', m.scan_recall, 0.6),
    ...g('box accuracy', m.box_accuracy, 0.99),
    ...g('extraction CPU seconds per text page', m.text_cpu_seconds_per_page, 0.3, true),
    ...g('learning curve recall (2nd and 3rd document of an issuer)', m.learning_recall_after, 0.95),
  ];
}

/** Runs the suite. */
export async function runExtractionSuite(options: ExtractionSuiteOptions = {}): Promise<SuiteResult> {
  const dir = options.goldDir ?? GOLD_DIR;
  const manifest = await generateGoldSet({ out: dir });
  const docs = manifest.documents.slice(0, options.limit ?? manifest.documents.length);
  const processor = options.processor ?? 'prc_generic_fields';
  const runs: DocRun[] = [];
  for (const d of docs) runs.push(await runOne(d, dir, 'text', processor));
  if (options.scans !== false) for (const d of docs) if (d.scan) runs.push(await runOne(d, dir, 'scan', processor));
  const metrics = metricsOf(runs);
  const curve = options.learning === false ? null : await runLearningCurve({ goldDir: dir });
  if (curve) Object.assign(metrics, { learning_recall_before: curve.before, learning_recall_after: curve.after });
  const goals = goalsOf(metrics);
  const title = 'Extraction on the gold set';
  const markdown = [renderMarkdown(title, runs, metrics, goals), ...(curve ? learningCurveMarkdown(curve) : [])].join('\n');
  return { title, markdown, metrics, goals };
}
