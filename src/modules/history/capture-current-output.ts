/**
 * Before a restore overwrites a section, its current output is kept as a version (unless the
 * latest version already holds exactly it), so restoring never loses work.
 */
import type { CommandContext } from '../context.js';
import { recordSectionVersion } from '../documents/sections/record-section-version.js';
import type { SectionRecord } from '../documents/sections/section.repository.js';

export async function captureCurrentOutput(ctx: CommandContext, section: SectionRecord): Promise<void> {
  const [latest] = await ctx.repos.sectionVersions.listBySection(ctx.actor.org.orgId, section.id);
  if (latest && latest.content === section.content && latest.status === section.status) return;
  if (section.content === null && !latest) return;
  await recordSectionVersion(ctx, section.documentId, section, 'captured');
}
