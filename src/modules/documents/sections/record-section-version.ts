/** Appends the section's current output as its next version (every render, edit and restore). */
import { newId } from '../../../kernel/ids.js';
import type { CommandContext } from '../../context.js';
import type { SectionVersionRecord } from './section-version.repository.js';

export async function recordSectionVersion(
  ctx: CommandContext,
  documentId: string,
  section: { id: string; content: string | null; status: string },
  source: 'generated' | 'edited' | 'restored' | 'captured',
  runId: string | null = null,
): Promise<SectionVersionRecord> {
  const orgId = ctx.actor.org.orgId;
  const version: SectionVersionRecord = {
    id: newId('sv'),
    sectionId: section.id,
    version: (await ctx.repos.sectionVersions.latestNumber(orgId, section.id)) + 1,
    content: section.content,
    status: section.status,
    source,
    runId,
    createdBy: ctx.actor.email,
    createdAt: ctx.clock.now().toISOString(),
  };
  await ctx.repos.sectionVersions.insert(orgId, documentId, version);
  return version;
}
