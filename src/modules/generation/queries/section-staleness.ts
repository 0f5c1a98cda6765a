/**
 * Staleness derived at read time (issue #11): a generated section is stale when what it would
 * read now differs from what the latest generation snapshot that rendered it recorded in its
 * derivation record — a field, a gathered row (a correction when it came from an assessment), a
 * computed value, a library text or risk block, the document's details, the section's own
 * definition, and for a synthesized section the voice, brief and model choice. The comparison is
 * the one a snapshot diff makes (section-diff.ts `differingKeys`/`readCause`); the "now" side is
 * rebuilt from the input assembler exactly as a run builds its render context. What a run alone
 * decides (the synthesized context, other sections' outputs before the run, its variables and
 * date) is taken from the recorded render context, so it never reads as a change.
 */
import { hashOf, hashOncePerValue } from '../../../pipeline/inputs-hash.js';
import { definitionHashes, sectionReads, sectionTemplate } from '../../../pipeline/section-derivation.js';
import type { CommandContext } from '../../context.js';
import type { DocumentRecord } from '../../documents/document.repository.js';
import type { SectionRecord } from '../../documents/sections/section.repository.js';
import type { GenerationSnapshotRecord } from '../../history/generation-snapshot-record.js';
import { type CauseKind, differingKeys, readCause } from '../../history/section-diff.js';
import { type PinnedManifest, pinnedManifest } from '../../history/pinned-manifest.js';
import { type DocumentInputs, loadDocumentInputs } from '../inputs/load-document-inputs.js';
import { type CurrentRenderContext, currentRenderContext } from '../inputs/current-render-context.js';
import { type GatheredCause, type StalenessServices, gatheredStaleness } from './gathered-staleness.js';
import { renderSectionOf, voiceInputOf } from '../inputs/pipeline-input.js';
import { computationReadsOf } from '../../../tenant-code/tenant-code-pool.js';
import { storedTemplateChecksOf } from '../../../tenant-code/stored-template-checks.js';

/** One reason a section is stale: the cause kind (section-diff's vocabulary) and what changed. */
export interface StaleCause {
  cause: CauseKind;
  /** A read path (`fields.client`, `gathered.report`), `definition.<attribute>`, `voice`, `brief` or `models`. */
  path: string;
  /**
   * The gathered or computed value the section read through which `path` reaches it (the row is
   * out of date: the next run re-gathers it), absent when the section read `path` itself.
   */
  via?: string;
}

/** The names a computation reads (an over-approximation: every path step name). */
type ReadsOf = (source: string) => readonly string[];

/** Statuses whose output came from a run (`stale`: marked by a correction since). */
const DERIVED = new Set(['generated', 'stale']);

/** True when any section's output came from a run: only those have a staleness, read from beyond the document's own rows. */
export function hasRunDerivedSections(sections: readonly Pick<SectionRecord, 'status'>[]): boolean {
  return sections.some((s) => DERIVED.has(s.status));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The manifest of the run that wrote the section's current text: the newest run that recorded a
 * derivation for it and whose output is that text. A restored snapshot or section version can
 * bring back an older run's text, which must be judged against that run's inputs, not the
 * latest run's. Else (the text came from no run kept) the newest run that recorded the section.
 */
function derivingManifest(
  records: readonly GenerationSnapshotRecord[],
  manifests: readonly PinnedManifest[],
  section: Pick<SectionRecord, 'id' | 'content'>,
): PinnedManifest | undefined {
  const recorded = (i: number) => manifests[i].derivation?.sections?.[section.id] !== undefined;
  for (let i = 0; i < records.length; i++) {
    if (recorded(i) && records[i].output.sections.some((o) => o.sectionId === section.id && o.content === section.content)) return manifests[i];
  }
  return manifests.find((_, i) => recorded(i));
}

/**
 * Read path → the causes reaching a section through it: `gathered.<key>` for an out-of-date row,
 * `computed.<name>` for a computation reading one (its names, an over-approximation).
 */
function throughGathered(outOfDate: Map<string, GatheredCause[]>, computations: Record<string, string>, readsOf: ReadsOf): Map<string, StaleCause[]> {
  const via = new Map<string, StaleCause[]>();
  for (const [key, causes] of outOfDate)
    via.set(
      `gathered.${key}`,
      causes.map((c) => ({ ...c, via: `gathered.${key}` })),
    );
  for (const [name, source] of Object.entries(computations)) {
    const causes = readsOf(source).flatMap((read) => outOfDate.get(read) ?? []);
    const unique = new Map(causes.map((c) => [`${c.cause} ${c.path}`, { ...c, via: `computed.${name}` }]));
    if (unique.size > 0) via.set(`computed.${name}`, [...unique.values()]);
  }
  return via;
}

/**
 * The fields and gathered values a changed computation reads that differ between the recorded
 * render context and the current one, so a section reading `computed.total` also names the
 * input that moved it (`fields.amount` via `computed.total`).
 */
function computationInputs(
  path: string,
  computations: Record<string, string>,
  readsOf: ReadsOf,
  recorded: Record<string, unknown>,
  current: Record<string, unknown>,
): StaleCause[] {
  const source = computations[path.slice('computed.'.length)];
  if (source === undefined) return [];
  const causes: StaleCause[] = [];
  for (const name of readsOf(source)) {
    for (const space of ['fields', 'gathered'] as const) {
      const before = recorded[space];
      const after = current[space];
      if (!isRecord(before) || !isRecord(after) || !(Object.hasOwn(before, name) || Object.hasOwn(after, name))) continue;
      if (hashOf(before[name] ?? null) !== hashOf(after[name] ?? null)) causes.push({ cause: space, path: `${space}.${name}`, via: path });
    }
  }
  return causes;
}

/**
 * Section id → why it is stale (`[]` when current), for every section whose output came from a
 * run that recorded a derivation for it; other sections (empty, edited, failed, or rendered
 * before derivation records existed) are absent. `loaded`: the document's inputs when the caller
 * has read them already (they are read here otherwise).
 *
 * @throws never on its own; database errors propagate.
 */
export async function sectionStaleness(
  ctx: CommandContext,
  services: StalenessServices,
  document: DocumentRecord,
  sections?: SectionRecord[],
  loaded?: DocumentInputs,
): Promise<Map<string, StaleCause[]>> {
  const inputs = loaded ?? (await loadDocumentInputs(ctx, document));
  const result = new Map<string, StaleCause[]>();
  const derived = (sections ?? inputs.sections).filter((s) => DERIVED.has(s.status));
  if (derived.length === 0) return result;
  const records = await inputs.recentSnapshots();
  const snapshots = records.map((s) => pinnedManifest(s.manifest));
  const latestVariables = snapshots[0]?.renderContext?.variables;
  const outOfDate = await gatheredStaleness(ctx, services, inputs, isRecord(latestVariables) ? latestVariables : {});
  // What each computation reads, parsed in the tenant-code pool (JSONata's parser is super-linear).
  const readsOf: ReadsOf = await computationReadsOf(Object.values(inputs.computations));
  const upstream = throughGathered(outOfDate, inputs.computations, readsOf);
  // What each section's template reads, parsed in the pool too (remembered by text: the same few on every read).
  const templateCheckOf = await storedTemplateChecksOf(derived.map((s) => sectionTemplate(renderSectionOf(s))));
  const current = new Map<PinnedManifest, CurrentRenderContext>();
  const voice = voiceInputOf(await inputs.voice());
  // Every section is checked against the same current context, built for this read and not changed by it.
  const hash = hashOncePerValue();
  for (const section of derived) {
    const manifest = derivingManifest(records, snapshots, section);
    const recorded = manifest?.derivation?.sections?.[section.id];
    if (!manifest || !recorded) continue;
    if (!current.has(manifest)) {
      const pinnedNow = (manifest as { run?: { pinnedNow?: string } }).run?.pinnedNow ?? new Date().toISOString();
      current.set(manifest, await currentRenderContext(inputs, manifest.renderContext ?? {}, pinnedNow));
    }
    const now = current.get(manifest);
    if (!now) continue;
    const definition = renderSectionOf(section);
    const causes: StaleCause[] = differingKeys(recorded.definition, definitionHashes(definition, hash)).map((key) => ({
      cause: 'template',
      path: `definition.${key}`,
    }));
    for (const path of differingKeys(recorded.reads, sectionReads(definition, now.context, now.sources, templateCheckOf, hash))) {
      causes.push({ cause: readCause(path, manifest, manifest).kind, path });
      if (path.startsWith('computed.')) causes.push(...computationInputs(path, inputs.computations, readsOf, manifest.renderContext ?? {}, now.context));
    }
    for (const read of Object.keys(recorded.reads)) causes.push(...(upstream.get(read) ?? []));
    if (definition.renderMode !== 'templated') {
      if (recorded.voiceHash !== null && recorded.voiceHash !== hash(voice)) causes.push({ cause: 'voice', path: 'voice' });
      if (recorded.briefHash !== null && recorded.briefHash !== hash(inputs.config.brief)) causes.push({ cause: 'brief', path: 'brief' });
      if (recorded.modelChoiceHash !== null && recorded.modelChoiceHash !== hash(inputs.config.models)) causes.push({ cause: 'model', path: 'models' });
    }
    result.set(section.id, causes);
  }
  return result;
}
