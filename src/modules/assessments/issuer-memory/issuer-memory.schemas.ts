/** Wire schemas of issuer memories (issue 32 item 5): what reviewers taught about an issuer's layout. */
import { Type } from 'typebox';
import { Nullable, Ref } from '../../../kernel/schema.js';
import { NormalizedBox, Timestamp, stored } from '../wire-common.schemas.js';

export const RememberedField = Type.Object(
  {
    key: Type.String({ description: 'The item key the field fills (invoice.total, payment.iban, …)' }),
    label: Type.String(),
    value_type: Type.String(),
    page: Type.Integer({ minimum: 1 }),
    relation: Type.String({
      description: '`inline`: the value follows its label in one text segment; `offset`: another segment, at a fixed offset from the label',
    }),
    anchor_text: Type.String({ description: 'The label the value is found by, as printed' }),
    anchor_box: Ref(NormalizedBox),
    region: Ref(NormalizedBox),
    format: Type.String({ description: 'The value’s shape: letters A, digits 9, runs collapsed' }),
    learned_from: Type.Object(
      {
        correction_id: Nullable(Type.String({ description: 'The correction (`cor_`), or null when a reviewer confirmed the machine value' })),
        item_id: Type.String(),
        document_id: Type.String(),
        decided_at: Timestamp(),
      },
      stored,
    ),
  },
  { ...stored, $id: 'RememberedField', description: 'Where a reviewed field was on the issuer’s page' },
);

const HistoryEntry = Type.Object({ value: Type.String(), document_id: Type.String(), seen_at: Timestamp() }, stored);

export const IssuerMemory = Type.Object(
  {
    id: Type.String({ description: '`imem_` id' }),
    organization_id: Type.String(),
    name: Nullable(Type.String({ description: 'The issuer’s name from its letterhead, normalised' })),
    identity: Type.Object(
      {
        vat_ids: Type.Array(Type.String()),
        ibans: Type.Array(Type.String()),
        fingerprint_size: Type.Integer({ description: 'How many static texts of the first page make the layout fingerprint' }),
      },
      stored,
    ),
    fields: Type.Array(Ref(RememberedField)),
    history: Type.Record(Type.String(), Type.Array(HistoryEntry), {
      description: 'Stable fields (payment.iban, tax.id) → the values confirmed on this issuer’s documents; another value is flagged for review',
    }),
    applied_count: Type.Integer({ description: 'How many runs took fields from this memory' }),
    last_applied_at: Nullable(Timestamp()),
    created_at: Timestamp(),
    updated_at: Timestamp(),
  },
  { ...stored, $id: 'IssuerMemory', description: 'What reviewers taught about one issuer of the organization' },
);

export const IssuerMemoryList = Type.Object(
  { issuer_memories: Type.Array(Ref(IssuerMemory)), next_cursor: Nullable(Type.String()) },
  { $id: 'IssuerMemoryList', description: 'A page of issuer memories, newest first' },
);

export const ISSUER_MEMORY_SCHEMAS = [RememberedField, IssuerMemory, IssuerMemoryList];
