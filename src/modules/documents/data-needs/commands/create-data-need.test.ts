/** createDataNeed / updateDataNeed on a real database (both dialects): kind rules, the dependency graph, tenancy. */
import { expect, it } from 'vitest';
import { DomainValidationError, NotFoundError } from '../../../../kernel/errors.js';
import { FIXED_NOW, useDbHarness } from '../../../../../test/support/db-harness.js';
import { describeEachDialect } from '../../../../../test/support/dialects.js';
import { buildDataNeed, buildDocument, buildOrg } from '../../../../../test/support/factories.js';
import { createDataNeed } from './create-data-need.js';
import { updateDataNeed } from './update-data-need.js';

describeEachDialect('data-need commands', (dialect) => {
  const h = useDbHarness(dialect);

  async function setup() {
    const org = await buildOrg(h.db);
    const doc = await buildDocument(h.db, { orgId: org.id });
    const rate = await buildDataNeed(h.db, { orgId: org.id, documentId: doc.id, outputKey: 'rate', args: { value: 120 } });
    return { org, doc, rate, ctx: h.contextFor(org) };
  }

  it('appends a need that depends on an existing one', async () => {
    const { org, doc, ctx } = await setup();
    const fee = await createDataNeed(ctx, doc.id, { kind: 'template', output_key: 'fee', args_json: { expression: 'rate * 10' }, depends_on: ['rate'] });
    expect(fee).toMatchObject({ ordinal: 1, kind: 'template', outputKey: 'fee', dependsOn: ['rate'], createdAt: FIXED_NOW });
    expect((await ctx.repos.dataNeeds.listByDocument(org.id, doc.id)).map((n) => n.outputKey)).toEqual(['rate', 'fee']);
  });

  it('refuses an unknown dependency, a duplicate key and kind-specific gaps, saying which', async () => {
    const { org, doc, ctx } = await setup();
    await expect(createDataNeed(ctx, doc.id, { kind: 'template', output_key: 'fee', args_json: { expression: 'x' }, depends_on: ['nowhere'] })).rejects.toThrow(
      '"fee" depends on "nowhere", which no data-need provides',
    );
    await expect(createDataNeed(ctx, doc.id, { kind: 'static', output_key: 'rate', args_json: { value: 1 } })).rejects.toThrow(
      'output_key "rate" is used by more than one data-need',
    );
    await expect(createDataNeed(ctx, doc.id, { kind: 'llm', output_key: 'angle' })).rejects.toThrow('an llm data-need needs prompt_body');
    await expect(createDataNeed(ctx, doc.id, { kind: 'tool', output_key: '9lives' })).rejects.toThrow(DomainValidationError);
    expect((await ctx.repos.dataNeeds.listByDocument(org.id, doc.id)).map((n) => n.outputKey)).toEqual(['rate']);
  });

  it('an update that would close a cycle, or rename a key others depend on, is refused and changes nothing', async () => {
    const { org, doc, rate, ctx } = await setup();
    await createDataNeed(ctx, doc.id, { kind: 'template', output_key: 'fee', args_json: { expression: 'rate * 10' }, depends_on: ['rate'] });
    await expect(updateDataNeed(ctx, doc.id, rate.id, { depends_on: ['fee'] })).rejects.toThrow('depends_on forms a cycle: fee → rate → fee');
    await expect(updateDataNeed(ctx, doc.id, rate.id, { output_key: 'hourly_rate' })).rejects.toThrow('output_key "rate" is used in depends_on of fee');
    await expect(updateDataNeed(ctx, doc.id, rate.id, {})).rejects.toThrow(/nothing to update/);
    expect(await ctx.repos.dataNeeds.findById(org.id, doc.id, rate.id)).toEqual(rate);
  });

  it('an update changes only the keys sent, null clears an optional key, and a null kind is refused', async () => {
    const { org, doc, rate, ctx } = await setup();
    const updated = await updateDataNeed(ctx, doc.id, rate.id, { name: 'Hourly rate', args_json: { value: 150 } });
    expect(updated).toMatchObject({ outputKey: 'rate', kind: 'static', name: 'Hourly rate', args: { value: 150 }, updatedAt: FIXED_NOW });
    expect(await ctx.repos.dataNeeds.findById(org.id, doc.id, rate.id)).toEqual(updated);
    const cleared = await updateDataNeed(ctx, doc.id, rate.id, { name: null });
    expect(cleared).toMatchObject({ name: null, args: { value: 150 } });
    await expect(updateDataNeed(ctx, doc.id, rate.id, { kind: null })).rejects.toThrow('kind must not be null');
    expect(await ctx.repos.dataNeeds.findById(org.id, doc.id, rate.id)).toEqual(cleared);
  });

  it("another organization's document or need is not found and stays unchanged", async () => {
    const { org: owner, doc, rate } = await setup();
    const other = await buildOrg(h.db);
    const otherDoc = await buildDocument(h.db, { orgId: other.id });
    const ctx = h.contextFor(other);
    await expect(createDataNeed(ctx, doc.id, { kind: 'static', output_key: 'x', args_json: { value: 1 } })).rejects.toBeInstanceOf(NotFoundError);
    await expect(updateDataNeed(ctx, doc.id, rate.id, { name: 'Hijacked' })).rejects.toBeInstanceOf(NotFoundError);
    await expect(updateDataNeed(ctx, otherDoc.id, rate.id, { name: 'Hijacked' })).rejects.toBeInstanceOf(NotFoundError);
    expect(await h.contextFor(owner).repos.dataNeeds.listByDocument(owner.id, doc.id)).toEqual([rate]);
  });
});
