/**
 * What a merge request would do, worked out once for the preview and the start: the template,
 * the column mapping, each row's field values and file name, and what is wrong with each row.
 * Reads only; creates nothing.
 */
import { NotFoundError } from '../../kernel/errors.js';
import type { CommandContext } from '../context.js';
import type { DocumentRecord } from '../documents/document.repository.js';
import { UniqueFileNames, assertPattern, fileStemOf } from './file-names.js';
import { type FieldMapping, type RowProblem, type TemplateField, fieldsOfRow, mapColumns, problemsOfRow } from './map-columns.js';
import type { MergeFormat, NewMergeRow } from './merge-run.repository.js';
import { type MergeTable, assertTableFits } from './merge-table.js';

export interface MergeRequest {
  table: MergeTable;
  format: MergeFormat;
  fileNamePattern?: string;
  /** Column → field key (null leaves the column out); wins over matching by name. */
  mapping?: Record<string, string | null>;
}

export interface PreparedMerge {
  template: DocumentRecord;
  fields: TemplateField[];
  mapping: FieldMapping;
  pattern: string;
  rows: NewMergeRow[];
  problems: RowProblem[];
}

/** Problems named in a refusal: the first few, and how many more. */
const NAMED_PROBLEMS = 10;

/** Why the prepared request cannot start, or null. */
export function refusalOf(prepared: PreparedMerge): string | null {
  if (prepared.mapping.missingRequired.length > 0) {
    return `no column fills the required field(s) ${prepared.mapping.missingRequired.map((k) => `"${k}"`).join(', ')}: add the column or map one to it`;
  }
  const invalid = prepared.problems.filter((p) => p.kind === 'invalid');
  if (invalid.length === 0) return null;
  const named = invalid.slice(0, NAMED_PROBLEMS).map((p) => `row ${p.row}: ${p.message}`);
  const more = invalid.length > NAMED_PROBLEMS ? `; and ${invalid.length - NAMED_PROBLEMS} more` : '';
  return `${invalid.length} value(s) can never fit their field, nothing was created: ${named.join('; ')}${more}`;
}

/** Default names: the template's slug and the row number (`engagement-letter-7.docx`). */
function defaultPattern(template: DocumentRecord): string {
  return `${template.slug ?? 'document'}-{{ row }}`;
}

/**
 * @throws NotFoundError when the template is absent or another organization's.
 * @throws DomainValidationError when the table is empty or too large, the mapping or the file name pattern names something unknown.
 */
export async function prepareMerge(ctx: CommandContext, templateSlug: string, request: MergeRequest): Promise<PreparedMerge> {
  const orgId = ctx.actor.org.orgId;
  const template = await ctx.repos.documents.findTemplateBySlug(orgId, templateSlug);
  if (!template) throw new NotFoundError(`template ${templateSlug} not found`);
  const fields = await ctx.repos.fields.listByDocument(orgId, template.id);
  const table = assertTableFits(request.table);
  const mapping = mapColumns(table.columns, fields, request.mapping ?? {});
  const pattern = request.fileNamePattern ?? defaultPattern(template);
  assertPattern(
    pattern,
    fields.map((f) => f.key),
  );
  const defaults = Object.fromEntries(fields.map((f) => [f.key, f.value]));
  const names = new UniqueFileNames(request.format);
  const rows = table.rows.map((record, i): NewMergeRow => {
    const values = fieldsOfRow(record, mapping);
    const named = { ...defaults, ...Object.fromEntries(Object.entries(values).filter(([, v]) => v !== '')) };
    return { row_number: i + 1, fields: values, file_name: names.next(fileStemOf(pattern, named, i + 1)) };
  });
  const problems = rows.flatMap((row) => problemsOfRow(row.row_number, row.fields, fields));
  return { template, fields, mapping, pattern, rows, problems };
}
