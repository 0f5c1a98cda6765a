/**
 * The document detail (`GET /v1/documents/{id}`) and the section list (`GET …/sections`) with
 * each run-derived section's `staleBecause` (section-staleness.ts). The base tier presents the
 * rows; this workflow-tier query decorates them, since staleness reads the input assembler.
 */
import type { CommandContext } from '../../context.js';
import type { DocumentDetailRows } from '../../documents/detail/document-detail.repository.js';
import type { DocumentRecord } from '../../documents/document.repository.js';
import type { DetailRead } from '../../documents/detail/document-detail-reader.js';
import { presentDocumentDetail } from '../../documents/queries/get-document.js';
import { requireDocument, requireDocumentDetail } from '../../documents/require-document.js';
import { presentSection } from '../../documents/sections/section.presenter.js';
import { type DocumentInputs, loadDocumentInputs } from '../inputs/load-document-inputs.js';
import { latestDecisions } from '../inputs/latest-decisions.js';
import type { StalenessServices } from './gathered-staleness.js';
import { type StaleCause, hasRunDerivedSections, sectionStaleness } from './section-staleness.js';

/** A presented section with `staleBecause` when its output came from a run that recorded a derivation for it. */
function withStaleness<T extends { id: string }>(section: T, staleness: Map<string, StaleCause[]>): T & { staleBecause?: StaleCause[] } {
  const causes = staleness.get(section.id);
  return causes === undefined ? section : { ...section, staleBecause: causes };
}

/**
 * The document detail of a document already in scope, its sections decorated with
 * `staleBecause`: the one presenter of every response that returns the detail (`GET`, `POST`,
 * `PATCH /v1/documents/{id}`, `PUT …/fields`, `PUT …/state`).
 *
 * @throws never on its own; database errors propagate.
 */
export async function documentDetailWithStaleness(ctx: CommandContext, services: StalenessServices, document: DocumentRecord) {
  return decoratedDetail(ctx, services, document, await ctx.repos.documentDetails.childrenOf(ctx.actor.org.orgId, document.id));
}

/**
 * `GET /v1/documents/{id}` as the route's cache needs it: the detail and what it depends on
 * (documents/detail/document-detail-reader.ts; app.ts hands this reader to the route).
 *
 * @throws NotFoundError when absent or foreign.
 */
export async function readDocumentDetail(ctx: CommandContext, services: StalenessServices, documentId: string): Promise<DetailRead> {
  const { document, ...rows } = await requireDocumentDetail(ctx, documentId);
  const inputs = await loadDocumentInputs(ctx, document, rows);
  const detail = await decoratedDetail(ctx, services, document, rows, inputs);
  if (!hasRunDerivedSections(rows.sections)) return { detail, dependsOn: 'document' };
  // Read already by the staleness check (the loader reads once).
  const snapshots = await inputs.recentSnapshots();
  const pinned = snapshots.every((s) => typeof (s.manifest as { run?: { pinnedNow?: unknown } }).run?.pinnedNow === 'string');
  return { detail, dependsOn: pinned ? 'organization' : 'clock' };
}

/** The staleness check reads the same sections, fields, data needs and gathered rows as the detail: read once, used by both. */
async function decoratedDetail(ctx: CommandContext, services: StalenessServices, document: DocumentRecord, rows: DocumentDetailRows, inputs?: DocumentInputs) {
  const loaded = inputs ?? (await loadDocumentInputs(ctx, document, rows));
  const staleness = await sectionStaleness(ctx, services, document, undefined, loaded);
  const detail = presentDocumentDetail(document, rows);
  const decisions = hasRunDerivedSections(rows.sections) ? latestDecisions(await loaded.recentSnapshots()) : null;
  return { ...detail, sections: detail.sections.map((s) => withStaleness(s, staleness)), ...(decisions ? { decisions } : {}) };
}

/**
 * `GET /sections`: the document's sections in order, decorated with `staleBecause`.
 *
 * @throws NotFoundError when the document is absent or foreign.
 */
export async function listSectionsWithStaleness(ctx: CommandContext, services: StalenessServices, documentId: string) {
  const document = await requireDocument(ctx, documentId);
  const sections = await ctx.repos.sections.listByDocument(ctx.actor.org.orgId, document.id);
  const staleness = await sectionStaleness(ctx, services, document, sections);
  return sections.map((s) => withStaleness(presentSection(s), staleness));
}
