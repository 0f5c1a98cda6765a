/**
 * A document in the caller's organization → the composer's input. Everything export shows is
 * read here, so the composer stays a pure function of what this returns.
 */
import { numberSources } from '../../../pipeline/sources.js';
import type { CommandContext } from '../../context.js';
import { resolveConfig } from '../../documents/config/config-groups.js';
import type { DocumentRecord } from '../../documents/document.repository.js';
import { isLifecycleState } from '../../documents/lifecycle.js';
import { requireDocument } from '../../documents/require-document.js';
import type { SectionRecord } from '../../documents/sections/section.repository.js';
import { OUTPUT_TYPES } from '../../documents/sections/section-rules.js';
import type { ComposedDocument, ComposedSource, SectionBlock, SectionOutputType, UnsupportedClaim } from '../../../docx/composed-document.js';
import { renderOptionsFromConfig } from '../render-config.js';
import { libraryBlocksOf } from './library-blocks-of.js';
import { placeLibraryBlocks } from './place-library-blocks.js';
import { unsupportedClaimsOf } from './unsupported-claims-of.js';

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

/**
 * The same ComposedDocument for the same stored content: the title-page date is the document's
 * last change (not today) and every timestamp comes from the rows, so exports are reproducible.
 */
function composedDocument(ctx: CommandContext, document: DocumentRecord, blocks: ComposedDocument['blocks'], sources: ComposedSource[]): ComposedDocument {
  const organizationName = ctx.actor.org.displayName || ctx.actor.org.slug;
  return {
    title: document.title,
    organizationName,
    date: document.updatedAt.slice(0, 10),
    lifecycleState: isLifecycleState(document.state) ? document.state : 'draft',
    description: document.description,
    blocks,
    sources,
    render: renderOptionsFromConfig(resolveConfig(document.config).render),
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
 * Loads a document with its sections (in order), sources (numbered as render and verify number
 * them), unsupported claims and library blocks, as the composer's input.
 *
 * @throws NotFoundError when the document is absent or belongs to another organization.
 */
export async function buildComposedDocument(ctx: CommandContext, documentId: string): Promise<ComposedDocument> {
  const document = await requireDocument(ctx, documentId);
  const orgId = ctx.actor.org.orgId;
  const [sections, gathered, claims] = await Promise.all([
    ctx.repos.sections.listByDocument(orgId, document.id),
    ctx.repos.gathered.latestByDocument(orgId, document.id),
    unsupportedClaimsOf(ctx, document.id),
  ]);
  const sources: ComposedSource[] = numberSources(gathered).map((source) => ({
    n: source.n,
    title: source.title,
    url: source.url,
    // Gathered sources name no file of their own; a file-backed source carries it in its title.
    file: null,
    page: source.page,
  }));
  const library = await libraryBlocksOf(ctx, document, sources.map(({ n, title, url }) => ({ n, title, url: url ?? null })));
  const sectionBlocks = sections.map((section) => sectionBlock(section, claims.get(section.id)));
  return composedDocument(ctx, document, placeLibraryBlocks(sectionBlocks, library), sources);
}
