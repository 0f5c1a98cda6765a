/**
 * Prints the extraction suite's markdown: `npx tsx eval/extraction/run.ts [--no-scans] [--no-learning] [--limit N]`.
 * Generates the gold set first when it is missing (LibreOffice, poppler, ImageMagick).
 */
import { runExtractionSuite } from './suite.js';

const limitAt = process.argv.indexOf('--limit');
const result = await runExtractionSuite({
  scans: !process.argv.includes('--no-scans'),
  limit: limitAt > 0 ? Number(process.argv[limitAt + 1]) : undefined,
  learning: !process.argv.includes('--no-learning'),
});
console.log(result.markdown);
if (process.argv.includes('--json')) console.log(JSON.stringify(result.metrics, null, 2));
