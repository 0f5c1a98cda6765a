/**
 * What the detail route reads a document with. The route and its cache live in the base tier
 * (documents/), but the detail's generated sections carry `staleBecause`, which the workflow tier
 * derives (generation/queries/document-staleness.ts): app.ts hands that reader in, so documents/
 * never imports generation/ (docs/adr/0007-layering-and-floor-plan.md).
 */
import type { CommandContext } from '../../context.js';
import type { DocumentDetailPresenter } from '../documents.routes.js';

/**
 * What a document's detail is a function of, for the route's cache: `document` — its own rows
 * alone (no section's output came from a run, so no `staleBecause` is derived); `organization`
 * — also what the organization holds (a run-derived section's staleness reads the library, the
 * voice, tool registrations, assessments…); `clock` — also the time (a snapshot of a run older
 * than pinned clocks: its computed values are recomputed at the current time), never cached.
 */
export type DetailDependence = 'document' | 'organization' | 'clock';

/** The presented detail of a document in scope and what it depends on (migrations 0018 and 0019 count the first two). */
export interface DetailRead {
  detail: Awaited<ReturnType<DocumentDetailPresenter>>;
  dependsOn: DetailDependence;
}

/**
 * Reads `GET /v1/documents/{id}`'s detail.
 *
 * @throws NotFoundError when the document is absent or of another organization.
 */
export type DocumentDetailReader = (ctx: CommandContext, documentId: string) => Promise<DetailRead>;
