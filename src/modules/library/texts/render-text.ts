/**
 * Renders a text (phrase atom) for a document: its heading and narrative templates with the
 * document's template context plus the entity roles the text declares in `entityRolesUsed`,
 * each bound to an organization entity (its name and attributes) or, unresolved, to its id.
 * Pure and deterministic (render and export call it; a reproduce gives the same bytes).
 */
import { TenantCodeBudgetError } from '../../../tenant-code/budgets.js';
import { renderTemplates } from '../../../tenant-code/tenant-code-pool.js';

export interface RenderableText {
  key: string;
  value: string;
  headingTemplate: string | null;
  narrativeTemplate: string | null;
  bullets: readonly string[];
  entityRolesUsed: readonly string[];
}

export interface RenderedText {
  key: string;
  /** The rendered heading, or null when the text has no heading template. */
  heading: string | null;
  /** The rendered narrative; the text's plain `value` when it has no narrative template. */
  narrative: string;
  bullets: string[];
  /** Roles the text uses that `entityRoles` leaves unset (rendered as missing). */
  unboundRoles: string[];
  /** Variables the templates read that the context does not provide. */
  undefinedVariables: string[];
  /** Render errors, one per template that failed. */
  errors: string[];
}

/** An organization entity a role is bound to, resolved from its id. */
export interface BoundEntity {
  id: string;
  name: string;
  kind: string | null;
  attributes: Readonly<Record<string, unknown>>;
}

/** What a role is bound to: a resolved entity, or (an id naming no entity of the organization) the id as written. */
export type RoleValue = string | BoundEntity;

/**
 * The context a text's templates see: the document context, then `value`, `bullets`, every
 * role the text uses at the top level and all of them under `roles`. A role bound to an
 * entity reads as the entity's name at the top level (`{{ client }}` → "Initech") and as the
 * whole entity under `roles` (`{{ roles.client.jurisdiction }}`, `.name`, `.kind`, `.id`,
 * `.attributes`). Only the declared roles are passed: a text cannot read entities it did not
 * say it uses.
 */
export function textContext(
  text: RenderableText,
  context: Record<string, unknown>,
  entityRoles: Readonly<Record<string, RoleValue | null | undefined>>,
): Record<string, unknown> {
  const top: Record<string, unknown> = {};
  const roles: Record<string, unknown> = {};
  for (const role of text.entityRolesUsed) {
    const bound = entityRoles[role];
    if (bound === undefined || bound === null) continue;
    if (typeof bound === 'string') {
      top[role] = bound;
      roles[role] = bound;
    } else {
      top[role] = bound.name;
      roles[role] = { ...bound.attributes, id: bound.id, name: bound.name, kind: bound.kind, attributes: { ...bound.attributes } };
    }
  }
  return { ...context, value: text.value, bullets: [...text.bullets], ...top, roles };
}

/**
 * Renders the text (heading and narrative in one tenant-code worker message); never throws for
 * template problems (they come back in `errors`, budgets included).
 */
export async function renderText(
  text: RenderableText,
  context: Record<string, unknown>,
  entityRoles: Readonly<Record<string, RoleValue | null | undefined>>,
): Promise<RenderedText> {
  const scope = textContext(text, context, entityRoles);
  const bound = scope.roles as Record<string, unknown>;
  const errors: string[] = [];
  const undefinedVariables = new Set<string>();
  const jobs = [
    ...(text.headingTemplate === null ? [] : [{ what: 'headingTemplate', source: text.headingTemplate }]),
    ...(text.narrativeTemplate === null ? [] : [{ what: 'narrativeTemplate', source: text.narrativeTemplate }]),
  ];
  const outputs = new Map<string, string>();
  try {
    const results = await renderTemplates(
      jobs.map((job) => job.source),
      scope,
      (index) => `text "${text.key}" ${jobs[index]?.what ?? ''}`,
    );
    jobs.forEach((job, index) => {
      const result = results[index];
      for (const name of result.undefinedVariables) undefinedVariables.add(name);
      if (result.error) errors.push(`${job.what}: ${result.error}`);
      outputs.set(job.what, result.output);
    });
  } catch (error) {
    if (!(error instanceof TenantCodeBudgetError)) throw error;
    errors.push(error.message);
  }
  return {
    key: text.key,
    heading: text.headingTemplate === null ? null : (outputs.get('headingTemplate') ?? ''),
    narrative: text.narrativeTemplate === null ? text.value : (outputs.get('narrativeTemplate') ?? ''),
    bullets: [...text.bullets],
    unboundRoles: text.entityRolesUsed.filter((role) => !(role in bound)),
    undefinedVariables: [...undefinedVariables],
    errors,
  };
}
