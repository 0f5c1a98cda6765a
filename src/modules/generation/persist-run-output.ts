/**
 * Saves a rendered run in one transaction: gathered rows, the synthesized context, each
 * rendered section (status `generated`, a new version), the immutable generation snapshot and
 * the run's completion. Nothing is written before the whole run succeeded, so a failed run
 * leaves the document's earlier output untouched. A run that was ended meanwhile (cancelled,
 * failed at shutdown) saves nothing: the transaction is rolled back.
 */
import { newId } from '../../kernel/ids.js';
import { sha256, stableStringify } from '../../pipeline/inputs-hash.js';
import type { PipelineResult } from '../../pipeline/run-pipeline.js';
import type { CommandContext } from '../context.js';
import type { RunRecord } from './run.repository.js';

type Rendered = Extract<PipelineResult, { status: 'rendered' }>;

/** @returns whether the organization has an enabled webhook endpoint (read with the run's end, ADR 0822). */
export async function persistRunOutput(
  ctx: CommandContext,
  run: RunRecord,
  result: Rendered,
  manifest: Record<string, unknown>,
): Promise<{ webhooks: boolean }> {
  return ctx.transaction(async (tx) => {
    const orgId = tx.actor.org.orgId;
    const repos = tx.repos;
    const now = tx.clock.now().toISOString();
    for (const item of result.gathered.items) {
      if (item.cached) continue;
      await tx.repos.gathered.insert(orgId, {
        id: newId('gv'),
        documentId: run.documentId,
        dataNeedId: item.needId,
        outputKey: item.outputKey,
        kind: item.kind,
        value: item.value,
        source: item.source,
        inputsHash: item.inputsHash,
        derivation: item.derivation,
        runId: run.id,
        createdAt: now,
      });
    }
    if (result.synthesized) {
      await repos.synthesized.insert(orgId, {
        id: newId('syn'),
        documentId: run.documentId,
        runId: run.id,
        mode: result.synthesized.mode,
        model: result.synthesized.model,
        payload: result.synthesized.value,
        schemaPath: null,
        createdAt: now,
      });
    }
    const output = await writeSections(tx, run, result, now);
    const manifestJson = stableStringify(manifest);
    await repos.generationSnapshots.insert(orgId, {
      id: newId('gsn'),
      documentId: run.documentId,
      runId: run.id,
      runNumber: run.runNumber,
      manifest,
      output: { sections: output },
      manifestHash: sha256(manifestJson),
      createdAt: now,
    });
    const { ended, webhooks } = await repos.runs.finish(orgId, run.id, 'finished', { usage: manifest.usage as Record<string, unknown>, finishedAt: now });
    if (!ended) throw new Error('the run was ended before its output was saved');
    return { webhooks };
  });
}

/**
 * The run's sections: every rendered one's text, status and next version, and the failed ones'
 * status, in statements whose number does not grow with the sections (ADR 0713). Returns the
 * snapshot's output.
 */
async function writeSections(
  tx: CommandContext,
  run: RunRecord,
  result: Rendered,
  now: string,
): Promise<Array<{ sectionId: string; key: string; title: string; content: string }>> {
  const orgId = tx.actor.org.orgId;
  const repos = tx.repos;
  // Every section's text, status and next version in three statements whatever their number
  // (one round trip each on PostgreSQL, not three per section: ADR 0713). The update answers
  // with the sections it wrote: one deleted while the run was going on is not written, and no
  // read of the document's sections comes first (ADR 0782).
  const written = new Map(
    (
      await repos.sections.setOutputs(
        orgId,
        run.documentId,
        result.rendered.map((r) => ({ id: r.sectionId, content: r.content })),
        'generated',
        now,
      )
    ).map((s) => [s.id, s]),
  );
  const rendered = result.rendered.flatMap((r) => {
    const section = written.get(r.sectionId);
    return section ? [{ ...r, section }] : [];
  });
  const latest = await repos.sectionVersions.latestNumbers(
    orgId,
    rendered.map((r) => r.sectionId),
  );
  await repos.sectionVersions.insertMany(
    orgId,
    run.documentId,
    rendered.map((r) => ({
      id: newId('sv'),
      sectionId: r.sectionId,
      version: (latest.get(r.sectionId) ?? 0) + 1,
      content: r.content,
      status: 'generated',
      source: 'generated',
      runId: run.id,
      createdBy: tx.actor.email,
      createdAt: now,
    })),
  );
  const output = rendered.map(({ section, content }) => ({ sectionId: section.id, key: section.key, title: section.title, content }));
  // A section the run could not write keeps its earlier text, marked failed until written again (issue 31, row 8).
  // (A deleted one matches no row.)
  await repos.sections.setOutputs(
    orgId,
    run.documentId,
    result.failedSections.map((f) => ({ id: f.sectionId, content: null })),
    'failed',
    now,
  );
  return output;
}
