/**
 * `PUT /v1/documents/{id}/fields`: merges values by key (values coerced to strings). Unknown
 * keys become string fields. Field ids stay stable across merges.
 */
import { newId } from '../../../../kernel/ids.js';
import type { CommandContext } from '../../../context.js';
import { coerceFieldValue } from '../field-values.js';
import { requireEditableDocument } from '../../require-document.js';

/**
 * @throws NotFoundError when absent or foreign; DomainValidationError when finalized.
 */
export async function replaceFields(ctx: CommandContext, documentId: string, values: Record<string, unknown>): Promise<void> {
  const orgId = ctx.actor.org.orgId;
  await ctx.transaction(async (tx) => {
    const document = await requireEditableDocument(tx, documentId);
    const now = tx.clock.now().toISOString();
    const existing = new Map((await tx.repos.fields.listByDocument(orgId, document.id)).map((f) => [f.key, f]));
    let ordinal = existing.size;
    for (const [key, raw] of Object.entries(values)) {
      const value = coerceFieldValue(raw);
      const field = existing.get(key);
      if (field) {
        if (field.value !== value) await tx.repos.fields.update(orgId, document.id, field.id, { value }, now);
      } else {
        await tx.repos.fields.insert(orgId, { id: newId('fld'), documentId: document.id, key, value, valueType: 'string', isRequired: false, label: null, description: null, options: null, ordinal: ordinal++ }, now);
      }
    }
    await tx.repos.documents.touch(orgId, document.id, now);
  });
}
