/**
 * `insertRows` stores exactly the rows given, in statements of the size asked for (the last one
 * shorter), on both engines and inside a transaction; rows of different columns are refused.
 */
import { expect, it } from 'vitest';
import { useDbHarness } from '../../test/support/db-harness.js';
import { describeEachDialect } from '../../test/support/dialects.js';
import { MAX_INSERT_SHAPES, compiledInsertCount, insertRows } from './bulk-insert.js';

describeEachDialect('insertRows', (dialect) => {
  const h = useDbHarness(dialect);

  const job = (n: number, overrides: Record<string, unknown> = {}) => ({
    id: `bulk-${dialect}-${n}`,
    name: 'bulk.test',
    payload_json: JSON.stringify({ n, text: 'Zürich 😀 "quoted" \\ \u0000' }),
    status: 'done',
    attempts: n,
    last_error: n % 2 === 0 ? null : `error ${n}`,
    locked_by: null,
    run_after: '2026-11-27T10:00:00.000Z',
    created_at: '2026-11-27T10:00:00.000Z',
    updated_at: '2026-11-27T10:00:00.000Z',
    ...overrides,
  });
  const stored = async (prefix: string) => h.db.selectFrom('jobs').selectAll().where('id', 'like', `${prefix}%`).orderBy('attempts').execute();

  it('stores every row with its values, seven rows in statements of three', async () => {
    const rows = Array.from({ length: 7 }, (_, n) => job(n));
    await insertRows(h.db, 'jobs', rows, 3);
    // A second batch of the same shapes (the SQL already built) binds its own values.
    const more = Array.from({ length: 4 }, (_, n) => job(n + 10, { id: `bulk-${dialect}-more-${n}` }));
    await insertRows(h.db, 'jobs', more, 3);
    expect(await stored(`bulk-${dialect}-`)).toEqual([...rows, ...more]);
  });

  it('inserts inside a transaction, and leaves an undefined value to the column default', async () => {
    await h.db.transaction().execute(async (trx) => {
      await insertRows(trx, 'jobs', [job(1, { id: `tx-${dialect}-1`, last_error: undefined }), job(2, { id: `tx-${dialect}-2` })], 500);
    });
    expect((await stored(`tx-${dialect}-`)).map((r) => [r.id, r.last_error])).toEqual([
      [`tx-${dialect}-1`, null],
      [`tx-${dialect}-2`, null],
    ]);
  });

  it('stores inserts of forty different row counts (more shapes than it keeps compiled)', async () => {
    const batches = Array.from({ length: 40 }, (_, b) => Array.from({ length: b + 1 }, (__, n) => job(b * 100 + n, { id: `shape-${dialect}-${b}-${n}` })));
    for (const batch of batches) await insertRows(h.db, 'jobs', batch, 500);
    await insertRows(h.db, 'jobs', [job(9999, { id: `shape-${dialect}-again` })], 500);
    const rows = await stored(`shape-${dialect}-`);
    expect(rows).toHaveLength(1 + (40 * 41) / 2);
    expect(rows).toEqual([...batches.flat(), job(9999, { id: `shape-${dialect}-again` })]);
    expect(compiledInsertCount()).toBeLessThanOrEqual(MAX_INSERT_SHAPES);
  });

  it('refuses rows whose columns differ, storing none', async () => {
    const { locked_by: _dropped, ...withoutLock } = job(2, { id: `odd-${dialect}-2` });
    await expect(insertRows(h.db, 'jobs', [job(1, { id: `odd-${dialect}-1` }), withoutLock], 500)).rejects.toThrow(/same columns/);
    expect(await stored(`odd-${dialect}-`)).toEqual([]);
  });
});
