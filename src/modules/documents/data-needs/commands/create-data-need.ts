import { DomainValidationError } from '../../../../kernel/errors.js';
import { newId } from '../../../../kernel/ids.js';
import { LIMITS } from '../../../../kernel/limits.js';
import type { CommandContext } from '../../../context.js';
import { requireEditableDocument } from '../../require-document.js';
import { assertNeedGraph, dataNeedProblems } from '../data-need-rules.js';
import { dataNeedSyntaxOf } from '../data-need-syntax.js';
import type { DataNeedRecord } from '../data-need.repository.js';

export interface DataNeedInput {
  kind: string;
  output_key: string;
  args_json?: Record<string, unknown> | null;
  depends_on?: string[] | null;
  name?: string | null;
  prompt_body?: string | null;
  tool_ref?: string | null;
  tools_available?: string[] | null;
}

/**
 * `POST /data-needs`: appends a need after the last one.
 *
 * @throws NotFoundError when the document is absent or foreign.
 * @throws DomainValidationError for kind-specific problems, a duplicate output_key, unknown dependencies or a cycle.
 */
export async function createDataNeed(ctx: CommandContext, documentId: string, input: DataNeedInput): Promise<DataNeedRecord> {
  const syntaxProblemOf = await dataNeedSyntaxOf([{ kind: input.kind, args: input.args_json ?? null }]);
  return ctx.transaction(async (tx) => {
    const document = await requireEditableDocument(tx, documentId);
    const orgId = tx.actor.org.orgId;
    const now = tx.clock.now().toISOString();
    const existing = await tx.repos.dataNeeds.listByDocument(orgId, document.id);
    if (existing.length >= LIMITS.dataNeedsPerDocument) {
      throw new DomainValidationError(`a document holds at most ${LIMITS.dataNeedsPerDocument} data-needs (limit dataNeedsPerDocument)`);
    }
    const need: DataNeedRecord = {
      id: newId('dn'),
      documentId: document.id,
      ordinal: existing.reduce((max, n) => Math.max(max, n.ordinal + 1), 0),
      kind: input.kind,
      outputKey: input.output_key,
      name: input.name ?? null,
      args: input.args_json ?? null,
      dependsOn: input.depends_on ?? null,
      promptBody: input.prompt_body ?? null,
      toolRef: input.tool_ref ?? null,
      toolsAvailable: input.tools_available ?? null,
      createdAt: now,
      updatedAt: now,
    };
    const problems = dataNeedProblems(need, syntaxProblemOf);
    if (problems.length > 0) throw new DomainValidationError(problems.join('; '));
    assertNeedGraph([...existing, need]);
    return tx.repos.dataNeeds.insert(orgId, need);
  });
}
