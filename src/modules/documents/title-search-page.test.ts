/**
 * A title search's page (title-search-page.ts) against the order it promises — every match ranked
 * (the title is the text, starts with it, a word starts with it, the rest), oldest first within a
 * rank — computed here from all the titles, page after page, for a term a fifth of the titles
 * hold, one a hundredth hold, and one inside words; and that a common term's page no longer
 * reads and sorts every match (docs/adr/0301-title-search-reads-a-bounded-number-of-rows.md).
 */
import { CompiledQuery, Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { beforeAll, expect, it } from 'vitest';
import { POSTGRES_URL, describeEachDialect } from '../../../test/support/dialects.js';
import { buildOrg } from '../../../test/support/factories.js';
import { useObservedStore } from '../../../test/support/observed-store.js';
import { newId } from '../../kernel/ids.js';
import { insertRows } from '../../storage/bulk-insert.js';
import type { Database } from '../../storage/schema.js';
import { DocumentRepository } from './document.repository.js';

const SIZE = 600;

/** Oldest first: a fifth name a vendor, two start with "Vendor", the newest is "Vendor", six hold it inside a word, six an osprey. */
function titleOf(i: number): string {
  if (i === SIZE - 10) return 'Vendor';
  if (i === 50 || i === 300) return `Vendor contract ${i}`;
  if (i % 5 === 1) return `Annual vendor review ${i}`;
  if (i % 100 === 42) return `Subvendors list ${i}`;
  if (i % 100 === 17) return `Osprey plan ${i}`;
  return `Memo ${i}`;
}

/** The promised order, from the titles alone: what matches (a substring from three characters, else a word prefix) and its rank. */
function expected(q: string): string[] {
  const rankOf = (title: string): number | undefined => {
    const lower = title.toLowerCase();
    const matches = q.length >= 3 ? lower.includes(q) : lower.split(/[^\p{L}\p{N}]+/u).some((word) => word.startsWith(q));
    if (!matches) return undefined;
    if (lower === q) return 0;
    if (lower.startsWith(q)) return 1;
    return ` ${lower}`.includes(` ${q}`) ? 2 : 3;
  };
  const ranked = Array.from({ length: SIZE }, (_, i) => ({ title: titleOf(i), i, rank: rankOf(titleOf(i)) }));
  return ranked
    .filter((r) => r.rank !== undefined)
    .sort((a, b) => (a.rank ?? 0) - (b.rank ?? 0) || a.i - b.i)
    .map((r) => r.title);
}

describeEachDialect('title search page', (dialect) => {
  const h = useObservedStore(dialect, 'titlepage');
  let orgId: string;
  const repository = () => new DocumentRepository(h.store.db);

  async function everyPage(q: string, limit: number, db: Kysely<Database> = h.store.db): Promise<string[]> {
    const titles: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await new DocumentRepository(db).listPage(orgId, false, { limit, cursor }, { titleSearch: q });
      titles.push(...page.items.map((d) => d.title));
      cursor = page.nextCursor ?? undefined;
    } while (cursor !== undefined && titles.length <= SIZE);
    return titles;
  }

  beforeAll(async () => {
    orgId = (await buildOrg(h.store.db)).id;
    const globex = (await buildOrg(h.store.db)).id;
    const row = (org: string, title: string, i: number) => ({
      id: newId('doc'),
      org_id: org,
      slug: null,
      title,
      description: null,
      is_template: 0,
      template_id: null,
      state: 'draft',
      config_json: '{}',
      created_by: null,
      created_at: new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString(),
      updated_at: '2026-01-01T00:00:00.000Z',
    });
    const rows = Array.from({ length: SIZE }, (_, i) => row(orgId, titleOf(i), i));
    await insertRows(h.store.db, 'documents', [...rows, ...Array.from({ length: 20 }, (_, i) => row(globex, `Vendor at globex ${i}`, i))], 200);
    if (dialect === 'postgres') await sql`analyze documents`.execute(h.store.db);
  });

  it('pages a common term, a thin one, one inside words and a two-letter prefix in the ranked order, each match once', async () => {
    expect(expected('vendor').slice(0, 4)).toEqual(['Vendor', 'Vendor contract 50', 'Vendor contract 300', 'Annual vendor review 1']);
    for (const [q, limit] of [
      ['vendor', 5],
      ['vendor', 50],
      ['ve', 7],
      ['osprey', 2],
      ['endor', 4],
      ['zqxw', 5],
    ] as const) {
      expect(await everyPage(q, limit), `${q}, ${limit} a page`).toEqual(expected(q));
    }
  });

  it('keeps a cursor of one search valid however the page it continues was read', async () => {
    const first = await repository().listPage(orgId, false, { limit: 3 }, { titleSearch: 'vendor' });
    const next = await repository().listPage(orgId, false, { limit: 3, cursor: first.nextCursor ?? undefined }, { titleSearch: 'vendor' });
    expect([...first.items, ...next.items].map((d) => d.title)).toEqual(expected('vendor').slice(0, 6));
  });

  it.runIf(dialect === 'sqlite')("SQLite: a common term's page sorts no set of matches, and reads the list along its order", async () => {
    h.queries.length = 0;
    expect(await everyPage('vendor', 5).then((titles) => titles.length)).toBe(expected('vendor').length);
    h.queries.length = 0;
    await repository().listPage(orgId, false, { limit: 5 }, { titleSearch: 'vendor' });
    const plans: string[] = [];
    for (const text of [...h.queries]) {
      const { rows } = await h.store.db.executeQuery<{ detail: string }>(
        CompiledQuery.raw(`explain query plan ${text}`, Array((text.match(/\?/g) ?? []).length).fill(null)),
      );
      plans.push(rows.map((r) => r.detail).join('\n'));
    }
    // A whole sort ("FOR ORDER BY", not "FOR LAST TERM OF ORDER BY", ties of one created_at) would be every match read first.
    expect(plans.join('\n')).not.toMatch(/USE TEMP B-TREE FOR ORDER BY/);
    expect(plans.join('\n')).toContain('SEARCH documents USING INDEX documents_org_template_idx (org_id=? AND is_template=?)');
  });

  it.runIf(dialect === 'postgres')("PostgreSQL: a common term's page examines fewer rows than the term matches", async () => {
    const ran: CompiledQuery[] = [];
    const pool = new pg.Pool({ connectionString: POSTGRES_URL, max: 1, options: `-c search_path=${h.store.schema}` });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log: (event) => void ran.push(event.query) });
    try {
      await db.transaction().execute(async (trx) => {
        await sql`set local enable_seqscan = off`.execute(trx);
        await new DocumentRepository(trx).listPage(orgId, false, { limit: 5 }, { titleSearch: 'vendor' });
        let examined = 0;
        for (const query of ran.filter((q) => /^select/i.test(q.sql))) {
          const { rows } = await trx.executeQuery<{ 'QUERY PLAN': PlanNode[] }>(
            CompiledQuery.raw(`explain (analyze, format json) ${query.sql}`, [...query.parameters]),
          );
          examined += rowsExamined(rows[0]['QUERY PLAN'][0].Plan);
        }
        expect(examined).toBeGreaterThan(0);
        expect(examined).toBeLessThan(expected('vendor').length);
      });
    } finally {
      await db.destroy();
    }
  });
});

interface PlanNode {
  Plan: PlanNode;
  'Node Type': string;
  'Actual Rows': number;
  'Actual Loops': number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  Plans?: PlanNode[];
}

/** Rows the scans of a plan read from the table: those they passed on and those their filters dropped. */
function rowsExamined(node: PlanNode): number {
  const scan = /Scan$/.test(node['Node Type']) && !/Bitmap Index Scan|Subquery Scan/.test(node['Node Type']);
  const own = scan ? (node['Actual Rows'] + (node['Rows Removed by Filter'] ?? 0) + (node['Rows Removed by Index Recheck'] ?? 0)) * node['Actual Loops'] : 0;
  return own + (node.Plans ?? []).reduce((sum, child) => sum + rowsExamined(child), 0);
}
