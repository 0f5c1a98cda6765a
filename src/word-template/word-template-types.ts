/**
 * The Word-template engine's public shapes (issue 30): what an inspection reports and what a fill
 * receives. A Word template is a customer's .docx with Jinja tags in its text, the docxtpl
 * convention: `{{ … }}`, `{% … %}`, the paragraph, table-row, table-cell and run forms
 * (`{%p … %}`, `{%tr … %}`, `{%tc … %}`, `{%r … %}`), and section placeholders alone on their
 * paragraph: `{{ section("key") }}` (one generated section's content) and `{{ body() }}` (every
 * section in document order, each under its title).
 *
 * Nothing here refers to the database or HTTP. The async entry points that run a template's tags
 * (in the tenant-code pool, under the section templates' budgets) are in
 * `src/tenant-code/word-templates.ts`.
 */
import type { ComposedDocument } from '../docx/index.js';

/** Which part of the package a tag is in. */
export type WordPartArea = 'body' | 'header' | 'footer' | 'footnotes' | 'endnotes';

export interface WordTagLocation {
  /** The zip entry: `word/document.xml`, `word/header1.xml`, … */
  part: string;
  area: WordPartArea;
  /** 1-based paragraph number within the part, counting paragraphs inside tables too. */
  paragraph: number;
  /** When the tag is in a table: 1-based table (within the part), row and cell. */
  tableCell: { table: number; row: number; cell: number } | null;
  /** Up to 40 characters of the paragraph's text before and after the tag, as a reader sees it. */
  before: string;
  after: string;
}

/** `print` {{ }}, `statement` {% %}, `section` a section placeholder, `comment` {# #}. */
export type WordTagKind = 'print' | 'statement' | 'section' | 'comment';
/** `inline` inside the text; `paragraph` / `row` / `cell` / `run` the docxtpl forms that stand for the enclosing element. */
export type WordTagForm = 'inline' | 'paragraph' | 'row' | 'cell' | 'run';

export interface WordTag {
  /** The tag as the author wrote it (after joining the runs Word split it into). */
  tag: string;
  kind: WordTagKind;
  form: WordTagForm;
  /** The top-level names it reads (`client` for `{{ client.name }}`), loop variables excluded. */
  names: string[];
  location: WordTagLocation;
}

/** What a name read by the template binds to in the render context. */
export type WordNameBinding = 'field' | 'computed' | 'gathered' | 'entity' | 'library' | 'section' | 'document' | 'organization' | 'builtin' | 'unknown';

export interface WordNameUse {
  /** The path read, namespace included: `client`, `computed.total`, `document.title`. */
  name: string;
  bindsTo: WordNameBinding;
  /** How many tags read it. */
  uses: number;
}

export type WordProblemCode =
  'not-a-docx' | 'syntax' | 'unknown-name' | 'unknown-section' | 'misplaced-section' | 'macros' | 'external-relationship' | 'too-many-tags' | 'nesting';

export interface WordTemplateProblem {
  code: WordProblemCode;
  /** `error`: the template cannot be stored (422); `warning`: stored, and readiness names it. */
  severity: 'error' | 'warning';
  message: string;
  location: WordTagLocation | null;
}

export interface WordTemplateReport {
  /** No problem of severity `error`. */
  valid: boolean;
  tags: WordTag[];
  names: WordNameUse[];
  /** Section keys the placeholders ask for, in document order (`body()` adds none). */
  sections: string[];
  /** Paragraph / table / footnote styles of the template a generated section is written in, and which fell back. */
  styles: { found: Record<string, string>; missing: string[] };
  problems: WordTemplateProblem[];
}

/** The names a template of this document can bind to, by kind; anything else read is `unknown`. */
export interface WordNameCatalog {
  fields: string[];
  computed: string[];
  gathered: string[];
  entities: string[];
  library: string[];
  sections: string[];
}

/** A generated section as a placeholder receives it. */
export interface WordSectionContent {
  key: string;
  /** The composed blocks of the section: the section itself and any library blocks placed with it. */
  blocks: ComposedDocument['blocks'];
}

export interface WordTemplateFill {
  /** The render context section templates see (pipeline/stages/render.ts buildRenderContext). */
  context: Record<string, unknown>;
  /** Every section in document order. */
  sections: WordSectionContent[];
  /** Sources, lifecycle state (the DRAFT mark), citation style, language and properties. */
  composed: ComposedDocument;
}
