/**
 * The model-assisted processor (`prc_llm_fields`) scored on the gold set's text PDFs with a
 * scripted live model (issue 32, item 6): the processor's own loading, the real gateway
 * (openai-compatible, AI SDK, structured output and its repair) against the scripted extractor
 * (eval/support/scripted-extractor.ts) on the real chat-completions protocol, then the
 * processor's parsing, typing, quoting and anchoring of the answer. Per-field precision and recall
 * as the rules are scored (eval/extraction/score.ts), what became of the planted faults, how
 * many values are anchored to their quote, and that no item claims a confidence number (D5).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createModelGateway } from '../../src/adapters/llm/create-model-gateway.js';
import { loadTextForModel } from '../../src/extraction/processors/llm-fields.js';
import type { ExtractedItem, ProcessingWarning } from '../../src/extraction/types.js';
import { extractWithModel } from '../../src/modules/assessments/processing/extract-with-model.js';
import { startFakeOpenAi } from '../../test/support/fake-openai-server.js';
import { type FieldOutcome, SCORED_FIELDS, scoreDocument } from '../extraction/score.js';
import { rates } from '../extraction/suite.js';
import { GOLD_DIR, generateGoldSet } from '../gold/extraction/generate.js';
import { type FaultKind, createScriptedExtractor } from '../support/scripted-extractor.js';
import type { Measure, Suite, SuiteReport } from './index.js';

interface DocOutcome {
  id: string;
  items: ExtractedItem[];
  warnings: ProcessingWarning[];
  errors: number;
  outcomes: FieldOutcome[];
  text: string;
}

const FAULT_KINDS: FaultKind[] = ['left-out', 'wrong-value', 'wrapped', 'not-typed'];

/** True when the processor showed a reviewer something is off with the key's value: not typed, or not found in the text. */
function madeVisible(doc: DocOutcome, key: string): boolean {
  const item = doc.items.find((i) => i.key === key);
  return item?.value_state === 'unreadable' || doc.warnings.some((w) => w.message.startsWith(`${key}:`));
}

/** The item's anchor spans exactly its quote in the run's text. */
function anchored(item: ExtractedItem, text: string): boolean {
  const span = item.provenance.anchors.find((a) => a.kind === 'text_span');
  return span !== undefined && span.kind === 'text_span' && text.slice(span.start, span.end) === item.provenance.quote;
}

export async function runModelAssisted(): Promise<SuiteReport> {
  const manifest = await generateGoldSet({ out: GOLD_DIR });
  const script = createScriptedExtractor();
  const fake = await startFakeOpenAi({ respond: (r) => script.respond(r) });
  const docs: DocOutcome[] = [];
  try {
    const model = await createModelGateway({
      provider: 'openai-compatible',
      baseUrl: fake.baseUrl,
      apiKey: 'scripted',
      model: 'scripted-extractor',
      gatherModel: 'scripted-extractor',
      synthesisModel: 'scripted-extractor',
      timeoutMs: 30_000,
    });
    for (const entry of manifest.documents) {
      const file = join(GOLD_DIR, entry.pdf);
      const loaded = await loadTextForModel({ bytes: await readFile(file), kind: 'pdf', filename: file });
      const r = await extractWithModel(model, loaded, { processor_id: 'prc_llm_fields', kind: 'pdf', requirements: [] });
      docs.push({ id: entry.id, items: r.items, warnings: r.warnings, errors: r.errors.length, outcomes: scoreDocument(r.items, entry.answers), text: r.text });
    }
  } finally {
    await fake.close();
  }
  return report(docs, script);
}

function report(docs: DocOutcome[], script: ReturnType<typeof createScriptedExtractor>): SuiteReport {
  const all = rates(docs.flatMap((d) => d.outcomes));
  const present = docs.flatMap((d) => d.items.filter((i) => i.value_state === 'present').map((i) => ({ i, d })));
  const right = docs.flatMap((d) => d.outcomes.filter((o) => o.correct && o.predicted).map((o) => ({ i: o.predicted as ExtractedItem, d })));
  const anchoredRight = right.filter(({ i, d }) => anchored(i, d.text)).length;
  const items = docs.flatMap((d) => d.items);
  const withNumber = items.filter((i) => i.confidence.overall !== null || i.confidence.extraction !== null).length;
  const faults = script.planted.map((p) => ({ ...p, doc: docs[p.request - 1] }));
  const scored = faults.filter((f) => SCORED_FIELDS.includes(f.key));
  const visible = scored.filter((f) => f.kind !== 'left-out' && madeVisible(f.doc, f.key));
  const wrongAnswers = scored.filter((f) => f.kind !== 'left-out');
  const measures: Measure[] = [
    { id: 'model_assisted.field_precision', label: 'field precision (text PDFs, scripted model)', value: all.precision, format: 'ratio' },
    { id: 'model_assisted.field_recall', label: 'field recall (text PDFs, scripted model)', value: all.recall, format: 'ratio' },
    {
      id: 'model_assisted.faults_made_visible',
      label: 'planted wrong answers the processor marks (unreadable, or quote not in the text)',
      value: wrongAnswers.length ? visible.length / wrongAnswers.length : 0,
      format: 'ratio',
    },
    {
      id: 'model_assisted.right_values_anchored',
      label: 'right values anchored to their quote in the text',
      value: right.length ? anchoredRight / right.length : 0,
      format: 'ratio',
    },
    {
      id: 'model_assisted.items_with_confidence_number',
      label: 'items claiming a confidence number (D5: a model gives none)',
      value: withNumber,
      format: 'count',
      goal: { op: '<=', target: 0 },
    },
  ];
  return {
    title: 'Model-assisted processor with a scripted model (issue 32, item 6)',
    measures,
    notes: [notes(docs, script, { present: present.length, faults, visible, wrongAnswers })],
  };
}

function notes(
  docs: DocOutcome[],
  script: ReturnType<typeof createScriptedExtractor>,
  f: { present: number; faults: Array<{ key: string; kind: FaultKind; answer: string; doc: DocOutcome }>; visible: unknown[]; wrongAnswers: unknown[] },
): string {
  const lines = [
    `\`prc_llm_fields\` on the gold set's ${docs.length} text PDFs with \`LLM_PROVIDER=openai-compatible\` against a scripted model on the real chat-completions protocol (\`eval/support/scripted-extractor.ts\`): it reads the fields the prompt lists and the document text it was sent, finds each field's label (it knows the eight languages' label words) and copies the value after it, dates with a month name as YYYY-MM-DD. It errs on purpose at fixed counts: a value left out, a wrong value (another amount, a made-up reference), a value wrapped in a sentence, a value not of its type; and every 7th request first gets fenced JSON with a trailing comma. ${script.requests} requests for ${docs.length} documents; ${docs.filter((d) => d.errors > 0).length} runs ended in an error; ${f.present} values present.`,
    '',
    '| field | gold | predicted | right | precision | recall |',
    '|---|---|---|---|---|---|',
  ];
  for (const field of SCORED_FIELDS) {
    const r = rates(docs.flatMap((d) => d.outcomes.filter((o) => o.field === field)));
    lines.push(`| ${field} | ${r.gold} | ${r.predicted} | ${r.correct} | ${r.precision.toFixed(2)} | ${r.recall.toFixed(2)} |`);
  }
  const all = rates(docs.flatMap((d) => d.outcomes));
  lines.push(`| **all** | ${all.gold} | ${all.predicted} | ${all.correct} | **${all.precision.toFixed(2)}** | **${all.recall.toFixed(2)}** |`, '');
  const scored = f.faults.filter((x) => SCORED_FIELDS.includes(x.key));
  const perKind = FAULT_KINDS.map((k) => {
    const of = scored.filter((x) => x.kind === k);
    const marked = of.filter((x) => madeVisible(x.doc, x.key)).length;
    return `${k} ${of.length} (${marked} marked)`;
  });
  lines.push(
    `Planted faults on scored fields: ${perKind.join(', ')}. Marked: the item is \`unreadable\` (not of its type) or a \`quote_not_found\` warning names it (no anchor). A wrong amount that is printed elsewhere on the page (another total) passes both: only a check of subtotal + tax = total could catch it. Confidence stays null on every item (D5), so every value goes to a person whatever the processor's review threshold.`,
    '',
  );
  const misses = docs.flatMap((d) => d.outcomes.filter((o) => !o.correct && (o.gold !== null || o.predicted)).map((o) => ({ d, o })));
  lines.push(`Misses (${misses.length}; first 15):`, '');
  for (const { d, o } of misses.slice(0, 15))
    lines.push(
      `- ${d.id} ${o.field}: gold ${JSON.stringify(o.gold)}, got ${o.predicted ? `${JSON.stringify(o.predicted.value)} from "${o.predicted.raw_text ?? ''}"` : 'nothing'}`,
    );
  return lines.join('\n');
}

export const modelAssistedSuite: Suite = {
  name: 'model-assisted',
  run: () => runModelAssisted(),
};
