/** Wire shape of an extracted item (§4.5). */
import type { Static } from 'typebox';
import type { ExtractedItem } from './extracted-item.schemas.js';
import type { ExtractedItemRecord } from './extracted-item.repository.js';

type ExtractedItemWire = Static<typeof ExtractedItem>;

type AlternateWire = ExtractedItemWire['alternates'][number];

/** Alternates are stored with the candidates (one JSON column), marked `source: 'alternate'`. */
function isAlternate(c: unknown): boolean {
  return typeof c === 'object' && c !== null && (c as { source?: unknown }).source === 'alternate';
}

function asAlternate(c: unknown): AlternateWire {
  const { source: _source, ...alternate } = c as AlternateWire & { source: string };
  return alternate;
}

export function presentItem(item: ExtractedItemRecord): ExtractedItemWire {
  return {
    id: item.id,
    organization_id: item.org_id,
    document_id: item.document_id,
    assessment_id: item.assessment_id,
    run_id: item.run_id,
    processor_id: item.processor_id,
    key: item.key,
    label: item.label,
    path: item.key,
    parent_id: null,
    occurrence_index: item.occurrence_index,
    // A plain text column; processors only write the values of the enum.
    value_type: item.value_type as ExtractedItemWire['value_type'],
    value_state: item.value_state,
    value: item.value,
    value_text: item.value_text,
    raw_text: item.raw_text,
    extracted: item.extracted,
    is_corrected: item.is_corrected,
    confidence: item.confidence,
    provenance: item.provenance,
    candidates: item.candidates.filter((c) => !isAlternate(c)),
    alternates: item.candidates.filter(isAlternate).map(asAlternate),
    validation: { status: item.validation_status, ...item.validation },
    current_correction_id: item.current_correction_id,
    version: item.version,
    superseded_by: item.superseded_by,
    created_at: item.created_at,
    updated_at: item.updated_at,
  };
}
