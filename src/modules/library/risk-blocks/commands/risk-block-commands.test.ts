/** Risk block commands on a real database (both dialects): approval follows the content, tenancy. */
import { expect, it } from 'vitest';
import { ConflictError, NotFoundError } from '../../../../kernel/errors.js';
import { FIXED_NOW, useDbHarness } from '../../../../../test/support/db-harness.js';
import { describeEachDialect } from '../../../../../test/support/dialects.js';
import { buildOrg, buildRiskBlock } from '../../../../../test/support/factories.js';
import { createRiskBlock } from './create-risk-block.js';
import { deleteRiskBlock } from './delete-risk-block.js';
import { updateRiskBlock } from './update-risk-block.js';

describeEachDialect('risk block commands', (dialect) => {
  const h = useDbHarness(dialect);

  it('a block created approved records who approved it and when; a draft records nobody', async () => {
    const ctx = h.contextFor(await buildOrg(h.db));
    const approved = await createRiskBlock(ctx, { key: 'transfer', heading: 'Transfers', template: 'To {{ country }}', status: 'approved' });
    expect(approved).toMatchObject({ status: 'approved', approvedBy: 'tester@example.com', approvedAt: FIXED_NOW });
    const draft = await createRiskBlock(ctx, { key: 'retention', heading: 'Retention', template: 'Kept {{ years }} years' });
    expect(draft).toMatchObject({ status: 'draft', approvedBy: null, approvedAt: null });
    await expect(createRiskBlock(ctx, { key: 'transfer', heading: 'x', template: 'y' })).rejects.toBeInstanceOf(ConflictError);
    await expect(createRiskBlock(ctx, { key: 'k', heading: 'h', template: 't', status: 'published' })).rejects.toThrow(/status must be one of/);
  });

  it('changing the wording of an approved block puts it back to draft and clears the approval', async () => {
    const org = await buildOrg(h.db);
    const block = await buildRiskBlock(h.db, { orgId: org.id, status: 'approved', approvedBy: 'lead@example.com', approvedAt: '2026-01-02T00:00:00.000Z' });
    const ctx = h.contextFor(org);

    const metadataOnly = await updateRiskBlock(ctx, block.id, { statutoryRef: 'GDPR Art. 46' });
    expect(metadataOnly).toMatchObject({ status: 'approved', approvedBy: 'lead@example.com', statutoryRef: 'GDPR Art. 46' });

    h.clock.advance(60_000);
    const reworded = await updateRiskBlock(ctx, block.id, { template: 'Transfers to {{ country }} need SCCs.' });
    expect(reworded).toMatchObject({ status: 'draft', approvedBy: null, approvedAt: null, updatedAt: '2026-03-14T09:31:00.000Z' });
    expect(await ctx.repos.riskBlocks.findById(org.id, block.id)).toEqual(reworded);
  });

  it("another organization's block is not found for update or delete, and stays unchanged", async () => {
    const owner = await buildOrg(h.db);
    const block = await buildRiskBlock(h.db, { orgId: owner.id });
    const other = h.contextFor(await buildOrg(h.db));
    await expect(updateRiskBlock(other, block.id, { status: 'approved' })).rejects.toBeInstanceOf(NotFoundError);
    await expect(deleteRiskBlock(other, block.id)).rejects.toBeInstanceOf(NotFoundError);
    expect(await h.contextFor(owner).repos.riskBlocks.findById(owner.id, block.id)).toEqual(block);
  });
});
