/**
 * First-start demo data: the built-in templates in each given organization. A template whose
 * slug exists is left alone (the organization may have changed it). Idempotent, and safe when
 * two processes start together (the loser's unique-slug conflict is ignored).
 */
import type { Kysely } from 'kysely';
import { systemActor } from '../../../kernel/actor.js';
import { ConflictError } from '../../../kernel/errors.js';
import { isUniqueViolation } from '../../../storage/dialect.js';
import type { Database } from '../../../storage/schema.js';
import { createContext } from '../../context.js';
import { BUILTIN_TEMPLATE_SPECS } from '../builtin/index.js';
import { type CompiledSpec, compileSpec } from '../compile-spec.js';
import { createTemplateFromSpec } from './create-template-from-spec.js';

export async function seedBuiltinTemplates(db: Kysely<Database>, orgs: ReadonlyArray<{ orgId: string; slug: string }>): Promise<void> {
  // A spec is compiled (checked, its templates parsed) once, not once per organization: that
  // was most of a fresh start-up's seeding time. Each organization gets its own copy.
  const compiled = new Map<object, CompiledSpec>();
  const compiledCopy = async (spec: object) => {
    const once = compiled.get(spec) ?? (await compileSpec(spec, { requireSlug: true, builtin: true }));
    compiled.set(spec, once);
    return structuredClone(once);
  };
  for (const { orgId, slug } of orgs) {
    const ctx = createContext(db, systemActor({ orgId, slug }));
    for (const spec of BUILTIN_TEMPLATE_SPECS) {
      if (spec.slug && (await ctx.repos.documents.slugExists(orgId, spec.slug))) continue;
      try {
        await createTemplateFromSpec(ctx, spec, { dryRun: false, compiled: await compiledCopy(spec) });
      } catch (error) {
        if (!(error instanceof ConflictError) && !isUniqueViolation(error)) throw error;
      }
    }
  }
}
