/** `GET /v1/merge-runs` (newest or oldest first, optionally one template and one status) and `GET /v1/merge-runs/{id}/rows` (by row number, optionally one status), cursor-paged. */
import { DomainValidationError } from '../../../kernel/errors.js';
import type { Page, PageRequest } from '../../../storage/keyset-page.js';
import type { CommandContext } from '../../context.js';
import type { MergeRowRecord, MergeRowStatus, MergeRunRecord, MergeRunsView } from '../merge-run.repository.js';
import { requireMergeRun } from '../require-merge-run.js';

const BAD_CURSOR = "cursor is not one this API gave: pass the previous page's X-Next-Cursor";

/** The cursor of a runs page: the last run's creation time and id (after it in the page's direction). */
function runCursor(cursor: string | undefined): { createdAt: string; id: string } | undefined {
  if (cursor === undefined || cursor === '') return undefined;
  const [createdAt, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (!createdAt || !id) throw new DomainValidationError(BAD_CURSOR);
  return { createdAt, id };
}

/**
 * The runs list's view: newest (default) or oldest first, optionally one template (by slug) and
 * one status. The template is the slug each run recorded; an unknown slug is an empty page, as
 * the other list filters by a parent are (ADR 0786).
 */
export async function listMergeRuns(ctx: CommandContext, page: PageRequest, view: MergeRunsView = {}): Promise<Page<MergeRunRecord>> {
  const runs = await ctx.repos.mergeRuns.listRuns(ctx.actor.org.orgId, page.limit + 1, runCursor(page.cursor), view);
  const items = runs.slice(0, page.limit);
  const last = items.at(-1);
  return { items, nextCursor: runs.length > page.limit && last ? Buffer.from(`${last.created_at}|${last.id}`).toString('base64url') : null };
}

/** The largest row number a cursor may name (PostgreSQL's `integer`). */
const MAX_ROW_NUMBER = 2 ** 31 - 1;

/** @throws NotFoundError when the run is absent or another organization's. */
export async function listMergeRows(ctx: CommandContext, runId: string, page: PageRequest & { status?: MergeRowStatus }): Promise<Page<MergeRowRecord>> {
  const run = await requireMergeRun(ctx, runId);
  const afterRow = page.cursor === undefined || page.cursor === '' ? 0 : Number(page.cursor);
  // Row numbers are PostgreSQL integers: a larger cursor names no row and must not reach the database.
  if (!Number.isInteger(afterRow) || afterRow < 0 || afterRow > MAX_ROW_NUMBER) throw new DomainValidationError(BAD_CURSOR);
  const rows = await ctx.repos.mergeRuns.listRows(ctx.actor.org.orgId, run.id, { afterRow, status: page.status, limit: page.limit + 1 });
  const items = rows.slice(0, page.limit);
  const last = items.at(-1);
  return { items, nextCursor: rows.length > page.limit && last ? String(last.row_number) : null };
}
