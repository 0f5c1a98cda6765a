/**
 * `POST /v1/templates/{slug}/merge-runs/preview`: which column fills which field, the columns no
 * field takes, the required fields nothing fills, the first rows as they would be filled and
 * named, and every row's problems — without creating anything.
 */
import type { CommandContext } from '../../context.js';
import type { ColumnMapping, RowProblem } from '../map-columns.js';
import { type MergeRequest, prepareMerge, refusalOf } from '../prepare-merge.js';

/** Rows shown filled, and problems listed: enough to judge a mapping, bounded for a 5,000-row table. */
const SHOWN_ROWS = 5;
const SHOWN_PROBLEMS = 100;

export interface MergePreview {
  template: { id: string; slug: string | null; title: string };
  rowCount: number;
  columns: ColumnMapping[];
  unmappedColumns: string[];
  missingRequired: string[];
  fileNamePattern: string;
  rows: Array<{ row: number; fileName: string; fields: Record<string, string> }>;
  problems: RowProblem[];
  problemCount: number;
  /** Why starting this request would be refused (422), or null when it would start. */
  refusal: string | null;
}

export async function previewMergeRun(ctx: CommandContext, templateSlug: string, request: MergeRequest): Promise<MergePreview> {
  const prepared = await prepareMerge(ctx, templateSlug, request);
  const { template, mapping } = prepared;
  return {
    template: { id: template.id, slug: template.slug, title: template.title },
    rowCount: prepared.rows.length,
    columns: mapping.columns,
    unmappedColumns: mapping.unmappedColumns,
    missingRequired: mapping.missingRequired,
    fileNamePattern: prepared.pattern,
    rows: prepared.rows.slice(0, SHOWN_ROWS).map((r) => ({ row: r.row_number, fileName: r.file_name, fields: r.fields })),
    problems: prepared.problems.slice(0, SHOWN_PROBLEMS),
    problemCount: prepared.problems.length,
    refusal: refusalOf(prepared),
  };
}
