/**
 * `GET /generation-snapshots/{a}/diff/{b}`: per section, whether the output changed from `a`
 * to `b` and why, from what the two manifests record (see section-diff.ts), each differing
 * input's two values (input-changes.ts) and the text's word-level diff (text-diff.ts). Read-only.
 */
import type { CommandContext } from '../../context.js';
import type { GenerationSnapshotRecord } from '../generation-snapshot.repository.js';
import { type PinnedManifest, pinnedManifest } from '../pinned-manifest.js';
import { type InputChange, inputChanges } from '../input-changes.js';
import { type ComparedSide, type DiffCause, compareSection } from '../section-diff.js';
import { type TextDiffPart, wordDiff } from '../text-diff.js';
import { requireGenerationSnapshot } from './list-history.js';

export type SectionDiffStatus = 'changed' | 'unchanged' | 'only_in_from' | 'only_in_to';

export interface SectionOutputDiff {
  sectionId: string;
  key: string;
  title: string;
  renderMode: string | null;
  status: SectionDiffStatus;
  changed: boolean;
  attribution: 'section' | 'document';
  causes: DiffCause[];
  /** Each differing input the section read, with its value in `from` and in `to`. */
  inputs: InputChange[];
  /** The output from `from` to `to`, word by word ([] when unchanged). */
  textDiff: TextDiffPart[];
}

function reference(snapshot: GenerationSnapshotRecord) {
  const manifest = pinnedManifest(snapshot.manifest);
  return {
    id: snapshot.id,
    runId: snapshot.runNumber,
    manifestHash: snapshot.manifestHash,
    engineVersion: manifest.engineVersion ?? null,
    createdAt: snapshot.createdAt,
  };
}

function side(snapshot: GenerationSnapshotRecord, manifest: PinnedManifest, sectionId: string): ComparedSide | undefined {
  const output = snapshot.output.sections.find((s) => s.sectionId === sectionId);
  if (!output) return undefined;
  return {
    manifest,
    definition: manifest.sections?.find((s) => s.id === sectionId),
    derivation: manifest.derivation?.sections?.[sectionId],
    content: output.content,
  };
}

/**
 * @throws NotFoundError when the document or either snapshot is absent or foreign.
 */
export async function diffGenerationSnapshots(ctx: CommandContext, documentId: string, fromId: string, toId: string) {
  const from = await requireGenerationSnapshot(ctx, documentId, fromId);
  const to = await requireGenerationSnapshot(ctx, documentId, toId);
  const [fromManifest, toManifest] = [pinnedManifest(from.manifest), pinnedManifest(to.manifest)];
  const outputs = [...to.output.sections, ...from.output.sections.filter((s) => !to.output.sections.some((t) => t.sectionId === s.sectionId))];
  const sections: SectionOutputDiff[] = outputs.map((output) => {
    const a = side(from, fromManifest, output.sectionId);
    const b = side(to, toManifest, output.sectionId);
    const base = { sectionId: output.sectionId, key: output.key, title: output.title, renderMode: (b ?? a)?.definition?.renderMode ?? null };
    if (!a || !b) {
      const status = a ? 'only_in_from' : 'only_in_to';
      const detail = a ? 'the section was rendered in the first snapshot only' : 'the section was rendered in the second snapshot only';
      const textDiff = wordDiff(a?.content ?? '', b?.content ?? '');
      return { ...base, status, changed: true, attribution: 'section', causes: [{ kind: 'template', keys: ['section'], detail }], inputs: [], textDiff };
    }
    const compared = compareSection(output.sectionId, a, b);
    return { ...base, status: compared.changed ? 'changed' : 'unchanged', ...compared, inputs: inputChanges(a, b), textDiff: wordDiff(a.content, b.content) };
  });
  return { documentId: from.documentId, from: reference(from), to: reference(to), identical: sections.every((s) => !s.changed), sections };
}
