/**
 * `PUT /v1/documents/{id}/spec` and `PUT /v1/templates/{slug}`: a full spec as desired state,
 * applied in one transaction.
 */
import { DomainValidationError } from '../../../kernel/errors.js';
import type { CommandContext } from '../../context.js';
import { assertEditable } from '../../documents/lifecycle.js';
import type { DocumentRecord } from '../../documents/document.repository.js';
import { applySpec } from '../apply-spec.js';
import { type CompileReport, compileSpec } from '../compile-spec.js';
import { specValidationError } from '../spec-errors.js';
import { syncSpecEntities } from '../spec-entities.js';

/**
 * @throws DomainValidationError when the spec is invalid, names another slug, or the document is finalized.
 */
export async function applySpecToDocument(ctx: CommandContext, document: DocumentRecord, body: unknown): Promise<{ report: CompileReport; changed: boolean }> {
  assertEditable(document);
  const { report, spec } = await compileSpec(body, { requireSlug: false });
  if (!spec) throw specValidationError(report);
  if (spec.slug !== null && spec.slug !== document.slug) {
    throw new DomainValidationError(
      `the spec's slug "${spec.slug}" is not this ${document.isTemplate ? 'template' : 'document'}'s (${document.slug ?? 'none'})`,
    );
  }
  return ctx.transaction(async (tx) => {
    const changed = await applySpec(tx, document, spec);
    await syncSpecEntities(tx, spec, report, { document, mode: 'desired' });
    return { report, changed };
  });
}
