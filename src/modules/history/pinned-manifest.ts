/**
 * A generation snapshot's manifest as reproduce and diff read it. Manifests are stored as
 * JSON and never migrated, so every key is optional: a snapshot pinned before a key existed
 * (no `modelOutputs`, no `derivation`) still reads, and its readers say what it lacks.
 */
import type { SectionDerivation } from '../../pipeline/section-derivation.js';
import type { FieldDefinitionInput, ModelChoice, VoiceInput } from '../../pipeline/ports.js';
import type { NumberedSource } from '../../pipeline/sources.js';
import type { RenderSection } from '../../pipeline/stages/render.js';

export interface PinnedManifest {
  engineVersion?: string;
  template?: { id?: string | null; specHash?: string };
  fieldValues?: Record<string, string>;
  /** Field labels, types and options (absent in snapshots pinned before issue #15). */
  fieldDefinitions?: FieldDefinitionInput[];
  gathered?: Array<{ outputKey: string; kind: string; payloadHash?: string; source?: { itemIds?: string[] | null } | null }>;
  computed?: Record<string, unknown>;
  synthesizedContext?: Record<string, unknown> | null;
  models?: { perStep?: ModelChoice; sections?: Record<string, string> };
  prompts?: { sections?: Record<string, string> };
  sections?: RenderSection[];
  renderContext?: Record<string, unknown>;
  sources?: NumberedSource[];
  voice?: VoiceInput | null;
  brief?: Record<string, unknown>;
  writeInputs?: Record<string, { models?: ModelChoice }>;
  /** Synthesized section id → the model's answer (absent in snapshots pinned before issue #11). */
  modelOutputs?: Record<string, string>;
  /** Per-section derivation records (absent in snapshots pinned before issue #11). */
  derivation?: { format?: number; sections?: Record<string, SectionDerivation> };
}

export function pinnedManifest(manifest: Record<string, unknown>): PinnedManifest {
  return manifest as PinnedManifest;
}
