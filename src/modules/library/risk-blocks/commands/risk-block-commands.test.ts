/**
 * Risk block commands on a real database (both dialects): approval follows the content, every
 * refusal changes nothing, tenancy. The lifecycle and refusal cases moved down from the
 * library-catalog e2e test (one use case over HTTP, ADR 0272).
 */
import { expect, it } from 'vitest';
import { ConflictError, DomainValidationError, NotFoundError } from '../../../../kernel/errors.js';
import { FIXED_NOW, useDbHarness } from '../../../../../test/support/db-harness.js';
import { describeEachDialect } from '../../../../../test/support/dialects.js';
import { buildOrg, buildRiskBlock } from '../../../../../test/support/factories.js';
import { expectRefusal } from '../../../../../test/support/refusals.js';
import { getRiskBlock, listRiskBlocks } from '../queries/list-risk-blocks.js';
import { presentRiskBlock } from '../risk-block.presenter.js';
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

  it('approval through the lifecycle: approve records who and when, metadata keeps it, new wording drops it, draft clears it', async () => {
    const ctx = h.contextFor(await buildOrg(h.db));
    const block = await createRiskBlock(ctx, {
      key: 'gdpr_art_9',
      heading: 'Special categories',
      template: 'Processing of {{ category }} data',
      statutoryRef: 'GDPR Art. 9',
      appliesTo: 'health',
    });
    expect(block).toMatchObject({ key: 'gdpr_art_9', status: 'draft', approvedBy: null, approvedAt: null, statutoryRef: 'GDPR Art. 9' });
    expect((await listRiskBlocks(ctx, { limit: 50 })).riskBlocks.map((b) => b.key)).toEqual(['gdpr_art_9']);

    h.clock.advance(60_000);
    const approved = await updateRiskBlock(ctx, block.id, { status: 'approved', appliesTo: null });
    expect(approved).toMatchObject({
      status: 'approved',
      approvedBy: 'tester@example.com',
      approvedAt: '2026-03-14T09:31:00.000Z',
      appliesTo: null,
      statutoryRef: 'GDPR Art. 9',
    });
    h.clock.advance(60_000);
    const renamed = await updateRiskBlock(ctx, block.id, { statutoryRef: null });
    expect(renamed).toMatchObject({ status: 'approved', approvedAt: approved.approvedAt, statutoryRef: null });

    const edited = await updateRiskBlock(ctx, block.id, { template: 'Processing of {{ category }} data is restricted' });
    expect(edited).toMatchObject({ status: 'draft', approvedBy: null, approvedAt: null });
    const reapproved = await updateRiskBlock(ctx, block.id, { template: 'v3 {{ category }}', status: 'approved' });
    expect(reapproved).toMatchObject({ status: 'approved', approvedBy: 'tester@example.com', template: 'v3 {{ category }}' });
    const draft = await updateRiskBlock(ctx, block.id, { status: 'draft' });
    expect(draft).toMatchObject({ status: 'draft', approvedBy: null, approvedAt: null });
    expect(await getRiskBlock(ctx, block.id)).toEqual(presentRiskBlock(draft));

    const born = await createRiskBlock(ctx, { key: 'approved', heading: 'H', template: 'T', status: 'approved' });
    await deleteRiskBlock(ctx, born.id);
    await expect(getRiskBlock(ctx, born.id)).rejects.toBeInstanceOf(NotFoundError);
  });

  it('blank key/heading/template, a bad status, an unparsable template and {} are refused, a taken key is a conflict; nothing changes', async () => {
    const ctx = h.contextFor(await buildOrg(h.db));
    const block = await createRiskBlock(ctx, { key: 'rb', heading: 'H', template: 'T' });
    const creates: Array<[Parameters<typeof createRiskBlock>[1], RegExp]> = [
      [{ key: ' ', heading: 'H', template: 'T' }, /key must not be blank/],
      [{ key: 'x1', heading: '', template: 'T' }, /heading must not be blank/],
      [{ key: 'x2', heading: 'H', template: '  ' }, /template must not be blank/],
      [{ key: 'x3', heading: 'H', template: 'T', status: 'published' }, /status must be one of draft, approved/],
      [{ key: 'x4', heading: 'H', template: '{% if x %}' }, /template does not parse/],
    ];
    for (const [input, reason] of creates) await expectRefusal(createRiskBlock(ctx, input), DomainValidationError, reason);
    await expectRefusal(createRiskBlock(ctx, { key: 'rb', heading: 'H', template: 'T' }), ConflictError, /already exists/);
    const updates: Array<[Parameters<typeof updateRiskBlock>[2], RegExp]> = [
      [{}, /nothing to update/],
      [{ key: null }, /key must not be blank/],
      [{ heading: ' ' }, /heading must not be blank/],
      [{ template: null }, /template must not be blank/],
      [{ status: 'rejected' }, /status must be one of/],
      [{ status: null }, /status must be one of/],
    ];
    for (const [input, reason] of updates) await expectRefusal(updateRiskBlock(ctx, block.id, input), DomainValidationError, reason);
    const other = await createRiskBlock(ctx, { key: 'other', heading: 'H', template: 'T' });
    await expectRefusal(updateRiskBlock(ctx, other.id, { key: 'rb' }), ConflictError, /"rb" already exists/);
    expect((await listRiskBlocks(ctx, { limit: 50 })).riskBlocks).toEqual([presentRiskBlock(other), presentRiskBlock(block)]);
  });

  it("another organization's block is not found to read and missing from the list", async () => {
    const owner = await buildOrg(h.db);
    const block = await buildRiskBlock(h.db, { orgId: owner.id });
    const other = h.contextFor(await buildOrg(h.db));
    await expect(getRiskBlock(other, block.id)).rejects.toBeInstanceOf(NotFoundError);
    expect((await listRiskBlocks(other, { limit: 50 })).riskBlocks).toEqual([]);
  });
});
