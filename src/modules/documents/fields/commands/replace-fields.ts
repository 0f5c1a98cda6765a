/**
 * `PUT /v1/documents/{id}/fields`: merges values by key (values coerced to strings). Unknown
 * keys become string fields. Field ids stay stable across merges. A value that can never be
 * valid for its field's type refuses the whole request (nothing is stored).
 */
import { newId } from '../../../../kernel/ids.js';
import type { CommandContext } from '../../../context.js';
import { assertFieldCountFits } from '../field-count.js';
import { assertFieldValuesFit, coerceFieldValue } from '../field-values.js';
import { requireEditableDocument } from '../../require-document.js';
import { publishDocumentChange } from '../../../live/publish-change.js';

/**
 * @throws NotFoundError when absent or foreign; DomainValidationError when finalized or when a
 *   value can never be valid for its field's type.
 */
export async function replaceFields(ctx: CommandContext, documentId: string, values: Record<string, unknown>): Promise<void> {
  const orgId = ctx.actor.org.orgId;
  await ctx.transaction(async (tx) => {
    const document = await requireEditableDocument(tx, documentId);
    const existing = new Map((await tx.repos.fields.listByDocument(orgId, document.id)).map((f) => [f.key, f]));
    const sent = Object.entries(values).map(([key, raw]) => ({ key, value: coerceFieldValue(raw), field: existing.get(key) }));
    assertFieldCountFits(existing.size, sent.filter((s) => !s.field).length);
    // Every value is checked before the first write. Unknown keys become string fields: any value fits.
    assertFieldValuesFit(sent.flatMap(({ value, field }) => (field ? [{ field, value }] : [])));

    const now = tx.clock.now().toISOString();
    let ordinal = existing.size;
    for (const { key, value, field } of sent) {
      if (field) {
        if (field.value !== value) await tx.repos.fields.update(orgId, document.id, field.id, { value }, now);
      } else {
        await tx.repos.fields.insert(
          orgId,
          {
            id: newId('fld'),
            documentId: document.id,
            key,
            value,
            valueType: 'string',
            isRequired: false,
            label: null,
            description: null,
            options: null,
            ordinal: ordinal++,
          },
          now,
        );
      }
    }
    await tx.repos.documents.touch(orgId, document.id, now);
    await publishDocumentChange(tx, document.id, { kind: 'fields.changed', keys: sent.map((s) => s.key) });
  });
}
