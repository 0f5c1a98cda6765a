/**
 * `POST /gather`: the source lane alone — data-needs in dependency order, cached unless
 * `refresh` — with no synthesis or render. The gathered rows are saved so `GET /computed` and
 * later runs can use them.
 */
import { newId } from '../../../kernel/ids.js';
import type { ModelChoice, ModelGateway, ToolGateway } from '../../../pipeline/ports.js';
import { numberSources } from '../../../pipeline/sources.js';
import { gatherNeeds } from '../../../pipeline/stages/gather.js';
import type { CommandContext } from '../../context.js';
import { requireEditableDocument } from '../../documents/require-document.js';
import { gatherPorts } from '../gather-ports.js';
import { loadDocumentInputs } from '../inputs/load-document-inputs.js';

/**
 * @throws NotFoundError when absent or foreign; DomainValidationError when finalized.
 */
export async function gatherDocument(
  ctx: CommandContext,
  services: { model: ModelGateway; tools: ToolGateway },
  documentId: string,
  input: { refresh?: boolean; variables?: Record<string, unknown> },
) {
  const document = await requireEditableDocument(ctx, documentId);
  const orgId = ctx.actor.org.orgId;
  const inputs = await loadDocumentInputs(ctx, document);
  const { config } = inputs;
  const caller = { bearerToken: ctx.actor.bearerToken, subject: ctx.actor.subject, email: ctx.actor.email, orgSlug: ctx.actor.org.slug };
  const result = await gatherNeeds(
    {
      needs: inputs.dataNeeds,
      fields: inputs.fieldValues,
      variables: input.variables ?? {},
      refresh: input.refresh ?? false,
      concurrency: Number(config.coordination.maxConcurrency),
      timeoutMs: Number(config.coordination.needTimeoutMs),
    },
    { ...gatherPorts(ctx, services, inputs, { caller, models: config.models as ModelChoice }), emit: async () => undefined },
  );
  const now = ctx.clock.now().toISOString();
  for (const item of result.items) {
    if (item.cached) continue;
    await ctx.repos.gathered.insert(orgId, {
      id: newId('gv'),
      documentId: document.id,
      dataNeedId: item.needId,
      outputKey: item.outputKey,
      kind: item.kind,
      value: item.value,
      source: item.source,
      inputsHash: item.inputsHash,
      derivation: item.derivation,
      runId: null,
      createdAt: now,
    });
  }
  return {
    gathered: result.values,
    needs: result.items.map((i) => ({ outputKey: i.outputKey, kind: i.kind, cached: i.cached, elapsedMs: i.elapsedMs, inputsHash: i.inputsHash })),
    failures: result.failures,
    sources: numberSources(result.items.map((i) => ({ outputKey: i.outputKey, source: i.source, value: i.value }))).map(({ text: _text, ...s }) => s),
  };
}
