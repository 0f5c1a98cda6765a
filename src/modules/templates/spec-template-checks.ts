/**
 * The templates and computations of an authoring spec, checked in the tenant-code pool before the
 * spec is compiled (compile-spec.ts reads the answers): parsing tenant text never runs on the main
 * thread, and a spec's templates go to a worker in one task (its computations in another).
 */
import { type TemplateCheck, checkTemplate } from '../../templating/index.js';
import { type ComputationCheck, checkComputation } from '../../tenant-code/check-computation.js';
import { computationChecksOf, templateChecksOf } from '../../tenant-code/tenant-code-pool.js';
import { RENDER_TEMPLATE_KEYS } from '../documents/config/config-groups.js';
import { dataNeedTemplatesToCheck } from '../documents/data-needs/data-need-rules.js';
import type { TemplateSpecInput } from './spec-schema.js';

/** Namespaces whose members are known from the spec itself (`computed.total`, `fields.client`, `gathered.rate`). */
export const MEMBER_NAMESPACES = ['computed', 'fields', 'gathered'];

/** What the pool said of each template of a spec. */
export interface SpecTemplateChecks {
  /** Why `source` does not parse, or null. */
  problem(source: string): string | null;
  check(source: string): TemplateCheck;
  /** What the pool said of a computation (JSONata) of the spec's config. */
  computation(source: string): ComputationCheck;
}

/** Every template text a spec holds: section outputs, risk blocks, text headings and narratives, layout templates, data-need expressions. */
function specTemplates(raw: TemplateSpecInput): string[] {
  const render = (raw.config as { render?: Record<string, unknown> } | undefined)?.render ?? {};
  const entities = raw.entities ?? {};
  return [
    ...(raw.sections ?? []).map((s) => s.output_template),
    ...(entities.riskBlocks ?? []).map((b) => b.template),
    ...(entities.texts ?? []).flatMap((t) => [t.headingTemplate, t.narrativeTemplate]),
    ...RENDER_TEMPLATE_KEYS.map((key) => render[key]),
    ...(raw.dataNeeds ?? []).flatMap((n) => dataNeedTemplatesToCheck({ kind: n.kind, args: n.args_json ?? null })),
  ].filter((source): source is string => typeof source === 'string' && source !== '');
}

/** Every computation text a spec's config holds (`config.<group>.computations.<name>`). */
function specComputations(raw: TemplateSpecInput): string[] {
  return Object.values((raw.config ?? {}) as Record<string, unknown>).flatMap((values) => {
    const computations = (values as { computations?: unknown } | null)?.computations;
    if (typeof computations !== 'object' || computations === null) return [];
    return Object.values(computations).filter((source): source is string => typeof source === 'string');
  });
}

/**
 * Checks a (well-shaped) spec's templates in one worker task; the built-in specs, shipped with the
 * service (`builtin`), on this thread: seeding them at start-up must not depend on a busy host.
 */
export async function checkSpecTemplates(raw: TemplateSpecInput, builtin = false): Promise<SpecTemplateChecks> {
  const [check, computation] = builtin
    ? [(source: string) => checkTemplate(source, MEMBER_NAMESPACES), checkComputation]
    : await Promise.all([templateChecksOf(specTemplates(raw), MEMBER_NAMESPACES), computationChecksOf(specComputations(raw))]);
  return { check, problem: (source) => check(source).problem, computation };
}
