/**
 * Prints the extraction suite's markdown: `npx tsx eval/extraction/run.ts [--no-scans] [--no-learning] [--limit N] [--calibrate] [--ocr-lang eng]`.
 * Generates the gold set first when it is missing (LibreOffice, poppler, ImageMagick).
 */
import { runExtractionSuite } from './suite.js';

const limitAt = process.argv.indexOf('--limit');
const result = await runExtractionSuite({
  scans: !process.argv.includes('--no-scans'),
  limit: limitAt > 0 ? Number(process.argv[limitAt + 1]) : undefined,
  calibrate: process.argv.includes('--calibrate'),
  ocrLang: process.argv.includes('--ocr-lang') ? process.argv[process.argv.indexOf('--ocr-lang') + 1] : undefined,
  learning: !process.argv.includes('--no-learning'),
});
console.log(`## ${result.title}\n\n| goal | value | target | met |\n|---|---|---|---|`);
for (const g of result.goals) console.log(`| ${g.name} | ${g.value.toFixed(3)} | ${g.atMost ? '≤' : '≥'} ${g.goal} | ${g.met ? 'yes' : 'no'} |`);
console.log(`\n${result.markdown}`);
if (process.argv.includes('--json')) console.log(JSON.stringify(result.metrics, null, 2));
