/**
 * Loads what the readiness verdict needs for one document: shared by `GET /readiness`,
 * `GET /computed` and the pipeline's gate.
 */
import { type ReadinessInput, assessReadiness, type Readiness } from '../../../pipeline/readiness.js';
import { assessmentGapsForDocument } from '../../assessments/bridge/assessment-gaps-for-document.js';
import type { CommandContext } from '../../context.js';
import { resolveConfig } from '../../documents/config/config-groups.js';
import { libraryGaps } from '../../library/bindings/library-gaps.js';
import { TEMPLATE_GLOBALS } from '../../templates/template-globals.js';
import type { DocumentRecord } from '../../documents/document.repository.js';
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
  const [fields, sections, dataNeeds, library, tools, assessments] = await Promise.all([
    ctx.repos.fields.listByDocument(orgId, document.id),
    ctx.repos.sections.listByDocument(orgId, document.id),
    ctx.repos.dataNeeds.listByDocument(orgId, document.id),
    libraryGaps(ctx, document),
    ctx.repos.toolRegistrations.list(orgId),
    assessmentGapsForDocument(ctx, document.id),
  ]);
  return {
    fields,
    sections,
    dataNeeds,
    computationNames: Object.keys(computationsOf(document)),
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

/**
 * The blocking gaps of `document` judged as a finalized document (where a draft risk block
 * blocks), each as `kind (key): message`: what `PUT /state {"state": "finalized"}` refuses on.
 */
export async function finalizeBlockers(ctx: CommandContext, document: DocumentRecord): Promise<string[]> {
  const readiness = await readinessOf(ctx, { ...document, state: 'finalized' });
  return readiness.gaps.filter((gap) => gap.blocking).map((gap) => `${gap.kind}${gap.key ? ` (${gap.key})` : ''}: ${gap.message}`);
}
