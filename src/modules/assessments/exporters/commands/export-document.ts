/**
 * `POST /documents/{id}/export/{exporter_name}`: renders a source document's current items
 * with a named exporter. With nothing validated the answer is 200 with an empty export and the
 * count of what the policy left out (docs/adr/0063-completeness-batches-exports.md); `data-needs` alone answers
 * 409 "no validated items", since pushing nothing into a /v1 document is never what was meant.
 */
import { createHash } from 'node:crypto';
import { ConflictError, NotFoundError } from '../../../../kernel/errors.js';
import type { CommandContext } from '../../../context.js';
import { presentItem } from '../../extracted-items/extracted-item.presenter.js';
import { presentSourceDocument } from '../../uploads/source-document.presenter.js';
import { requireSourceDocument } from '../../uploads/require-source-document.js';
import { findExporter } from '../exporter-catalog.js';
import { itemsCsv, itemsXlsx } from '../formats/tabular.js';
import { type ExportPolicy, selectItems } from '../select-items.js';
import { pushDataNeeds } from './push-data-needs.js';

export interface ExportInput {
  policy?: ExportPolicy;
  only_validated?: boolean;
  include_provenance?: boolean;
  include_rejected?: boolean;
  options?: object;
}

export interface ExportOutput {
  media_type: string;
  /** Set for binary exporters (sent as an attachment). */
  filename: string | null;
  body: Buffer | Record<string, unknown>;
  item_count: number;
  etag: string;
}

function stem(filename: string): string {
  const dot = filename.lastIndexOf('.');
  return dot > 0 ? filename.slice(0, dot) : filename;
}

/**
 * @throws NotFoundError when the document is absent or foreign, or the exporter is unknown ("exporter not found").
 * @throws ConflictError when `data-needs` has no validated item to push.
 * @throws DomainValidationError from the data-needs exporter (no linked document).
 */
export async function exportDocument(ctx: CommandContext, documentId: string, exporterName: string, input: ExportInput): Promise<ExportOutput> {
  const exporter = findExporter(exporterName);
  if (!exporter) throw new NotFoundError('exporter not found');
  const doc = await requireSourceDocument(ctx, documentId);
  const orgId = ctx.actor.org.orgId;
  const repos = ctx.repos;
  const current = await repos.items.listCurrent(orgId, [doc.id]);
  const policy: ExportPolicy = input.policy ?? (input.only_validated === false ? 'all' : 'validated_only');
  const { selected, left_out } = selectItems(current, { policy, include_rejected: input.include_rejected === true });
  const done = (body: Buffer | Record<string, unknown>, filename: string | null = null, count = selected.length): ExportOutput => {
    const bytes = Buffer.isBuffer(body) ? body : Buffer.from(JSON.stringify(body));
    return { media_type: exporter.media_type, filename, body, item_count: count, etag: `"${createHash('sha256').update(bytes).digest('hex')}"` };
  };
  switch (exporter.name) {
    case 'json': {
      const items = selected.map(presentItem).map((i) => (input.include_provenance === false ? { ...i, provenance: undefined } : i));
      return done({ exporter: 'json', policy, document: presentSourceDocument(doc), items, item_count: items.length, left_out });
    }
    case 'flat-json': {
      const flat: Record<string, string | null | Array<string | null>> = {};
      for (const i of selected) {
        const existing = flat[i.key];
        if (existing === undefined) flat[i.key] = i.value_text;
        else flat[i.key] = Array.isArray(existing) ? [...existing, i.value_text] : [existing, i.value_text];
      }
      return done(flat);
    }
    case 'csv':
      return done(itemsCsv(selected), `${stem(doc.filename)}.items.csv`);
    case 'xlsx':
      return done(await itemsXlsx(selected, await repos.corrections.listByDocument(orgId, doc.id)), `${stem(doc.filename)}.items.xlsx`);
    case 'corrections': {
      const corrections = await repos.corrections.listByDocument(orgId, doc.id);
      const pairs = corrections
        .filter((c) => c.status === 'active')
        .map((c) => {
          const item = current.find((i) => i.id === c.item_id);
          return {
            correction_id: c.id,
            item_id: c.item_id,
            key: item?.key ?? null,
            value_type: item?.value_type ?? null,
            processor_id: item?.processor_id ?? null,
            extracted: c.previous.value,
            corrected: c.corrected.value,
            reason: c.reason,
            note: c.note,
          };
        });
      return done({ exporter: 'corrections', document_id: doc.id, pairs }, null, pairs.length);
    }
    case 'data-needs': {
      if (selected.length === 0) throw new ConflictError('no validated items');
      const assessment = doc.assessment_id ? await repos.assessments.findById(orgId, doc.assessment_id) : undefined;
      return done(await pushDataNeeds(ctx, doc, assessment, selected));
    }
    default:
      throw new NotFoundError('exporter not found');
  }
}
