/**
 * The texts a layout places around the body — the document's title, its date, the memo's
 * To/From/Subject, the letter's addressee, closing and signature — from the `render` config's
 * templates over the document's fields (`titleTemplate`, `dateField`, `toTemplate`, …).
 *
 * Without a template a text keeps today's behaviour: the title is the document's, the date its
 * last change. A template that fails, or that reads a field without a value, gives no text
 * rather than a "[[missing: …]]" marker on the first page of a letter: the title falls back to
 * the document's, a memo or letter line is left out.
 */
import type { LayoutBlocks } from '../../../docx/composed-document.js';
import { TenantCodeBudgetError } from '../../../tenant-code/budgets.js';
import { renderTemplates } from '../../../tenant-code/tenant-code-pool.js';
import type { DocumentInputs } from '../../generation/inputs/load-document-inputs.js';

export interface LayoutTexts {
  title: string;
  /** ISO date (YYYY-MM-DD). */
  date: string;
  blocks: LayoutBlocks;
}

/** Render config key → the LayoutBlocks entry it fills. */
const BLOCK_TEMPLATES = {
  toTemplate: 'to',
  fromTemplate: 'from',
  subjectTemplate: 'subject',
  addresseeTemplate: 'addressee',
  signatureTemplate: 'signature',
  closingTemplate: 'closing',
  acceptanceTemplate: 'acceptance',
  partyTemplate: 'party',
} as const satisfies Record<string, keyof LayoutBlocks>;

type TemplateKey = 'titleTemplate' | keyof typeof BLOCK_TEMPLATES;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The document's date: the `dateField`'s value when it holds a date, else the last change (reproducible, unlike today). */
function documentDate(inputs: DocumentInputs): string {
  const fallback = inputs.document.updatedAt.slice(0, 10);
  const field = inputs.config.render.dateField;
  if (typeof field !== 'string') return fallback;
  const value = (inputs.fieldValues[field] ?? '').trim().slice(0, 10);
  return ISO_DATE.test(value) && !Number.isNaN(Date.parse(value)) ? value : fallback;
}

/** What layout templates see: the fields (at the top level and under `fields`), the document and the organization. */
function layoutContext(inputs: DocumentInputs, date: string): Record<string, unknown> {
  const { document, fieldValues: fields } = inputs;
  return {
    ...fields,
    fields,
    document: { id: document.id, title: document.title, description: document.description, state: document.state, date },
    organization: inputs.organization,
    today: date,
  };
}

/**
 * @throws never for a template's own problem (it gives no text); database errors propagate.
 */
export async function layoutTextsOf(inputs: DocumentInputs): Promise<LayoutTexts> {
  const render = inputs.config.render;
  const date = documentDate(inputs);
  const keys = (['titleTemplate', ...Object.keys(BLOCK_TEMPLATES)] as TemplateKey[]).filter(
    (key) => typeof render[key] === 'string' && (render[key] as string).trim() !== '',
  );
  const texts = new Map<TemplateKey, string>();
  if (keys.length > 0) {
    const results = await renderTemplates(
      keys.map((key) => render[key] as string),
      layoutContext(inputs, date),
      (i) => `render.${keys[i]}`,
    ).catch((error: unknown) => {
      if (error instanceof TenantCodeBudgetError) return [];
      throw error;
    });
    results.forEach((result, i) => {
      const output = result.output.trim();
      if (!result.error && result.undefinedVariables.length === 0 && output !== '') texts.set(keys[i], output);
    });
  }
  const blocks: LayoutBlocks = {};
  for (const [key, entry] of Object.entries(BLOCK_TEMPLATES) as Array<[keyof typeof BLOCK_TEMPLATES, keyof LayoutBlocks]>) {
    blocks[entry] = texts.get(key) ?? null;
  }
  // A title is one line: a template's line breaks become spaces.
  const title = texts.get('titleTemplate')?.replace(/\s+/g, ' ') ?? inputs.document.title;
  return { title, date, blocks };
}
