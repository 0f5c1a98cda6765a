/**
/**
 * A document's inputs → the readiness verdict: shared by `GET /readiness` and the pipeline's
 * gate, so what blocks a run is exactly what the readiness route shows. Computations are
 * evaluated here (the verdict itself stays pure) over the fields and the gathered values
 * persisted so far, as `GET /computed` does, so a computation that cannot work is a gap before
 * the run instead of an empty value in it.
 */
import type { Interview } from '../../../kernel/interview.js';
import { READINESS_NAMESPACES, assessReadiness, type Readiness } from '../../../pipeline/readiness.js';
import { computeValues } from '../../../pipeline/stages/compute.js';
import { decideAll } from '../../../pipeline/stages/decide.js';
import { decisionGaps } from './decision-gaps.js';
import { fieldValueProblem } from '../../documents/fields/field-values.js';
import { libraryGaps } from '../../library/bindings/library-gaps.js';
import type { TemplateCheck } from '../../../templating/index.js';
import { storedTemplateChecksOf } from '../../../tenant-code/stored-template-checks.js';
import { computationReadsOf } from '../../../tenant-code/tenant-code-pool.js';
import { TEMPLATE_GLOBALS } from '../../templates/template-globals.js';
import type { CommandContext } from '../../context.js';
import type { DocumentRecord } from '../../documents/document.repository.js';
import { type DocumentInputs, loadDocumentInputs } from './load-document-inputs.js';
import { wordTemplateGaps } from './word-template-gaps.js';
import { decisionContradictions } from './decision-contradictions.js';
import { failedSectionGaps } from './failed-section-gaps.js';

/**
 * The verdict and every gap: the document's own (fields, data-needs, templates, computations)
 * and those found elsewhere — the library's (draft risk blocks, unbound snippet roles), then
 * the assessments'.
 *
 * @throws never on its own; database errors from the lazy inputs propagate.
 */
export async function readinessOf(inputs: DocumentInputs): Promise<Readiness> {
  const [library, tools, assessmentGaps, gatheredRows, wordTemplate, failedSections] = await Promise.all([
    inputs.library(),
    inputs.toolRegistrations(),
    inputs.assessmentGaps(),
    inputs.gathered(),
    inputs.wordTemplate(),
    failedSectionGaps(inputs),
  ]);
  const computations = inputs.computations;
  const gathered = Object.fromEntries(gatheredRows.map((r) => [r.outputKey, r.value]));
  const { computed, errors } = await computeValues({ computations, fields: inputs.fieldValues, gathered, now: inputs.document.updatedAt });
  const decisions = await decideAll({ decisions: inputs.decisions, fields: inputs.fieldValues, computed, gathered });
  const templateCheck = await checkSectionTemplates(inputs.sections);
  // What a failing computation reads, parsed in the tenant-code pool (JSONata's parser is super-linear).
  const readsOf = await computationReadsOf(Object.keys(errors).map((key) => computations[key] ?? ''));
  return assessReadiness({
    fields: inputs.fields,
    sections: inputs.sections,
    dataNeeds: inputs.dataNeeds,
    computationNames: Object.keys(computations),
    computationFailures: Object.entries(errors).map(([key, error]) => ({ key, error, reads: readsOf(computations[key] ?? '') })),
    gatheredKeys: Object.keys(gathered),
    globals: TEMPLATE_GLOBALS,
    toolNames: tools.map((t) => t.name),
    interview: inputs.config.interview as Interview,
    extraGaps: [
      ...decisionGaps(decisions, new Set(Object.keys(errors))),
      ...libraryGaps(inputs.document, library),
      ...assessmentGaps,
      ...(wordTemplate ? wordTemplateGaps(wordTemplate.report, inputs) : []),
      ...failedSections,
    ],
    fieldValueProblem,
    templateCheck,
  });
}

/**
 * The templated sections' templates checked in the tenant-code pool (remembered by text), as the
 * lookup assessReadiness reads: a template too costly to check is a gap of its section naming the
 * budget, not a failed readiness.
 */
async function checkSectionTemplates(sections: DocumentInputs['sections']): Promise<(source: string) => TemplateCheck> {
  const sources = sections.filter((s) => s.renderMode === 'templated' && s.outputTemplate).map((s) => s.outputTemplate ?? '');
  return storedTemplateChecksOf(sources, READINESS_NAMESPACES);
}

/**
 * The blocking gaps of `document` judged as a finalized document (where a draft risk block
 * blocks), each as `kind (key): message`: what `PUT /state {"state": "finalized"}` refuses on.
 */
export async function finalizeBlockers(ctx: CommandContext, document: DocumentRecord): Promise<string[]> {
  const inputs = await loadDocumentInputs(ctx, { ...document, state: 'finalized' });
  const readiness = await readinessOf(inputs);
  const gaps = readiness.gaps.filter((gap) => gap.blocking).map((gap) => `${gap.kind}${gap.key ? ` (${gap.key})` : ''}: ${gap.message}`);
  return [...gaps, ...(await decisionContradictions(inputs))];
}
