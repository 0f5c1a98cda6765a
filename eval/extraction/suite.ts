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
import type { ExtractedItem } from '../../src/extraction/types.js';
import { GOLD_DIR, generateGoldSet, type GoldEntry } from '../gold/extraction/generate.js';
import { PARTY_FIELDS, SCORED_FIELDS, boxHoldsText, parseBboxHtml, scoreDocument, type FieldOutcome } from './score.js';
import { type Example, examplesOf, fitCalibration, isHeldOut, recalibrate, reliability, writeCalibration } from './calibration.js';
import { gridsOfItems, scoreTables } from '../../src/extraction/tables/score-tables.js';
import { isInvoiceField } from '../../src/extraction/document-type.js';

/** `prc_generic_fields`' review threshold: an item below it goes to a person. */
const REVIEW_BELOW = 0.8;
/** Types whose invoice fields are not invoice fields. */
export const NON_INVOICE_TYPES = new Set(['statement', 'form', 'other']);
import { learningCurveMarkdown, runLearningCurve } from './learning-curve.js';
import { scoreSpreadsheets, spreadsheetMarkdown } from './spreadsheets.js';
import { renderMarkdown } from './report.js';
import type { CalibrationModel } from '../../src/extraction/confidence-calibration.js';

const run = promisify(execFile);

export interface ExtractionSuiteOptions {
  /** Where the gold set is (generated there when missing). Default eval/gold/extraction/out. */
  goldDir?: string;
  /** Score the scans too (OCR, about 10 s each). Default true. */
  scans?: boolean;
  /** Only the first N documents (quick runs). */
  limit?: number;
  processor?: string;
  /** tesseract packs for every scan (`ocr_lang`), e.g. 'eng' to measure English-only OCR; default: the processor's choice. */
  ocrLang?: string;
  /** Refit the confidence mapping on the fit half and write src/extraction/confidence-calibration.json first. */
  calibrate?: boolean;
  /** Run the learning curve through the real service (issuer memory). Default true. */
  learning?: boolean;
}

export interface Goal {
  name: string;
  value: number;
  goal: number;
  /** The value must stay at or below the goal (a cost or an error), not reach it. */
  atMost: boolean;
  format: 'ratio' | 'seconds';
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
  /** The processor's items (calibrated by the stored mapping, or by a refit one with `calibrate`). */
  items: ExtractedItem[];
  /** Issuer and customer fields. */
  parties: FieldOutcome[];
  /** The `document.type` read (null when none). */
  detectedType: string | null;
  /** Table cells expected and read right (text PDFs). */
  tableCells: { cells: number; correct: number };
  /** Invoice fields at or above the review threshold (on a non-invoice they count against the goal of 0). */
  unheldInvoiceFields: number;
  boxes: boolean[];
  seconds: number;
  /** CPU of this process (main thread and worker threads; not poppler's or tesseract's processes). */
  cpuSeconds: number;
  pages: number;
}

async function runOne(entry: GoldEntry, dir: string, source: 'text' | 'scan', processor: string, ocrLang?: string): Promise<DocRun> {
  const file = join(dir, source === 'text' ? entry.pdf : (entry.scan ?? ''));
  const bytes = await readFile(file);
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  const r = await runProcessor(processor, { bytes, kind: source === 'text' ? 'pdf' : 'image', filename: file, options: ocrLang ? { ocr_lang: ocrLang } : {} });
  const cpu = process.cpuUsage(c0);
  const seconds = (performance.now() - t0) / 1000;
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  const outcomes = scoreDocument(r.items, entry.answers);
  const parties = scoreDocument(r.items, entry.answers, PARTY_FIELDS);
  const typeItem = r.items.find((i) => i.key === 'document.type');
  const detectedType = typeof typeItem?.value === 'string' ? typeItem.value : null;
  const tables = source === 'text' ? scoreTables(entry.tables ?? [], gridsOfItems(r.items)) : { cells: 0, correct: 0 };
  const unheldInvoiceFields = r.items.filter((i) => isInvoiceField(i.key) && (i.confidence.overall ?? 0) >= REVIEW_BELOW).length;
  let boxes: boolean[] = [];
  if (source === 'text') {
    const { stdout } = await run('pdftotext', ['-bbox', file, '-'], { maxBuffer: 32 * 1024 * 1024 });
    const { words, sizes } = parseBboxHtml(stdout);
    boxes = outcomes.flatMap((o) => (o.correct && o.predicted ? [boxHoldsText(o.predicted, words, sizes)] : [])).filter((b): b is boolean => b !== null);
  }
  const tableCells = { cells: tables.cells, correct: tables.correct };
  return {
    entry,
    source,
    outcomes,
    items: r.items,
    parties,
    detectedType,
    tableCells,
    unheldInvoiceFields,
    boxes,
    seconds,
    cpuSeconds,
    pages: Math.max(1, r.pages.length),
  };
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
    for (const f of PARTY_FIELDS) {
      const fr = rates(rs.flatMap((r) => r.parties.filter((o) => o.field === f)));
      metrics[`${source}_recall.${f}`] = fr.recall;
      metrics[`${source}_precision.${f}`] = fr.precision;
    }
    metrics[`${source}_document_type_accuracy`] = rs.filter((r) => r.detectedType === r.entry.type).length / rs.length;
    metrics[`${source}_invoice_fields_on_non_invoices`] = rs.filter((r) => NON_INVOICE_TYPES.has(r.entry.type)).reduce((n, r) => n + r.unheldInvoiceFields, 0);
  }
  const cells = runs.reduce((n, r) => n + r.tableCells.cells, 0);
  metrics.table_cells = cells;
  metrics.table_cell_accuracy = cells ? runs.reduce((n, r) => n + r.tableCells.correct, 0) / cells : 0;
  const boxes = runs.flatMap((r) => r.boxes);
  metrics.box_accuracy = boxes.length ? boxes.filter(Boolean).length / boxes.length : 0;
  metrics.boxes_checked = boxes.length;
  return metrics;
}

/** The calibration part of a run: judged items of each half, ECE before (heuristic) and after (calibrated) on the held-out half. */
export interface CalibrationReport {
  model: CalibrationModel | null;
  fit: Example[];
  heldOut: Example[];
  refitted: boolean;
}

function calibrationMetrics(c: CalibrationReport, metrics: Record<string, number>): void {
  const mapped = c.heldOut.filter((e) => e.calibrated !== null);
  metrics.calibration_heldout_items = c.heldOut.length;
  metrics.calibration_heldout_mapped = mapped.length;
  metrics.calibration_heldout_ece_heuristic = reliability(c.heldOut.map((e) => ({ p: e.heuristic, right: e.right }))).ece;
  if (mapped.length > 0) metrics.calibration_heldout_ece = reliability(mapped.map((e) => ({ p: e.calibrated ?? 0, right: e.right }))).ece;
}

function goalsOf(m: Record<string, number>): Goal[] {
  const g = (name: string, value: number | undefined, goal: number, atMost = false, format: Goal['format'] = 'ratio'): Goal[] =>
    value === undefined ? [] : [{ name, value, goal, atMost, format, met: atMost ? value <= goal : value >= goal }];
  return [
    ...g('text-PDF field recall', m.text_recall, 0.8),
    ...g('text-PDF field precision', m.text_precision, 0.95),
    ...g('scan field recall', m.scan_recall, 0.6),
    ...g('box accuracy', m.box_accuracy, 0.99),
    ...g('table cell accuracy (text PDFs)', m.table_cell_accuracy, 0.9),
    ...g('CSV cell accuracy (awkward CSVs)', m.csv_cell_accuracy, 0.99),
    ...g('.xlsx cell accuracy (awkward workbooks)', m.xlsx_cell_accuracy, 0.99),
    ...g('CSV and .xlsx files the upload check and the reader disagree on', m.spreadsheet_disagreements, 0, true),
    ...g('invoice fields not held for review on non-invoices (text PDFs)', m.text_invoice_fields_on_non_invoices, 0, true),
    ...g('expected calibration error, held-out documents', m.calibration_heldout_ece, 0.05, true),
    ...g('extraction CPU seconds per text page', m.text_cpu_seconds_per_page, 0.3, true, 'seconds'),
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
  if (options.scans !== false) for (const d of docs) if (d.scan) runs.push(await runOne(d, dir, 'scan', processor, options.ocrLang));
  const calibration = await calibrationStep(runs, options.calibrate === true);
  const metrics = metricsOf(runs);
  calibrationMetrics(calibration, metrics);
  // The awkward CSV and .xlsx files (eval/gold/spreadsheets): quick, no OCR, always scored.
  const sheets = await scoreSpreadsheets();
  Object.assign(metrics, {
    csv_cells: sheets.csv.cells,
    csv_cell_accuracy: sheets.csv.cells ? sheets.csv.correct / sheets.csv.cells : 0,
    xlsx_cells: sheets.xlsx.cells,
    xlsx_cell_accuracy: sheets.xlsx.cells ? sheets.xlsx.correct / sheets.xlsx.cells : 0,
    spreadsheet_disagreements: sheets.disagreements,
  });
  const curve = options.learning === false ? null : await runLearningCurve({ goldDir: dir });
  if (curve) Object.assign(metrics, { learning_recall_before: curve.before, learning_recall_after: curve.after });
  const goals = goalsOf(metrics);
  const title = 'Extraction on the gold set';
  const markdown = [renderMarkdown(runs, metrics, calibration), ...spreadsheetMarkdown(sheets), ...(curve ? learningCurveMarkdown(curve) : [])].join('\n');
  return { title, markdown, metrics, goals };
}

/**
 * Collects the judged items of both halves; with `refit`, fits the mapping on the fit half,
 * writes it, and applies it to every run's items (and scores them again), so the report shows it.
 */
async function calibrationStep(runs: DocRun[], refit: boolean): Promise<CalibrationReport> {
  const collect = (held: boolean): Example[] => runs.filter((r) => isHeldOut(r.entry) === held).flatMap((r) => examplesOf(r.entry, r.items));
  if (!refit) return { model: null, fit: collect(false), heldOut: collect(true), refitted: false };
  const model = fitCalibration(collect(false));
  await writeCalibration(model);
  for (const r of runs) {
    recalibrate(r.items, model);
    r.outcomes = scoreDocument(r.items, r.entry.answers);
  }
  return { model, fit: collect(false), heldOut: collect(true), refitted: true };
}
