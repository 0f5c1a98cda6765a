/** The wire shape of documents and fields: what a client sends is what it reads back. */
import { numberSources } from '../../pipeline/sources.js';
import type { GatheredValueRecord } from './data-needs/gathered-value.repository.js';
import type { DocumentRecord } from './document.repository.js';
import type { FieldRecord } from './fields/field.repository.js';

export function presentDocument(document: DocumentRecord) {
  return {
    id: document.id,
    slug: document.slug,
    title: document.title,
    description: document.description,
    isTemplate: document.isTemplate,
    templateId: document.templateId,
    state: document.state,
    createdAt: document.createdAt,
    updatedAt: document.updatedAt,
  };
}

export function presentField(field: FieldRecord) {
  return {
    id: field.id,
    key: field.key,
    value: field.value,
    valueType: field.valueType,
    isRequired: field.isRequired,
    label: field.label,
    description: field.description,
    // The allowed values, so a client can offer them without reading the template spec. Only
    // enum fields: options left behind on a field whose type changed mean nothing.
    ...(field.valueType === 'enum' && field.options ? { options: field.options } : {}),
  };
}

/** `{key: value}` of a document's fields (list views). */
export function fieldMap(fields: readonly FieldRecord[]): Record<string, string> {
  return Object.fromEntries(fields.map((f) => [f.key, f.value]));
}

/** The sources a document's sections can cite, numbered as render and export number them. */
export function presentSources(gathered: readonly GatheredValueRecord[]) {
  return numberSources(gathered).map(({ text: _text, ...source }) => source);
}
