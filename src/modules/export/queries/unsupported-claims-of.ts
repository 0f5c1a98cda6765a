/**
 * The claims the verify stage marked unsupported, per section, from the generation snapshots.
 * A section's verdict comes from the newest run that rendered it, and only while the section
 * still holds that run's output: once a person edits it, the old verdict no longer applies.
 */
import type { UnsupportedClaim } from '../../../docx/composed-document.js';
import type { SectionRecord } from '../../documents/sections/section.repository.js';
import type { GenerationSnapshotRecord } from '../../history/generation-snapshot.repository.js';

interface PinnedVerdicts {
  unsupported_sections?: Array<{ sectionId: string; claims: Array<{ sentence: string; missing?: string[]; reason?: string }> }>;
}

/**
 * `sectionId → claims` from the document's sections and its recent snapshots (newest first).
 * Sections without unsupported claims are absent from the map. Pure.
 */
export function unsupportedClaimsOf(
  sections: readonly Pick<SectionRecord, 'id' | 'content'>[],
  snapshots: readonly GenerationSnapshotRecord[],
): Map<string, UnsupportedClaim[]> {
  const current = new Map(sections.map((s) => [s.id, s.content]));
  const decided = new Set<string>();
  const claims = new Map<string, UnsupportedClaim[]>();
  for (const snapshot of snapshots) {
    const verdicts = (snapshot.manifest as PinnedVerdicts).unsupported_sections ?? [];
    for (const rendered of snapshot.output.sections) {
      if (decided.has(rendered.sectionId)) continue;
      decided.add(rendered.sectionId);
      if (current.get(rendered.sectionId) !== rendered.content) continue;
      const verdict = verdicts.find((v) => v.sectionId === rendered.sectionId);
      if (!verdict || verdict.claims.length === 0) continue;
      claims.set(
        rendered.sectionId,
        verdict.claims.map((c) => ({
          text: c.sentence,
          reason:
            c.reason ?? (c.missing && c.missing.length > 0 ? `Not found in the cited source: ${c.missing.join(', ')}` : 'Not supported by the cited source'),
        })),
      );
    }
  }
  return claims;
}
