/**
 * `POST /documents/{id}/export/{exporter_name}`: renders a source document's current items
 * with a named exporter. With nothing validated the answer is 200 with an empty export and the
 * count of what the policy left out (docs/adr/0063-completeness-batches-exports.md); `data-needs` alone answers
 * 409 "no validated items", since pushing nothing into a /v1 document is never what was meant.
 *
 * The item exporters (json, flat-json, csv, xlsx) answer a stream that reads the items in pages
 * as the client takes the bytes (docs/adr/0731-streaming-exporters.md): memory holds a page,
 * whatever the document's size. Everything that can refuse the export (the document, the
 * exporter, the data-needs link) is checked before the stream is made, so a refusal is still a
 * 4xx JSON answer. The item count comes from the document's tallies and the ETag from what the
 * content follows, both known before the first byte.
 */
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { ConflictError, NotFoundError } from '../../../../kernel/errors.js';
import type { CommandContext } from '../../../context.js';
import type { ExtractedItemRecord } from '../../extracted-items/extracted-item.repository.js';
import { presentSourceDocument } from '../../uploads/source-document.presenter.js';
import { requireSourceDocument } from '../../uploads/require-source-document.js';
import { findExporter } from '../exporter-catalog.js';
import { canonicalJson, flatJson } from '../formats/json-stream.js';
import { itemsCsv, itemsXlsx } from '../formats/tabular.js';
import { type ExportPolicy, countSelected, selectedStatuses } from '../select-items.js';
import { correctionPairs } from './export-corrections.js';
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
  /** A stream of the export's bytes, or (small answers: corrections, data-needs) the JSON body. */
  body: Readable | Record<string, unknown>;
  item_count: number;
  etag: string;
}

function stem(filename: string): string {
  const dot = filename.lastIndexOf('.');
  return dot > 0 ? filename.slice(0, dot) : filename;
}

function quotedHash(...parts: string[]): string {
  return `"${createHash('sha256').update(parts.join('\n')).digest('hex')}"`;
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
  const policy: ExportPolicy = input.policy ?? (input.only_validated === false ? 'all' : 'validated_only');
  const includeProvenance = input.include_provenance !== false;
  const statuses = selectedStatuses({ policy, include_rejected: input.include_rejected === true });
  const { selected, left_out } = countSelected((await repos.items.countByDocument(orgId, [doc.id]))[doc.id] ?? {}, statuses);
  const pages = (byKey = false): AsyncIterable<ExtractedItemRecord[]> => repos.items.currentInPages(orgId, doc.id, { statuses, byKey });
  // The ETag is read before the content: a change landing while the export streams gives the next
  // request another ETag, never this one to other content.
  const etag = async (...more: string[]): Promise<string> =>
    quotedHash(
      exporter.name,
      policy,
      String(includeProvenance),
      statuses.join(','),
      JSON.stringify(doc),
      await repos.items.exportStamp(orgId, doc.id),
      ...more,
    );
  const streamed = async (chunks: AsyncIterable<string>, filename: string | null = null): Promise<ExportOutput> => {
    const tag = await etag();
    return { media_type: exporter.media_type, filename, body: Readable.from(chunks, { objectMode: false }), item_count: selected, etag: tag };
  };
  switch (exporter.name) {
    case 'json': {
      const head = { exporter: 'json' as const, policy, document: presentSourceDocument(doc) };
      return streamed(canonicalJson(head, pages(), { include_provenance: includeProvenance, left_out }));
    }
    case 'flat-json':
      return streamed(flatJson(pages(true)));
    case 'csv':
      return streamed(itemsCsv(pages()), `${stem(doc.filename)}.items.csv`);
    case 'xlsx': {
      // Weak: the zip carries the time it was written, so equal content is not equal bytes.
      const tag = `W/${await etag()}`;
      const body = await itemsXlsx(pages, () => repos.corrections.documentCorrectionsInPages(orgId, doc.id));
      return { media_type: exporter.media_type, filename: `${stem(doc.filename)}.items.xlsx`, body, item_count: selected, etag: tag };
    }
    case 'corrections': {
      // Every correction write also writes its item, so the items' stamp follows the corrections too.
      const out = await streamed(correctionPairs(ctx, doc.id));
      return { ...out, item_count: await repos.corrections.countOfDocument(orgId, doc.id, 'active') };
    }
    case 'data-needs': {
      if (selected === 0) throw new ConflictError('no validated items');
      const assessment = doc.assessment_id ? await repos.assessments.findById(orgId, doc.assessment_id) : undefined;
      const body = await pushDataNeeds(ctx, doc, assessment, pages());
      return { media_type: exporter.media_type, filename: null, body, item_count: selected, etag: quotedHash(JSON.stringify(body)) };
    }
    default:
      throw new NotFoundError('exporter not found');
  }
}
