/**
 * `POST /documents/{id}/extracted-items` (issue 32 item 5, ADR 0513): a reviewer supplies a field
 * the processor did not find. It is stored as what it is — an item the run found `absent`, with
 * a `missing_value` correction that gives its value (and, when sent, where it is on the page) —
 * so reruns, exports and the issuer memory treat it like any other correction.
 */
import { ConflictError, DomainValidationError } from '../../../../kernel/errors.js';
import { newId } from '../../../../kernel/ids.js';
import type { Provenance, ValueType } from '../../../../extraction/types.js';
import type { CommandContext } from '../../../context.js';
import { createCorrection } from '../../corrections/commands/create-correction.js';
import type { CorrectionRecord } from '../../corrections/correction.repository.js';
import { correctedValue } from '../../corrections/correction-input.js';
import { itemTypeOf } from '../../processors/item-type-of.js';
import { requireSourceDocument } from '../../uploads/require-source-document.js';
import type { ExtractedItemRecord } from '../extracted-item.repository.js';

export interface MissingItemBody {
  key: string;
  value: unknown;
  provenance?: Provenance;
  note?: string | null;
}

/**
 * @throws NotFoundError when the document is absent or foreign.
 * @throws ConflictError when the document has no finished run, or already has a current item of that key.
 * @throws DomainValidationError when the key is not one of the processor's single fields, or the value does not fit its type.
 */
export async function supplyMissingItem(
  ctx: CommandContext,
  documentId: string,
  body: MissingItemBody,
): Promise<{ item_id: string; correction: CorrectionRecord }> {
  const orgId = ctx.actor.org.orgId;
  const itemId = await ctx.transaction(async (tx) => {
    const doc = await requireSourceDocument(tx, documentId);
    if (!doc.latest_run_id || !doc.processor_id) throw new ConflictError('the document has no finished processing run');
    const type = itemTypeOf(doc.processor_id, body.key);
    if (!type || type.key.includes('*')) throw new DomainValidationError(`key ${body.key} is not a field of processor ${doc.processor_id}`);
    const current = await tx.repos.items.listCurrent(orgId, [doc.id]);
    if (current.some((i) => i.key === body.key)) throw new ConflictError(`the document already has an item ${body.key}: correct that one`);
    const now = tx.clock.now().toISOString();
    const provenance: Provenance = { quote: '', text_source: 'native', anchors: [] };
    const item: Omit<ExtractedItemRecord, 'org_id'> = {
      id: newId('itm'),
      document_id: doc.id,
      assessment_id: doc.assessment_id,
      run_id: doc.latest_run_id,
      ordinal: current.reduce((m, i) => Math.max(m, i.ordinal), -1) + 1,
      processor_id: doc.processor_id,
      key: body.key,
      label: type.label,
      occurrence_index: 0,
      value_type: type.value_type as ValueType,
      value_state: 'absent',
      value: null,
      value_text: null,
      raw_text: null,
      extracted: { value: null, value_text: null, raw_text: null, value_state: 'absent' },
      confidence: { overall: null, ocr: null, extraction: null, level: null, method: 'label_proximity_rule', calibrated: false },
      provenance,
      candidates: [],
      validation_status: 'pending',
      validation: { checks: [], blockers: [], decided_by: null, decided_at: null, decision_source: null, note: null },
      current_correction_id: null,
      is_corrected: false,
      version: 1,
      superseded_by: null,
      created_at: now,
      updated_at: now,
    };
    // The value is checked before anything is stored: a 422 leaves no absent item behind.
    correctedValue({ ...item, org_id: orgId }, { value: body.value as never, provenance: body.provenance });
    await tx.repos.items.insertMany(orgId, [item]);
    return item.id;
  });
  const correction = await createCorrection(ctx, itemId, { value: body.value as never, provenance: body.provenance, reason: 'missing_value', note: body.note });
  return { item_id: itemId, correction };
}
