/**
 * Extraction's evaluation (issue 32) as one of `npm run eval`'s suites: the project's generated
 * gold set (eval/gold/extraction, made on first use) scored field by field, with its goals. The
 * suite's own markdown (per-field table, boxes, speed) goes under the measures.
 */
import { runExtractionSuite } from '../extraction/suite.js';
import type { Measure, Suite } from './index.js';

/** `text-PDF field recall` → `extraction.text_pdf_field_recall` (what eval/goals-met.json names). */
function idOf(name: string): string {
  return `extraction.${name.toLowerCase().replace(/[^a-z0-9]+/g, '_')}`;
}

export const extractionSuite: Suite = {
  name: 'extraction',
  async run(args = []) {
    // `npm run eval -- --calibrate` refits the confidence mapping on the gold set's fit half first.
    const result = await runExtractionSuite({ calibrate: args.includes('--calibrate') });
    const measures: Measure[] = result.goals.map((g) => ({
      id: idOf(g.name),
      label: g.name,
      value: g.value,
      format: g.format,
      goal: { op: g.atMost ? '<=' : '>=', target: g.goal },
    }));
    return { title: result.title, measures, notes: [result.markdown] };
  },
};
