/**
 * Loads what the readiness verdict needs for one document: shared by `GET /readiness`,
 * `GET /computed` and the pipeline's gate. Computations are evaluated here (the verdict
 * itself stays pure) over the fields and the gathered values persisted so far.
 */
import { type ReadinessInput, assessReadiness, type Readiness } from '../../../pipeline/readiness.js';
import { computationReads } from '../../../pipeline/stages/compile-computation.js';
import { computeValues } from '../../../pipeline/stages/compute.js';
import { assessmentGapsForDocument } from '../../assessments/bridge/assessment-gaps-for-document.js';
import type { CommandContext } from '../../context.js';
import { resolveConfig } from '../../documents/config/config-groups.js';
import { libraryGaps } from '../../library/bindings/library-gaps.js';
import { TEMPLATE_GLOBALS } from '../../templates/template-globals.js';
import type { DocumentRecord } from '../../documents/document.repository.js';
import { fieldMap } from '../../documents/document.presenter.js';
import { fieldValueProblem } from '../../documents/fields/field-values.js';

/** The document's named computations (coordination first, synthesis may add or override). */
export function computationsOf(document: DocumentRecord): Record<string, string> {
  const config = resolveConfig(document.config);
  return {
    ...((config.coordination.computations ?? {}) as Record<string, string>),
    ...((config.synthesis.computations ?? {}) as Record<string, string>),
  };
}

export async function loadReadinessInput(ctx: CommandContext, document: DocumentRecord): Promise<ReadinessInput> {
  const orgId = ctx.actor.org.orgId;
  const [fields, sections, dataNeeds, library, tools, assessments, gatheredRows] = await Promise.all([
    ctx.repos.fields.listByDocument(orgId, document.id),
    ctx.repos.sections.listByDocument(orgId, document.id),
    ctx.repos.dataNeeds.listByDocument(orgId, document.id),
    libraryGaps(ctx, document),
    ctx.repos.toolRegistrations.list(orgId),
    assessmentGapsForDocument(ctx, document.id),
    ctx.repos.gathered.latestByDocument(orgId, document.id),
  ]);
  const computations = computationsOf(document);
  // Evaluated as GET /computed does (fields and persisted gathered rows, no tool called), so a
  // computation that cannot work is a gap before the run instead of an empty value in it.
  const gathered = Object.fromEntries(gatheredRows.map((r) => [r.outputKey, r.value]));
  const { errors } = await computeValues({ computations, fields: fieldMap(fields), gathered, now: ctx.clock.now().toISOString() });
  return {
    fields,
    sections,
    dataNeeds,
    computationNames: Object.keys(computations),
    computationFailures: Object.entries(errors).map(([key, error]) => ({ key, error, reads: computationReads(computations[key] ?? '') })),
    gatheredKeys: Object.keys(gathered),
    globals: TEMPLATE_GLOBALS,
    toolNames: tools.map((t) => t.name),
    // Library gaps: draft risk blocks and unbound snippet roles (modules/library/bindings/library-gaps.ts).
    extraGaps: [...library, ...assessments],
    fieldValueProblem,
  };
}

export async function readinessOf(ctx: CommandContext, document: DocumentRecord): Promise<Readiness> {
  return assessReadiness(await loadReadinessInput(ctx, document));
}
