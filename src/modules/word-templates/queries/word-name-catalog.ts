/**
 * What a Word template of a document (or template) can bind to: its fields, computations,
 * gathered values, bound snippets and their entity roles, and sections. A name read by the
 * template that is none of these (nor a namespace every template sees) is reported unknown.
 */
import type { DocumentInputs } from '../../generation/inputs/load-document-inputs.js';
import type { WordNameCatalog } from '../../../word-template/word-template-types.js';

export async function wordNameCatalogOf(inputs: DocumentInputs): Promise<WordNameCatalog> {
  const library = await inputs.library();
  return {
    fields: inputs.fields.map((f) => f.key),
    computed: Object.keys(inputs.computations),
    gathered: inputs.dataNeeds.map((n) => n.outputKey),
    entities: [...new Set(library.bound.flatMap(({ binding }) => Object.keys(binding.entityBindings)))],
    library: library.bound.map(({ snippet }) => snippet.key),
    sections: inputs.sections.map((s) => s.key),
  };
}
