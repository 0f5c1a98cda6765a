/**
 * The extraction suite's markdown: per-field precision and recall, recall by language and layout,
 * scans by language, the calibration of confidence, the misses. No heading and no goals table:
 * EVALUATION.md puts the suite's title and measures above it (eval/report.ts), and
 * `eval/extraction/run.ts` prints its own.
 */
import { type Example, reliability } from './calibration.js';
import { PARTY_FIELDS, SCORED_FIELDS } from './score.js';
import { rates, type CalibrationReport, type DocRun } from './suite.js';

const f2 = (n: number): string => n.toFixed(2);
const opt = (n: number | undefined): string => (n === undefined ? '—' : n.toFixed(2));

function fieldTable(runs: DocRun[], source: 'text' | 'scan'): string[] {
  const rs = runs.filter((r) => r.source === source);
  const rows = SCORED_FIELDS.map((f) => {
    const r = rates(rs.flatMap((d) => d.outcomes.filter((o) => o.field === f)));
    return `| ${f} | ${r.gold} | ${r.predicted} | ${r.correct} | ${f2(r.precision)} | ${f2(r.recall)} |`;
  });
  const all = rates(rs.flatMap((d) => d.outcomes));
  return [
    `### ${source === 'text' ? 'Text PDFs' : 'Scans (OCR)'}: ${rs.length} documents`,
    '',
    '| field | gold | predicted | right | precision | recall |',
    '|---|---|---|---|---|---|',
    ...rows,
    `| **all** | ${all.gold} | ${all.predicted} | ${all.correct} | **${f2(all.precision)}** | **${f2(all.recall)}** |`,
    '',
  ];
}

/** Issuer and customer fields, document type by type, table cells. */
function whoAndWhat(runs: DocRun[], metrics: Record<string, number>): string[] {
  const rs = runs.filter((r) => r.source === 'text');
  const types = [...new Set(rs.map((r) => r.entry.type))].sort();
  return [
    '### Who and what (text PDFs)',
    '',
    '| field | gold | predicted | right | precision | recall |',
    '|---|---|---|---|---|---|',
    ...PARTY_FIELDS.map((f) => {
      const r = rates(rs.flatMap((d) => d.parties.filter((o) => o.field === f)));
      return `| ${f} | ${r.gold} | ${r.predicted} | ${r.correct} | ${f2(r.precision)} | ${f2(r.recall)} |`;
    }),
    '',
    '| document type | documents | detected right |',
    '|---|---|---|',
    ...types.map((t) => {
      const of = rs.filter((r) => r.entry.type === t);
      return `| ${t} | ${of.length} | ${of.filter((r) => r.detectedType === t).length} |`;
    }),
    '',
    `Document type accuracy ${f2(metrics.text_document_type_accuracy ?? 0)}; invoice fields at or above the review threshold on non-invoices: ${metrics.text_invoice_fields_on_non_invoices ?? 0}. ` +
      `Table cells (ruled and unruled tables in text PDFs, header row included): ${f2(metrics.table_cell_accuracy)} of ${metrics.table_cells} read right.`,
    '',
  ];
}

function groupTable(runs: DocRun[], by: 'lang' | 'layout'): string[] {
  const groups = [...new Set(runs.map((r) => r.entry[by]))].sort();
  return [
    `| ${by} | documents | precision | recall |`,
    '|---|---|---|---|',
    ...groups.map((g) => {
      const rs = runs.filter((r) => r.entry[by] === g);
      const r = rates(rs.flatMap((d) => d.outcomes));
      return `| ${g} | ${rs.length} | ${f2(r.precision)} | ${f2(r.recall)} |`;
    }),
    '',
  ];
}

function misses(runs: DocRun[], max = 25): string[] {
  const out: string[] = [];
  for (const r of runs) {
    for (const o of r.outcomes) {
      if (o.correct || (o.gold === null && !o.predicted)) continue;
      const got = o.predicted ? `${JSON.stringify(o.predicted.value)} from "${o.predicted.raw_text ?? ''}"` : 'nothing';
      out.push(`- ${r.source} ${r.entry.id} ${o.field}: gold ${JSON.stringify(o.gold)}, got ${got}`);
    }
  }
  return [`Misses (${out.length}; first ${Math.min(max, out.length)}):`, '', ...out.slice(0, max), ''];
}

function reliabilityTable(examples: Example[], p: (e: Example) => number): string[] {
  const { bins, ece } = reliability(examples.map((e) => ({ p: p(e), right: e.right })));
  return [
    '| confidence | items | mean confidence | share right | gap |',
    '|---|---|---|---|---|',
    ...bins.map((b) => `| ${f2(b.from)}–${f2(b.to)} | ${b.count} | ${f2(b.confidence)} | ${f2(b.accuracy)} | ${f2(Math.abs(b.accuracy - b.confidence))} |`),
    `| **all** | ${examples.length} | | | **ECE ${ece.toFixed(3)}** |`,
    '',
  ];
}

/** What the review threshold does with the held-out items: wrong values caught, right values sent to review. */
function reviewLine(examples: Example[], threshold: number): string {
  const below = (e: Example): boolean => (e.calibrated ?? e.heuristic) < threshold;
  const wrong = examples.filter((e) => !e.right);
  const right = examples.filter((e) => e.right);
  return (
    `At the review threshold (${threshold}): ${wrong.filter(below).length} of ${wrong.length} wrong values go to review; ` +
    `${right.filter(below).length} of ${right.length} right values do too.`
  );
}

function calibrationSection(c: CalibrationReport): string[] {
  const mapped = c.heldOut.filter((e) => e.calibrated !== null);
  const keys = [...new Set(mapped.map((e) => e.key))].sort();
  return [
    '### Confidence calibration',
    '',
    `Items the gold set can judge (scored fields; IBAN, VAT id, e-mail, phone and date entities): ${c.fit.length} on the fit half, ` +
      `${c.heldOut.length} on the held-out half (documents 9–16, 25–32, 41–48, 57–64; never fitted on). ` +
      (c.refitted
        ? 'The mapping was refitted on the fit half in this run (`--calibrate`) and written to `src/extraction/confidence-calibration.json`.'
        : 'The mapping is the stored one (`src/extraction/confidence-calibration.json`; `npm run eval -- --calibrate` refits it).'),
    '',
    `Held-out, calibrated (${mapped.length} items; keys ${keys.join(', ') || 'none'}):`,
    '',
    ...reliabilityTable(mapped, (e) => e.calibrated ?? 0),
    "Held-out, the rules' heuristic numbers before calibration (extraction × OCR):",
    '',
    ...reliabilityTable(c.heldOut, (e) => e.heuristic),
    reviewLine(mapped, 0.8),
    '',
  ];
}

/** Scan recall per language (OCR): what the language packs change. */
function scanLanguages(runs: DocRun[]): string[] {
  const scans = runs.filter((r) => r.source === 'scan');
  if (scans.length === 0) return [];
  return ['### Scans by language', '', ...groupTable(scans, 'lang')];
}

export function renderMarkdown(runs: DocRun[], metrics: Record<string, number>, calibration: CalibrationReport): string {
  const text = runs.filter((r) => r.source === 'text');
  return [
    ...fieldTable(runs, 'text'),
    ...(runs.some((r) => r.source === 'scan') ? fieldTable(runs, 'scan') : []),
    ...whoAndWhat(runs, metrics),
    `Box accuracy: ${f2(metrics.box_accuracy)} of ${metrics.boxes_checked} right values' boxes hold their printed text (text PDFs).`,
    '',
    `Seconds per page, wall clock: text PDFs ${opt(metrics.text_seconds_per_page)}, scans ${opt(metrics.scan_seconds_per_page)}; ` +
      `extraction CPU of this process: text PDFs ${opt(metrics.text_cpu_seconds_per_page)}, scans ${opt(metrics.scan_cpu_seconds_per_page)} ` +
      '(poppler and tesseract run as child processes and are not in the CPU figure).',
    '',
    '### Text PDFs by language',
    '',
    ...groupTable(text, 'lang'),
    '### Text PDFs by layout',
    '',
    ...groupTable(text, 'layout'),
    ...scanLanguages(runs),
    ...calibrationSection(calibration),
    ...misses(runs),
  ].join('\n');
}
