/**
 * `POST /v1/templates`: compiles a spec into a new template. With `dryRun` the spec is checked
 * and reported and nothing is written (a dry run answers with the report even when invalid).
 */
import { ConflictError } from '../../../kernel/errors.js';
import { newId } from '../../../kernel/ids.js';
import type { CommandContext } from '../../context.js';
import type { DocumentRecord } from '../../documents/document.repository.js';
import { applySpec } from '../apply-spec.js';
import { type CompileReport, type CompiledSpec, compileSpec } from '../compile-spec.js';
import { specValidationError } from '../spec-errors.js';
import { syncSpecEntities } from '../spec-entities.js';

export interface CreateTemplateResult {
  report: CompileReport;
  template: DocumentRecord | null;
}

/**
 * @throws DomainValidationError when the spec is invalid (not in a dry run).
 * @throws ConflictError when the slug is taken (not in a dry run).
 */
export async function createTemplateFromSpec(
  ctx: CommandContext,
  body: unknown,
  options: { dryRun: boolean; compiled?: CompiledSpec },
): Promise<CreateTemplateResult> {
  // `compiled`: the caller compiled `body` already (the seed compiles each built-in spec once for every organization).
  const { report, spec } = options.compiled ?? (await compileSpec(body, { requireSlug: true }));
  const orgId = ctx.actor.org.orgId;
  if (spec?.slug && (await ctx.repos.documents.slugExists(orgId, spec.slug))) {
    const message = `a template or document with slug "${spec.slug}" already exists; replace it with PUT /v1/templates/${spec.slug}`;
    if (!options.dryRun) throw new ConflictError(message);
    report.errors.push({ path: '/slug', message });
    report.valid = false;
  }
  if (options.dryRun) return { report, template: null };
  if (!spec) throw specValidationError(report);

  return ctx.transaction(async (tx) => {
    const now = tx.clock.now().toISOString();
    const template = await tx.repos.documents.insert(orgId, {
      id: newId('doc'),
      slug: spec.slug,
      title: spec.title,
      description: spec.description,
      isTemplate: true,
      templateId: null,
      state: 'draft',
      config: {},
      createdBy: tx.actor.email,
      createdAt: now,
      updatedAt: now,
    });
    await applySpec(tx, template, spec);
    await syncSpecEntities(tx, spec, report, { document: template, mode: 'create' });
    const stored = await tx.repos.documents.findById(orgId, template.id);
    return { report, template: stored ?? template };
  });
}
