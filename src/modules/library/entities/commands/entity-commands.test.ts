/**
 * Entity commands on a real database (both dialects): listed by name in pages, partial updates
 * (attributes replace the map, null kind clears), every refusal changing nothing, tenancy. Moved
 * down from the entities e2e test (one use case over HTTP, ADR 0272); the e2e test keeps the
 * paging header, the schemas' 422s and the rename → stale → re-run flow.
 */
import { expect, it } from 'vitest';
import { DomainValidationError, NotFoundError } from '../../../../kernel/errors.js';
import { useDbHarness } from '../../../../../test/support/db-harness.js';
import { describeEachDialect } from '../../../../../test/support/dialects.js';
import { buildOrg } from '../../../../../test/support/factories.js';
import { expectRefusal } from '../../../../../test/support/refusals.js';
import { presentEntity } from '../entity.presenter.js';
import { getEntity, listEntities } from '../queries/get-entity.js';
import { createEntity } from './create-entity.js';
import { deleteEntity } from './delete-entity.js';
import { updateEntity } from './update-entity.js';

describeEachDialect('entity commands', (dialect) => {
  const h = useDbHarness(dialect);

  it('lists by name in pages, reads, updates (attributes replaced, null kind cleared) and deletes', async () => {
    const ctx = h.contextFor(await buildOrg(h.db));
    const made = [];
    for (const name of ['Gamma', 'Alpha', 'Beta']) made.push(await createEntity(ctx, { name, kind: 'organization', attributes: { city: 'Berlin' } }));
    const first = await listEntities(ctx, { limit: 2 });
    expect(first.items.map((e) => e.name)).toEqual(['Alpha', 'Beta']);
    expect(typeof first.nextCursor).toBe('string');
    const second = await listEntities(ctx, { limit: 2, cursor: first.nextCursor ?? undefined });
    expect(second.items.map((e) => e.name)).toEqual(['Gamma']);
    expect(second.nextCursor).toBeNull();

    const [gamma, alpha] = made;
    const patched = presentEntity(await updateEntity(ctx, gamma.id, { name: 'Gamma Ltd', attributes: { city: 'Paris', employees: 12 } }));
    expect(patched).toMatchObject({ id: gamma.id, name: 'Gamma Ltd', kind: 'organization', attributes: { city: 'Paris', employees: 12 } });
    expect(await getEntity(ctx, gamma.id)).toEqual(patched);
    expect((await updateEntity(ctx, gamma.id, { kind: null })).kind).toBeNull();

    await deleteEntity(ctx, alpha.id);
    await expect(getEntity(ctx, alpha.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(deleteEntity(ctx, alpha.id)).rejects.toBeInstanceOf(NotFoundError);
  });

  it('{}, a blank name and a reserved attribute name are refused and change nothing', async () => {
    const ctx = h.contextFor(await buildOrg(h.db));
    const entity = await createEntity(ctx, { name: 'Beta', attributes: { city: 'Berlin' } });
    await expectRefusal(updateEntity(ctx, entity.id, {}), DomainValidationError, /nothing to update/);
    await expectRefusal(updateEntity(ctx, entity.id, { name: '   ' }), DomainValidationError, /name must not be blank/);
    await expectRefusal(updateEntity(ctx, entity.id, { name: null }), DomainValidationError, /name must not be blank/);
    await expectRefusal(updateEntity(ctx, entity.id, { attributes: { id: 'x' } }), DomainValidationError, /"id" is not an attribute name/);
    await expectRefusal(
      updateEntity(ctx, entity.id, { attributes: { nested: { a: 1 } } }),
      DomainValidationError,
      /attributes.nested must be a string, number, boolean or null/,
    );
    await expectRefusal(createEntity(ctx, { name: ' ' }), DomainValidationError, /name must not be blank/);
    expect((await listEntities(ctx, { limit: 50 })).items).toEqual([presentEntity(entity)]);
  });

  it("another organization's entity is not found to read, update or delete, missing from the list, and stays unchanged", async () => {
    const owner = h.contextFor(await buildOrg(h.db));
    const theirs = await createEntity(owner, { name: 'Globex Secret Corp' });
    const other = h.contextFor(await buildOrg(h.db));
    await expect(getEntity(other, theirs.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(updateEntity(other, theirs.id, { name: 'Hijacked' })).rejects.toBeInstanceOf(NotFoundError);
    await expect(deleteEntity(other, theirs.id)).rejects.toBeInstanceOf(NotFoundError);
    expect((await listEntities(other, { limit: 50 })).items).toEqual([]);
    expect(await getEntity(owner, theirs.id)).toEqual(presentEntity(theirs));
  });
});
