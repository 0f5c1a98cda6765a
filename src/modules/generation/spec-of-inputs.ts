/**
 * The canonical spec of the document a run generated, from the inputs the run loaded: the same
 * spec `GET /v1/documents/{id}/spec` answers, without reading the document, its rows and its
 * library a second time (issue 35, item 3: six statements a run on PostgreSQL). The manifest's
 * spec hash then describes the inputs the run actually rendered from.
 */
import { libraryEntitiesFrom } from '../library/spec-sync/entities-of-document.js';
import { canonicalSpec } from '../templates/canonical-spec.js';
import type { DocumentInputs } from './inputs/load-document-inputs.js';

export async function specOfInputs(inputs: DocumentInputs): Promise<ReturnType<typeof canonicalSpec>> {
  // Both were read (and kept) when the pipeline's input was built: no statements here.
  const [library, voice] = await Promise.all([inputs.library(), inputs.voice()]);
  const { document, fields, sections, dataNeeds } = inputs;
  return canonicalSpec({ document, fields, sections, dataNeeds, entities: libraryEntitiesFrom(library, voice) });
}
