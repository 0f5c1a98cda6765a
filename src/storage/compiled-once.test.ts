/**
 * A query compiled once per handle binds each call's values where the builder put them (in any
 * order, used twice, beside a value the query fixes), compiles nothing more on later calls, and
 * runs on the handle it is given: a transaction's handle sees its own uncommitted write (on
 * PostgreSQL another connection would not; on SQLite the top-level handle would wait for the
 * transaction's connection and never answer).
 */
import { expect, it, vi } from 'vitest';
import { useDbHarness } from '../../test/support/db-harness.js';
import { describeEachDialect } from '../../test/support/dialects.js';
import { buildOrg } from '../../test/support/factories.js';
import { createRepos } from '../modules/repos.js';
import { compiledOnce } from './compiled-once.js';

/** The slugs of the organizations `b` names (by id or slug) but not the one slug `a` and not the fixed `'never'`: `b` twice, after `a`. */
const slugsNamed = compiledOnce((db, a: string, b: string) =>
  db
    .selectFrom('organizations')
    .select('slug')
    .where((eb) => eb.or([eb('id', '=', b), eb('slug', '=', b)]))
    .where('slug', '!=', 'never')
    .where('slug', '!=', a)
    .orderBy('slug'),
);

describeEachDialect('compiledOnce', (dialect) => {
  const h = useDbHarness(dialect);

  it("binds each call's values in their places and compiles nothing after the first call on a handle", async () => {
    const [first, second] = [await buildOrg(h.db), await buildOrg(h.db)];
    expect(await slugsNamed(h.db, 'other', first.id)).toEqual([{ slug: first.slug }]);
    const compile = vi.spyOn(h.db.getExecutor(), 'compileQuery');
    try {
      expect(await slugsNamed(h.db, 'other', second.slug)).toEqual([{ slug: second.slug }]);
      // `a` excludes what `b` names: the two values were not swapped.
      expect(await slugsNamed(h.db, second.slug, second.id)).toEqual([]);
      expect(compile).not.toHaveBeenCalled();
    } finally {
      compile.mockRestore();
    }
  });

  it('runs on the handle it is given: a transaction reads its own uncommitted row', async () => {
    const inside = await h.db.transaction().execute(async (trx) => {
      const id = await createRepos(trx).identity.ensureOrganization('in-trx', 'In trx');
      return slugsNamed(trx, 'other', id);
    });
    expect(inside).toEqual([{ slug: 'in-trx' }]);
  });
});
