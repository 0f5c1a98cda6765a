/**
 * Tables in PDFs (issue 32 item 3): table cell accuracy on the generated set the tests use
 * (ruled and unruled tables LibreOffice prints from HTML, scored with `scoreTables`), and the CPU
 * the table finding adds per page: reading the drawn lines (pdf.js operator lists) and finding the
 * tables in the positioned words, on a 400-row table over about ten pages, ruled and unruled.
 * The text itself is read as for every processor (poppler, in its own process). Needs LibreOffice.
 * Run with `npx tsx bench/pdf-tables.ts`; results go to the `## PDF tables` section of BENCHMARKS.md.
 */
import { loadPdf } from '../src/extraction/loaders/pdf-to-layout.js';
import { runProcessor } from '../src/extraction/processor-catalog.js';
import { pageTableSheets } from '../src/extraction/tables/page-tables.js';
import { readPdfRulings } from '../src/extraction/tables/pdf-rulings.js';
import { gridsOfItems, scoreTables } from '../src/extraction/tables/score-tables.js';
import { CSV_CASES, HAVE_SOFFICE, TABLE_SPECS, htmlToPdf, tableHtml } from '../src/extraction/test-support/table-fixtures.js';
import { validateUpload } from '../src/extraction/validate-upload.js';
import { machine, writeBenchmarkSection } from './benchmarks-file.js';

const cpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

async function accuracy(): Promise<string[]> {
  const rows: string[] = [];
  let [cells, correct] = [0, 0];
  for (const spec of TABLE_SPECS) {
    const r = await runProcessor('prc_table_rows', { bytes: await htmlToPdf(tableHtml(spec)), kind: 'pdf', filename: 'table.pdf' });
    const s = scoreTables([[spec.headers, ...spec.rows]], gridsOfItems(r.items));
    [cells, correct] = [cells + s.cells, correct + s.correct];
    rows.push(`| ${spec.headers.join(', ')} | ${spec.ruled ? 'ruled' : 'unruled'} | ${s.correct}/${s.cells} |`);
  }
  rows.push(`| **all** | | **${correct}/${cells} = ${(correct / cells).toFixed(3)}** |`);
  return rows;
}

/** Cell accuracy on the awkward CSVs, read as an upload is: kind from the upload check, cells from prc_table_rows. */
async function csvAccuracy(): Promise<string> {
  let [cells, correct] = [0, 0];
  for (const c of CSV_CASES) {
    const kind = (await validateUpload({ bytes: c.bytes, filename: c.name })).detected.kind ?? 'text';
    const r = await runProcessor('prc_table_rows', { bytes: c.bytes, kind, filename: c.name });
    const s = scoreTables([c.grid], gridsOfItems(r.items));
    [cells, correct] = [cells + s.cells, correct + s.correct];
  }
  return `CSV cell accuracy on the awkward set (\`CSV_CASES\`: ${CSV_CASES.map((c) => c.name).join(', ')}): ${correct}/${cells}.`;
}

async function cost(ruled: boolean): Promise<string> {
  const rows = Array.from({ length: 400 }, (_, i) => [
    `Item ${i + 1} description`,
    String((i % 7) + 1),
    (i * 3.5).toFixed(2),
    (((i % 7) + 1) * i * 3.5).toFixed(2),
  ]);
  const bytes = await htmlToPdf(tableHtml({ headers: ['Description', 'Quantity', 'Unit price', 'Amount'], rows, ruled }));
  await readPdfRulings(bytes, 1);
  const loaded = await loadPdf({ bytes, kind: 'pdf' }, 'never');
  const pages = loaded.positioned.length;
  const times = { rulings: [] as number[], find: [] as number[] };
  let cells = 0;
  for (let run = 0; run < 5; run++) {
    let t = cpuMs();
    const rulings = await readPdfRulings(bytes, 300);
    times.rulings.push((cpuMs() - t) / pages);
    t = cpuMs();
    const sheets = pageTableSheets(loaded.positioned, rulings, () => 'text_layer');
    times.find.push((cpuMs() - t) / pages);
    cells = sheets.reduce((s, sh) => s + sh.rows.reduce((a, r) => a + r.cells.length, 0), 0);
  }
  const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  return `| ${ruled ? 'ruled' : 'unruled'} | ${pages} | ${cells} | ${median(times.rulings).toFixed(1)} | ${median(times.find).toFixed(1)} |`;
}

async function main(): Promise<void> {
  if (!HAVE_SOFFICE) throw new Error('LibreOffice (soffice) is needed to print the tables');
  const m = machine();
  const section = [
    '## PDF tables',
    '',
    `Measured by \`npx tsx bench/pdf-tables.ts\` on ${m.cpu} (${m.nproc} cores), Node ${m.node}.`,
    '',
    'Table cell accuracy on the generated set (`TABLE_SPECS`, printed by LibreOffice; header cells included):',
    '',
    '| table | kind | cells right |',
    '|---|---|---|',
    ...(await accuracy()),
    '',
    await csvAccuracy(),
    '',
    'CPU per page that table finding adds (median of 5; a 400-row table of 4 columns):',
    '',
    '| table | pages | cells | drawn lines, ms/page | finding, ms/page |',
    '|---|---|---|---|---|',
    await cost(true),
    await cost(false),
    '',
  ].join('\n');
  console.log(section);
  await writeBenchmarkSection('PDF tables', section);
}

await main();
