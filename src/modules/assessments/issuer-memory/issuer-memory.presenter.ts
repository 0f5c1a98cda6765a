/** An issuer memory on the wire (snake_case, `organization_id`). */
import type { Static } from 'typebox';
import type { IssuerMemory } from './issuer-memory.schemas.js';
import type { IssuerMemoryRecord } from './issuer-memory.repository.js';

export function presentIssuerMemory(m: IssuerMemoryRecord): Static<typeof IssuerMemory> {
  return {
    id: m.id,
    organization_id: m.org_id,
    name: m.name,
    identity: { vat_ids: m.identity.vat_ids, ibans: m.identity.ibans, fingerprint_size: m.identity.fingerprint.length },
    fields: m.fields.map((f) => ({
      key: f.key,
      label: f.label,
      value_type: f.value_type,
      page: f.page,
      relation: f.relation,
      anchor_text: f.anchor_text,
      anchor_box: f.anchor_box,
      region: f.region,
      format: f.format,
      learned_from: f.learned_from,
    })),
    history: m.history,
    applied_count: m.applied_count,
    last_applied_at: m.last_applied_at,
    created_at: m.created_at,
    updated_at: m.updated_at,
  };
}
