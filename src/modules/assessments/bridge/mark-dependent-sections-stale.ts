/**
 * A review decision that changes an item's value marks the generated sections built on it
 * `stale` (ASSESSMENTS §7.3): the document still shows the old value, and the reader should
 * know before trusting it. Called inside the decision's transaction, so both land or neither.
 *
 * Which documents: those whose current gathered value of an `assessment` data-need cites the
 * item (the gathered source records the item ids it was built from). Which sections, of those
 * whose status is `generated` (a hand-edited section is the person's own text and stays
 * `edited`): a synthesized section (it was written from the whole context), a templated section
 * whose template reads the need's output key (or `gathered`), and any section that cites the
 * source by its number. Finalized documents are a signed-off record and are left as they are.
 *
 * What a template reads is learnt in the tenant-code pool (parsing tenant text never runs on the
 * main thread, docs/adr/0291), before the transaction opens (dependentTemplateChecks): a slow
 * check must not hold the database. A template the lookup cannot answer for (it changed in
 * between, or costs too much to check) is taken to read the value.
 */
import type { TemplateCheck } from '../../../templating/index.js';
import { storedTemplateChecksOf } from '../../../tenant-code/stored-template-checks.js';
import { findCitations } from '../../../pipeline/verify/sentences.js';
import { numberSources } from '../../../pipeline/sources.js';
import type { CommandContext } from '../../context.js';
import type { SectionRecord } from '../../documents/sections/section.repository.js';

/** A template's check (what it reads), from dependentTemplateChecks. */
export type TemplateCheckOf = (template: string) => TemplateCheck;

/** Whether the section used one of the gathered values `outputKeys` (cited as `numbers`). */
function usesValue(section: SectionRecord, outputKeys: ReadonlySet<string>, numbers: ReadonlySet<number>, checkOf: TemplateCheckOf): boolean {
  if (section.renderMode !== 'templated') return true;
  const check = checkOf(section.outputTemplate ?? '');
  if (check.problem !== null) return true;
  const roots = check.variables;
  if (roots.some((root) => root === 'gathered' || outputKeys.has(root))) return true;
  return findCitations(section.content ?? '').some((n) => numbers.has(n));
}

/**
 * The templates of the sections a decision on `itemIds` may mark stale, checked in the tenant-code
 * pool: call it before the decision's transaction and hand the answer to markDependentSectionsStale.
 */
export async function dependentTemplateChecks(ctx: CommandContext, itemIds: readonly string[]): Promise<TemplateCheckOf> {
  const orgId = ctx.actor.org.orgId;
  const templates: string[] = [];
  for (const documentId of itemIds.length === 0 ? [] : await ctx.repos.gathered.documentsCitingItems(orgId, itemIds)) {
    for (const section of await ctx.repos.sections.listByDocument(orgId, documentId)) {
      if (section.status === 'generated' && section.renderMode === 'templated') templates.push(section.outputTemplate ?? '');
    }
  }
  return storedTemplateChecksOf(templates);
}

/** Marks the dependent sections of every affected document; `checkOf` from dependentTemplateChecks. */
export async function markDependentSectionsStale(ctx: CommandContext, itemIds: readonly string[], checkOf: TemplateCheckOf): Promise<void> {
  if (itemIds.length === 0) return;
  const orgId = ctx.actor.org.orgId;
  const candidates = await ctx.repos.gathered.documentsCitingItems(orgId, itemIds);
  const wanted = new Set(itemIds);
  const now = ctx.clock.now().toISOString();
  for (const documentId of candidates) {
    const document = await ctx.repos.documents.findById(orgId, documentId);
    if (!document || document.state === 'finalized') continue;
    const latest = await ctx.repos.gathered.latestByDocument(orgId, documentId);
    const affected = latest.filter((row) => row.kind === 'assessment' && (row.source?.itemIds ?? []).some((id) => wanted.has(id)));
    if (affected.length === 0) continue; // only an older gathered value cited the item
    const keys = new Set(affected.map((row) => row.outputKey));
    const numbers = new Set(
      numberSources(latest)
        .filter((s) => keys.has(s.outputKey))
        .map((s) => s.n),
    );
    for (const section of await ctx.repos.sections.listByDocument(orgId, documentId)) {
      if (section.status !== 'generated' || !usesValue(section, keys, numbers, checkOf)) continue;
      await ctx.repos.sections.update(orgId, documentId, section.id, { status: 'stale' }, now);
    }
  }
}
