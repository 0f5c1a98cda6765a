/**
 * One page of a title search, best match first, reading about as many rows for a term that a
 * tenth of 100k titles hold as for one that twenty hold (issue #29; the rule:
 * docs/adr/0301-title-search-reads-a-bounded-number-of-rows.md).
 *
 * The order is rank (document-title-search.ts), then `created_at`, then id — the same as when
 * every match was ranked and sorted, so results and cursors are unchanged. What changed is how
 * the rows are read. With `k` the rows the page still needs (its limit, plus one to know whether
 * a next page exists):
 *
 * 1. All matches through the match index, unordered, at most `k` rows. Fewer than `k`: they are
 *    the rest of the search, sorted here (a rare term costs its few matches, one query).
 * 2. Otherwise rank by rank, ranks 0 and 1 first together through the title order index (one
 *    range), and then each rank the same way: its index, unordered, at most `k + 1` rows; when that
 *    is all of them they all belong on the page. (A rank that held half the rows of step 1 tries
 *    step 3 first: it is likely to fill the page there.)
 * 3. A rank that alone fills the page gives its first `k` rows: read the organization's
 *    documents along `(org_id, is_template, created_at)` — already in page order — testing each
 *    title, within a window of `WINDOW_PER_ROW × k` rows. A rank held by at least one title in
 *    `WINDOW_PER_ROW` fills the page inside it, however many titles hold it.
 * 4. A rank thinner than that reads all of its matches through its index and sorts them, as
 *    before: it then holds fewer than one title in `WINDOW_PER_ROW` (under n / 20 rows for an
 *    organization of n documents).
 */
import type { Kysely, RawBuilder, Selectable } from 'kysely';
import { sql } from 'kysely';
import { DomainValidationError } from '../../kernel/errors.js';
import { dialectOf, toDbBool } from '../../storage/dialect.js';
import { type Page, type PageRequest, decodeCursor, encodeCursor } from '../../storage/keyset-page.js';
import type { Database, DocumentTable } from '../../storage/schema.js';
import { type RankClass, titleSearch } from './document-title-search.js';

/** Rows a read along the list's order may test per row the page needs, before it gives way to the index. */
export const WINDOW_PER_ROW = 20;

export interface SearchScope {
  orgId: string;
  isTemplate: boolean;
  state?: string;
}

type Row = Selectable<DocumentTable>;
/** A row as the search reads it: with its rank key (rank, then `created_at`), and on SQLite the rowid FTS5 knows it by. */
type Ranked = Row & { rank_key: string; search_rowid?: number };

/** How a read knows the rank of a row: one rank (its number), or computed from the title (`key`, rank then `created_at`). */
type RankKey = number | { key: RawBuilder<string> };

function rankKeySql(rankKey: RankKey): RawBuilder<string> {
  return typeof rankKey === 'number' ? sql<string>`${String(rankKey)} || documents.created_at` : rankKey.key;
}

/** Where a cursor left off: `[rank + created_at, id]`, as when the rank key was one sorted column (earlier cursors stay valid). */
interface After {
  rankKey: string;
  id: string;
  rank: number;
}

function afterOf(cursor: string | undefined, ranks: number): After | undefined {
  if (cursor === undefined) return undefined;
  const [rankKey, id] = decodeCursor(cursor, 'string') as [string, string];
  const rank = Number(rankKey.charAt(0));
  if (!/^[0-9]$/.test(rankKey.charAt(0)) || rank >= ranks)
    throw new DomainValidationError('malformed cursor: pass the nextCursor of a previous page unchanged');
  return { rankKey, id, rank };
}

/** Page order, as the databases order `rank_key, id` (ASCII keys: code unit order is byte order). */
function byRank(a: Ranked, b: Ranked): number {
  if (a.rank_key !== b.rank_key) return a.rank_key < b.rank_key ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

function rowOf({ rank_key: _rank, search_rowid: _rowid, ...row }: Ranked): Row {
  return row;
}

export class TitleSearchPage {
  private readonly sqlite: boolean;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly scope: SearchScope,
  ) {
    this.sqlite = dialectOf(db) === 'sqlite';
  }

  /** `q`: trimmed, not blank. */
  async read(q: string, page: PageRequest): Promise<Page<Row>> {
    const search = titleSearch(this.db, q);
    const need = page.limit + 1;
    const after = afterOf(page.cursor, search.classes.length);
    const computed = { key: search.rankKey };
    const all = await this.throughIndex(search.matches, computed, after, need);
    if (all.length < need) return this.pageOf(all.sort(byRank), page.limit);

    const chosen: Ranked[] = [];
    let rank = after?.rank ?? 0;
    if (rank <= 1) {
      const starting = await this.throughIndex(search.starts, computed, after, need);
      if (starting.length < need) {
        chosen.push(...starting.sort(byRank));
        rank = 2;
      }
    }
    for (; rank < search.classes.length && chosen.length < need; rank += 1) {
      // Half the matches read so far of this rank: it is common, and a read along the order likely fills the page at once.
      const common = all.filter((row) => row.rank_key.startsWith(String(rank))).length * 2 >= all.length;
      chosen.push(...(await this.firstOfRank(search.classes[rank], rank, rank === after?.rank ? after : undefined, need - chosen.length, common)));
    }
    return this.pageOf(chosen, page.limit);
  }

  private pageOf(rows: Ranked[], limit: number): Page<Row> {
    const items = rows.slice(0, limit);
    const last = items.at(-1);
    return { items: items.map(rowOf), nextCursor: rows.length > limit && last ? encodeCursor(last.rank_key, last.id) : null };
  }

  /**
   * The first `k` rows of one rank after `after`, in page order. `common`: the rank held half the
   * matches first read, so the read along the order comes first (its index, PostgreSQL's GIN
   * above all, would gather every match before yielding one).
   */
  private async firstOfRank(rank: RankClass, rankKey: number, after: After | undefined, k: number, common: boolean): Promise<Ranked[]> {
    const window = () => this.alongOrder(rank, rankKey, after, k, k * WINDOW_PER_ROW);
    if (common) {
      const windowed = await window();
      if (windowed.length === k) return windowed;
    }
    const some = await this.throughIndex(rank, rankKey, after, k + 1);
    if (some.length <= k) return some.sort(byRank);
    if (!common) {
      const windowed = await window();
      if (windowed.length === k) return windowed;
    }
    return this.throughIndex(rank, rankKey, after, k, true);
  }

  private scoped(organization: RawBuilder<boolean>, rankKey: RankKey, after: After | undefined): RawBuilder<boolean> {
    const conditions = [organization, sql<boolean>`documents.is_template = ${toDbBool(this.scope.isTemplate)}`];
    if (this.scope.state !== undefined) conditions.push(sql<boolean>`documents.state = ${this.scope.state}`);
    if (after !== undefined) {
      // Within one rank (a RankKey of its own), the same condition on `created_at`, which the list's index can seek to.
      const [key, bound] = typeof rankKey === 'number' ? [sql<string>`documents.created_at`, after.rankKey.slice(1)] : [rankKey.key, after.rankKey];
      conditions.push(sql<boolean>`(${key} > ${bound} or (${key} = ${bound} and documents.id > ${after.id}))`);
    }
    return sql.join(conditions, sql` and `) as RawBuilder<boolean>;
  }

  /** Rows `finder`'s index finds after `after`: the first `limit` it yields, or (`sorted`) the first `limit` in page order. */
  private async throughIndex(finder: RankClass, rankKey: RankKey, after: After | undefined, limit: number, sorted = false): Promise<Ranked[]> {
    const order = sorted ? sql`order by rank_key, documents.id` : sql``;
    const { rows } = await sql<Ranked>`select documents.*, ${rankKeySql(rankKey)} as rank_key from ${finder.from}
      where ${finder.found} and ${this.scoped(finder.inOrganization(this.scope.orgId), rankKey, after)} ${order} limit ${limit}`.execute(this.db);
    return rows;
  }

  /**
   * The rank's first `k` rows among the next `window` documents of the list in its order. The
   * window is a subquery with its own LIMIT, so neither dialect moves the title test into it
   * (nor reads the search index): it reads the `(org_id, is_template, created_at)` index in order and stops.
   */
  private async alongOrder(rank: RankClass, rankKey: number, after: After | undefined, k: number, window: number): Promise<Ranked[]> {
    const rowid = this.sqlite ? sql`, documents.rowid as search_rowid` : sql``;
    const { rows } = await sql<Ranked>`select listed.* from (
        select documents.*, ${rankKeySql(rankKey)} as rank_key${rowid} from documents
        where ${this.scoped(sql<boolean>`documents.org_id = ${this.scope.orgId}`, rankKey, after)}
        order by documents.created_at, documents.id limit ${window}
      ) as listed
      where ${rank.holds('listed')} order by listed.created_at, listed.id limit ${k}`.execute(this.db);
    return rows;
  }
}
