/**
 * The `data-needs` exporter (§7.1, push form): sets the linked /v1 document's fields from the
 * selected items' `value_text` (fields are strings) through the documents module's own
 * `replaceFields`, and reports the citations a generation can check.
 */
import { DomainValidationError } from '../../../../kernel/errors.js';
import type { CommandContext } from '../../../context.js';
import { replaceFields } from '../../../documents/fields/commands/replace-fields.js';
import type { AssessmentRecord } from '../../assessments/assessment.repository.js';
import type { ExtractedItemRecord } from '../../extracted-items/extracted-item.repository.js';
import type { SourceDocumentRecord } from '../../uploads/source-document.repository.js';
import { fieldKeyOf } from '../field-key.js';
import { firstPage } from '../select-items.js';

/**
 * @throws DomainValidationError when the document has no assessment or the assessment no linked /v1 document (or it is finalized).
 * @throws NotFoundError when the linked /v1 document no longer exists.
 */
export async function pushDataNeeds(
  ctx: CommandContext,
  doc: SourceDocumentRecord,
  assessment: AssessmentRecord | undefined,
  pages: AsyncIterable<ExtractedItemRecord[]>,
): Promise<Record<string, unknown>> {
  if (!assessment) throw new DomainValidationError('the document belongs to no assessment, so it has no linked /v1 document');
  if (!assessment.linked_document_id) throw new DomainValidationError('the assessment has no linked_document_id');
  const values: Record<string, string> = {};
  const citations = [];
  // Read in pages: what is kept is one value per field key, not the document's items.
  for await (const page of pages) {
    for (const item of page) {
      const key = fieldKeyOf(item.key);
      if (key in values || item.value_text === null) continue; // the first occurrence wins
      values[key] = item.value_text;
      citations.push({
        field_key: key,
        item_id: item.id,
        document_id: doc.id,
        filename: doc.filename,
        page_number: firstPage(item),
        quote: item.provenance.quote,
        correction_id: item.current_correction_id,
      });
    }
  }
  const linked = assessment.linked_document_id;
  if (Object.keys(values).length > 0) await replaceFields(ctx, linked, values);
  const needs = await ctx.repos.dataNeeds.listByDocument(ctx.actor.org.orgId, linked);
  const bound = needs.filter((n) => n.kind === 'assessment' && n.args?.assessment_id === assessment.id).map((n) => ({ id: n.id, output_key: n.outputKey }));
  return { document_id: linked, fields_set: Object.keys(values), data_needs_bound: bound, citations };
}
