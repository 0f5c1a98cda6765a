/**
 * The render context a run starting now would build from a document's inputs, with the parts a
 * run alone decides (the synthesized context, other sections' outputs before the run, its
 * variables and its date) taken from a context a run recorded. Section staleness compares it
 * with the recorded one; a Word template's tags are filled over it at export.
 */
import { numberSources } from '../../../pipeline/sources.js';
import { computeValues } from '../../../pipeline/stages/compute.js';
import { decideAll, decisionFacts } from '../../../pipeline/stages/decide.js';
import { buildRenderContext } from '../../../pipeline/stages/render.js';
import type { DocumentInputs } from './load-document-inputs.js';
import { snippetsForRender } from './pipeline-input.js';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export interface CurrentRenderContext {
  context: Record<string, unknown>;
  /** The sources as numbered for the context, with their text. */
  sources: Array<{ n: number; title: string; text: string }>;
}

/**
 * @param recorded a render context a run recorded (`{}` when there was none)
 * @param now the instant computations see, and the date when `recorded` has none (ISO)
 */
export async function currentRenderContext(inputs: DocumentInputs, recorded: Record<string, unknown>, now: string): Promise<CurrentRenderContext> {
  const [rows, library] = await Promise.all([inputs.gathered(), inputs.library()]);
  const gathered = Object.fromEntries(rows.map((r) => [r.outputKey, r.value]));
  const { computed } = await computeValues({ computations: inputs.computations, fields: inputs.fieldValues, gathered, now });
  const decisions = await decideAll({ decisions: inputs.decisions, fields: inputs.fieldValues, computed, gathered });
  const sources = numberSources(rows);
  const { document } = inputs;
  const context = buildRenderContext({
    fields: inputs.fieldValues,
    gathered,
    computed,
    decisions: decisionFacts(decisions),
    synthesized: isRecord(recorded.synthesized) ? recorded.synthesized : null,
    document: { id: document.id, title: document.title, description: document.description, state: document.state },
    organization: inputs.organization,
    sources: sources.map((s) => ({ n: s.n, title: s.title, url: s.url })),
    snippets: snippetsForRender(library),
    sections: (isRecord(recorded.sections) ? recorded.sections : {}) as Record<string, string | null>,
    variables: isRecord(recorded.variables) ? recorded.variables : {},
    today: typeof recorded.today === 'string' ? recorded.today : now.slice(0, 10),
    locale: typeof inputs.config.render.language === 'string' ? inputs.config.render.language : undefined,
  });
  return { context, sources: sources.map((s) => ({ n: s.n, title: s.title, text: s.text })) };
}
