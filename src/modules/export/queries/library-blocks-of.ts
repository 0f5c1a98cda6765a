/**
 * The document's bound snippets as export blocks: each item of each bound snippet, in binding
 * order then item order — a text as a snippet block (its rendered heading, narrative and
 * bullets), a risk block as a risk call-out (heading, rendered template, statutory reference).
 * Bindings name no section, so the blocks follow the last section, before the sources.
 *
 * A finalized document never exports a draft risk block. Finalizing is refused while one is
 * bound, but a risk block is the organization's and can go back to draft afterwards (an edit of
 * its heading or template does that): the export then refuses (422) rather than print the draft
 * or silently leave out a clause of a signed-off record.
 */
import { DomainValidationError } from '../../../kernel/errors.js';
import { TenantCodeBudgetError } from '../../../tenant-code/budgets.js';
import { renderTemplateBounded } from '../../../tenant-code/tenant-code-pool.js';
import type { DocumentRecord } from '../../documents/document.repository.js';
import type { GatheredValueRecord } from '../../documents/data-needs/gathered-value.repository.js';
import type { BoundLibrary } from '../../library/bindings/bound-library.js';
import type { BoundSnippet } from '../../library/bindings/bound-snippets.js';
import { type RiskBlockRecord } from '../../library/risk-blocks/risk-block.repository.js';
import { type RoleValue, renderText } from '../../library/texts/render-text.js';
import { type TextRecord } from '../../library/texts/text.repository.js';
import type { RiskBlock, SnippetBlock } from '../../../docx/composed-document.js';
import type { DocumentInputs } from '../../generation/inputs/load-document-inputs.js';
import type { PlacedLibraryBlock } from './place-library-blocks.js';

/** A binding's role → entity id, each id resolved to the organization's entity (else left as written). */
function resolveRoles(entityBindings: Readonly<Record<string, string>>, entityById: BoundLibrary['entityById']): Record<string, RoleValue> {
  const roles: Record<string, RoleValue> = {};
  for (const [role, id] of Object.entries(entityBindings)) {
    const entity = entityById.get(id);
    roles[role] = entity ? { id: entity.id, name: entity.name, kind: entity.kind, attributes: entity.attributes } : id;
  }
  return roles;
}

async function textBlock(text: TextRecord, context: Record<string, unknown>, entityRoles: Record<string, RoleValue>): Promise<SnippetBlock> {
  const rendered = await renderText(text, context, entityRoles);
  const parts = [rendered.narrative.trim(), ...rendered.bullets.map((bullet) => `- ${bullet}`)].filter((part) => part !== '');
  // A template that fails is shown as failing, not dropped: the reader must see something is missing.
  if (rendered.errors.length > 0) parts.push(`*This text could not be rendered: ${rendered.errors.join('; ')}*`);
  return { kind: 'snippet', heading: rendered.heading?.trim() || null, body: parts.join('\n\n') };
}

async function riskBlock(block: RiskBlockRecord, context: Record<string, unknown>): Promise<RiskBlock> {
  const result = await renderTemplateBounded(block.template, context, `risk block "${block.key}"`).catch((error: unknown) => {
    if (error instanceof TenantCodeBudgetError) return { output: '', error: error.message };
    throw error;
  });
  const body = result.error ? `*This risk block could not be rendered: ${result.error}*` : result.output;
  // Export shows what is bound; a block not yet approved says so in its heading.
  const heading = block.status === 'approved' ? block.heading : `${block.heading} (draft)`;
  return { kind: 'riskBlock', heading, body, statutoryRef: block.statutoryRef };
}

/** A numbered source as library templates see it. */
type ExportSource = { n: number; title: string; url: string | null };

/**
 * The template context library templates see at export: the document's fields (at the top level
 * and under `fields`), its latest gathered values, the document, the organization, the numbered
 * sources and `today` = the document's last change, so an export is reproducible.
 */
function exportTemplateContext(inputs: DocumentInputs, gatheredRows: readonly GatheredValueRecord[], sources: readonly ExportSource[]) {
  const { document, fieldValues: fields } = inputs;
  const gathered = Object.fromEntries(gatheredRows.map((g) => [g.outputKey, g.value]));
  return {
    ...fields,
    ...gathered,
    fields,
    gathered,
    computed: {},
    synthesized: {},
    document: { id: document.id, title: document.title, description: document.description, state: document.state },
    organization: inputs.organization,
    sources,
    today: document.updatedAt.slice(0, 10),
    // The export's dates read as the document's: `date("long")` formats in its render language.
    ...(typeof inputs.config.render.language === 'string' ? { locale: inputs.config.render.language } : {}),
  };
}

function assertNoDraftInFinalized(document: DocumentRecord, bound: readonly BoundSnippet[], blockById: ReadonlyMap<string, RiskBlockRecord>): void {
  if (document.state !== 'finalized') return;
  const drafts = new Set<string>();
  for (const { snippet } of bound) {
    for (const item of snippet.items) {
      const block = item.itemType === 'risk_block' ? blockById.get(item.targetId) : undefined;
      if (block && block.status !== 'approved') drafts.add(`"${block.key}" (in snippet "${snippet.key}")`);
    }
  }
  if (drafts.size === 0) return;
  const [noun, verb] = drafts.size === 1 ? ['risk block', 'is'] : ['risk blocks', 'are'];
  throw new DomainValidationError(
    `document is finalized but its ${noun} ${[...drafts].join(', ')} ${verb} back in draft: approve ${drafts.size === 1 ? 'it' : 'them'} again, or put the document back to draft or under-review, before exporting`,
  );
}

/**
 * The library blocks of a document, from its inputs, its latest gathered rows and its numbered
 * sources. Pure: template errors (budgets included) become visible text.
 *
 * @throws DomainValidationError when the document is finalized and a bound risk block is a
 *   draft.
 */
export async function libraryBlocksOf(
  inputs: DocumentInputs,
  library: BoundLibrary,
  gathered: readonly GatheredValueRecord[],
  sources: readonly ExportSource[],
): Promise<PlacedLibraryBlock[]> {
  if (library.bound.length === 0) return [];
  assertNoDraftInFinalized(inputs.document, library.bound, library.riskBlockById);
  const context = exportTemplateContext(inputs, gathered, sources);
  const placed: Array<Promise<PlacedLibraryBlock>> = [];
  for (const { binding, snippet } of library.bound) {
    for (const item of snippet.items) {
      const text = item.itemType === 'text' ? library.textById.get(item.targetId) : undefined;
      const risk = item.itemType === 'risk_block' ? library.riskBlockById.get(item.targetId) : undefined;
      // Rendered in tenant-code workers (the pool queues them), in document order in the result.
      if (text)
        placed.push(textBlock(text, context, resolveRoles(binding.entityBindings, library.entityById)).then((block) => ({ afterSectionId: null, block })));
      else if (risk) placed.push(riskBlock(risk, context).then((block) => ({ afterSectionId: null, block })));
    }
  }
  return Promise.all(placed);
}
