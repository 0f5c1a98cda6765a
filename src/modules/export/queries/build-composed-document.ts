/**
 * A document in the caller's organization → the composer's input. Everything export shows
 * comes from the document's inputs (generation/inputs), so the composer stays a pure function
 * of what this returns.
 */
import { numberSources } from '../../../pipeline/sources.js';
import type { CommandContext } from '../../context.js';
import { isLifecycleState } from '../../documents/lifecycle.js';
import { requireDocument } from '../../documents/require-document.js';
import type { SectionRecord } from '../../documents/sections/section.repository.js';
import { OUTPUT_TYPES } from '../../documents/sections/section-rules.js';
import type { ComposedDocument, ComposedSource, Letterhead, SectionBlock, SectionOutputType, UnsupportedClaim } from '../../../docx/composed-document.js';
import type { OrganizationSettingsRecord } from '../../organization/organization-settings.repository.js';
import { loadDocumentInputs, type DocumentInputs } from '../../generation/inputs/load-document-inputs.js';
import { renderOptionsFromConfig } from '../render-config.js';
import { type LayoutTexts, layoutTextsOf } from './layout-texts-of.js';
import { libraryBlocksOf } from './library-blocks-of.js';
import { placeLibraryBlocks } from './place-library-blocks.js';
import { type ReviewComments, reviewNotesBlock } from './review-notes.js';
import { unsupportedClaimsOf } from './unsupported-claims-of.js';
import { decisionsAnnex } from './decisions-annex.js';
import { latestDecisions } from '../../generation/inputs/latest-decisions.js';

function outputTypeOf(section: SectionRecord): SectionOutputType {
  const type = section.outputType;
  return (OUTPUT_TYPES as readonly string[]).includes(type) ? (type as SectionOutputType) : 'string';
}

function sectionBlock(section: SectionRecord, claims: readonly UnsupportedClaim[] | undefined): SectionBlock {
  return {
    kind: 'section',
    id: section.id,
    title: section.title,
    // A section never generated exports as its heading alone: the reader sees what is missing.
    content: section.content ?? '',
    outputType: outputTypeOf(section),
    ...(claims && claims.length > 0 ? { unsupportedClaims: [...claims] } : {}),
  };
}

/** The organization's settings → the letterhead (its display name when no letterhead name is set). */
function letterheadOf(settings: OrganizationSettingsRecord, organizationName: string): Letterhead {
  const addressLines = (settings.letterheadAddress ?? '')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
  const logo = settings.logo
    ? {
        data: Buffer.from(settings.logo.data, 'base64'),
        type: settings.logo.mediaType === 'image/png' ? ('png' as const) : ('jpg' as const),
        widthPx: settings.logo.width,
        heightPx: settings.logo.height,
      }
    : null;
  return { name: settings.letterheadName ?? organizationName, addressLines, logo };
}

interface ComposedParts {
  blocks: ComposedDocument['blocks'];
  sources: ComposedSource[];
  layout: LayoutTexts;
  settings: OrganizationSettingsRecord;
}

/**
 * The same ComposedDocument for the same stored content: the date is the document's own date
 * field or its last change (never today) and every timestamp comes from the rows, so exports
 * are reproducible.
 */
function composedDocument(inputs: DocumentInputs, { blocks, sources, layout, settings }: ComposedParts): ComposedDocument {
  const { document, organization } = inputs;
  const organizationName = organization.name || organization.slug;
  return {
    title: layout.title,
    organizationName,
    date: layout.date,
    letterhead: letterheadOf(settings, organizationName),
    layoutBlocks: layout.blocks,
    lifecycleState: isLifecycleState(document.state) ? document.state : 'draft',
    description: document.description,
    blocks,
    sources,
    render: renderOptionsFromConfig(inputs.config.render, document.config.render ?? {}),
    properties: {
      subject: document.description,
      // The organization, not the person who instantiated it: the file leaves the building, and
      // a member's e-mail address in its metadata would leave with it.
      creator: organizationName,
      created: document.createdAt,
    },
  };
}

/**
 * Loads a document's inputs — sections (in order), gathered rows, bound library, recent
 * generation snapshots — and maps them to the composer's input: sources numbered as render and
 * verify number them, unsupported claims per section (as Word comments; none once finalized),
 * library blocks after the sections.
 *
 * @throws NotFoundError when the document is absent or belongs to another organization.
 */
export async function buildComposedDocument(ctx: CommandContext, documentId: string): Promise<ComposedDocument> {
  return composedDocumentOf(ctx, await loadDocumentInputs(ctx, await requireDocument(ctx, documentId)));
}

/** What an export shows besides the content: the flagged claims (review-notes.ts, default `word`) and a notice at the top. */
export interface ComposeOptions {
  reviewComments?: ReviewComments;
  notice?: string | null;
}

/** The composer's input from a document's loaded inputs (see buildComposedDocument). */
export async function composedDocumentOf(ctx: CommandContext, inputs: DocumentInputs, options: ComposeOptions = {}): Promise<ComposedDocument> {
  const [gathered, library, snapshots, layout, settings] = await Promise.all([
    inputs.gathered(),
    inputs.library(),
    inputs.recentSnapshots(),
    layoutTextsOf(inputs),
    ctx.repos.organizationSettings.find(ctx.actor.org.orgId),
  ]);
  const sources: ComposedSource[] = numberSources(gathered).map((source) => ({
    n: source.n,
    title: source.title,
    url: source.url,
    // Gathered sources name no file of their own; a file-backed source carries it in its title.
    file: null,
    page: source.page,
    locator: source.locator,
  }));
  // A finalized document carries no reviewer comments, whatever the caller asks for.
  const comments: ReviewComments = inputs.document.state === 'finalized' ? 'none' : (options.reviewComments ?? 'word');
  const claims = comments === 'none' ? new Map<string, UnsupportedClaim[]>() : unsupportedClaimsOf(inputs.sections, snapshots);
  const blocks = await libraryBlocksOf(
    inputs,
    library,
    gathered,
    sources.map(({ n, title, url }) => ({ n, title, url: url ?? null })),
  );
  const sectionBlocks = inputs.sections.map((section) => sectionBlock(section, comments === 'word' ? claims.get(section.id) : undefined));
  const reviewNotes = comments === 'annex' ? reviewNotesBlock(inputs.sections, claims) : null;
  // The decisions' annex follows everything else (issue 31): a reader checks the conclusions there.
  const decisions = decisionsAnnex(latestDecisions(snapshots));
  const placed = [...placeLibraryBlocks(sectionBlocks, blocks), ...(reviewNotes ? [reviewNotes] : []), ...(decisions ? [decisions] : [])];
  return { ...composedDocument(inputs, { blocks: placed, sources, layout, settings }), notice: options.notice ?? null };
}
