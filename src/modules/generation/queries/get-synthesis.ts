import type { PageRequest } from '../../../storage/keyset-page.js';
import type { CommandContext } from '../../context.js';
import { requireDocument } from '../../documents/require-document.js';
import type { SynthesizedContextRecord } from '../synthesized-context.repository.js';

function present(record: SynthesizedContextRecord) {
  return {
    id: record.id,
    mode: record.mode,
    createdAt: record.createdAt,
    model: record.model,
    payloadJson: record.payload,
    schemaPath: record.schemaPath,
    runId: record.runId,
  };
}

/**
 * `GET /synthesis` → SynthesisResponse (null when never synthesized).
 *
 * @throws NotFoundError when the document is absent or foreign.
 */
export async function getSynthesis(ctx: CommandContext, documentId: string) {
  const document = await requireDocument(ctx, documentId);
  const [latest] = await ctx.repos.synthesized.listByDocument(ctx.actor.org.orgId, document.id);
  return { synthesizedContext: latest ? present(latest) : null };
}

/**
 * `GET /synthesis/history` → SynthesisHistoryResponse, newest first.
 *
 * @throws NotFoundError when the document is absent or foreign.
 */
export async function getSynthesisHistory(ctx: CommandContext, documentId: string, page: PageRequest) {
  const document = await requireDocument(ctx, documentId);
  const contexts = await ctx.repos.synthesized.listPage(ctx.actor.org.orgId, document.id, page);
  return { synthesizedContexts: contexts.items.map(present), nextCursor: contexts.nextCursor };
}
