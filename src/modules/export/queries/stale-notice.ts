/**
 * The notice an export prints at its top while sections are out of date (their inputs changed
 * since the run that wrote them: generation/queries/section-staleness.ts), naming them, until
 * they are regenerated. Finalizing does not require fresh sections, so a finalized document
 * that is out of date says so too (docs/adr/0412-stale-notice-in-exports.md).
 */
import type { StaleCause } from '../../generation/queries/section-staleness.js';

/**
 * Null when no section is stale: none has a cause of staleness, and none carries the `stale`
 * status a correction of the data it read sets. Sections in document order; each named by its title.
 *
 * @throws never.
 */
export function staleNotice(
  sections: ReadonlyArray<{ id: string; title: string; status: string }>,
  staleness: ReadonlyMap<string, StaleCause[]>,
): string | null {
  const stale = sections.filter((s) => s.status === 'stale' || (staleness.get(s.id)?.length ?? 0) > 0).map((s) => `“${s.title}”`);
  if (stale.length === 0) return null;
  const names = stale.length === 1 ? stale[0] : `${stale.slice(0, -1).join(', ')} and ${stale.at(-1)}`;
  const verb = stale.length === 1 ? 'was' : 'were';
  return `Out of date: ${names} ${verb} written from inputs that have changed since. Regenerate before relying on ${stale.length === 1 ? 'it' : 'them'}.`;
}
