/**
 * A document's inputs → the readiness verdict: shared by `GET /readiness` and the pipeline's
 * gate, so what blocks a run is exactly what the readiness route shows.
 */
import { assessReadiness, type Readiness } from '../../../pipeline/readiness.js';
import { fieldValueProblem } from '../../documents/fields/field-values.js';
import { libraryGaps } from '../../library/bindings/library-gaps.js';
import { TEMPLATE_GLOBALS } from '../../templates/template-globals.js';
import type { DocumentInputs } from './load-document-inputs.js';

/**
 * The verdict and every gap: the document's own (fields, data-needs, templates) and those found
 * elsewhere — the library's (draft risk blocks, unbound snippet roles), then the assessments'.
 *
 * @throws never on its own; database errors from the lazy inputs propagate.
 */
export async function readinessOf(inputs: DocumentInputs): Promise<Readiness> {
  const [library, tools, assessmentGaps] = await Promise.all([inputs.library(), inputs.toolRegistrations(), inputs.assessmentGaps()]);
  return assessReadiness({
    fields: inputs.fields,
    sections: inputs.sections,
    dataNeeds: inputs.dataNeeds,
    computationNames: Object.keys(inputs.computations),
    globals: TEMPLATE_GLOBALS,
    toolNames: tools.map((t) => t.name),
    extraGaps: [...libraryGaps(inputs.document, library), ...assessmentGaps],
    fieldValueProblem,
  });
}
