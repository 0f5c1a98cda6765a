import { DomainValidationError } from '../../../../kernel/errors.js';
import type { CommandContext } from '../../../context.js';
import { requireDataNeed, requireEditableDocument } from '../../require-document.js';
import { assertNeedGraph, dataNeedProblems } from '../data-need-rules.js';
import { dataNeedSyntaxOf } from '../data-need-syntax.js';
import type { DataNeedChanges, DataNeedRecord } from '../data-need.repository.js';
import type { DataNeedInput } from './create-data-need.js';

/**
 * `PATCH /data-needs/{need_id}`: only sent keys change; `null` clears the optional ones.
 * Renaming an output_key that others depend on is refused (their depends_on would dangle).
 *
 * @throws NotFoundError when absent or foreign; DomainValidationError for an empty body or an invalid result.
 */
export type DataNeedUpdateInput = Partial<Omit<DataNeedInput, 'kind' | 'output_key'>> & { kind?: string | null; output_key?: string | null };

export async function updateDataNeed(ctx: CommandContext, documentId: string, needId: string, input: DataNeedUpdateInput): Promise<DataNeedRecord> {
  if (Object.keys(input).length === 0) throw new DomainValidationError('nothing to update: send at least one data-need key');
  if (input.kind === null) throw new DomainValidationError('kind must not be null');
  if (input.output_key === null) throw new DomainValidationError('output_key must not be null');
  // Checked before the transaction; the kind and expression it will have are those sent, else the stored ones.
  const stored = await requireDataNeed(ctx, documentId, needId);
  const syntaxProblemOf = await dataNeedSyntaxOf([{ kind: input.kind ?? stored.kind, args: input.args_json === undefined ? stored.args : input.args_json }]);
  return ctx.transaction(async (tx) => {
    const document = await requireEditableDocument(tx, documentId);
    const need = await requireDataNeed(tx, document.id, needId);
    const changes: DataNeedChanges = {};
    if (input.kind !== undefined && input.kind !== null) changes.kind = input.kind;
    if (input.output_key !== undefined && input.output_key !== null) changes.outputKey = input.output_key;
    if (input.args_json !== undefined) changes.args = input.args_json;
    if (input.depends_on !== undefined) changes.dependsOn = input.depends_on;
    if (input.name !== undefined) changes.name = input.name;
    if (input.prompt_body !== undefined) changes.promptBody = input.prompt_body;
    if (input.tool_ref !== undefined) changes.toolRef = input.tool_ref;
    if (input.tools_available !== undefined) changes.toolsAvailable = input.tools_available;
    const updated: DataNeedRecord = { ...need, ...changes };
    const problems = dataNeedProblems(updated, syntaxProblemOf);
    if (problems.length > 0) throw new DomainValidationError(problems.join('; '));
    const orgId = tx.actor.org.orgId;
    const others = (await tx.repos.dataNeeds.listByDocument(orgId, document.id)).filter((n) => n.id !== need.id);
    if (updated.outputKey !== need.outputKey) {
      const dependents = others.filter((n) => n.dependsOn?.includes(need.outputKey)).map((n) => n.outputKey);
      if (dependents.length > 0) throw new DomainValidationError(`output_key "${need.outputKey}" is used in depends_on of ${dependents.join(', ')}`);
    }
    assertNeedGraph([...others, updated]);
    const now = tx.clock.now().toISOString();
    await tx.repos.dataNeeds.update(orgId, document.id, need.id, changes, now);
    return { ...updated, updatedAt: now };
  });
}
