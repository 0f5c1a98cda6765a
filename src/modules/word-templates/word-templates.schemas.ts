/** Wire schemas of Word templates: the inspection report and a stored Word template. */
import { Type } from 'typebox';
import { Nullable, Ref, StringEnum } from '../../kernel/schema.js';
import type { WordNameBinding, WordPartArea, WordProblemCode, WordTagForm, WordTagKind } from '../../word-template/word-template-types.js';

const AREAS = ['body', 'header', 'footer', 'footnotes', 'endnotes'] as const satisfies readonly WordPartArea[];
const KINDS = ['print', 'statement', 'section', 'comment'] as const satisfies readonly WordTagKind[];
const FORMS = ['inline', 'paragraph', 'row', 'cell', 'run'] as const satisfies readonly WordTagForm[];
const BINDINGS = [
  'field',
  'computed',
  'gathered',
  'entity',
  'library',
  'section',
  'document',
  'organization',
  'builtin',
  'unknown',
] as const satisfies readonly WordNameBinding[];
const CODES = [
  'not-a-docx',
  'syntax',
  'unknown-name',
  'unknown-section',
  'misplaced-section',
  'macros',
  'external-relationship',
  'too-many-tags',
  'nesting',
] as const satisfies readonly WordProblemCode[];

export const WordTagLocation = Type.Object(
  {
    part: Type.String({ description: 'The part of the package: `word/document.xml`, `word/header1.xml`, …' }),
    area: StringEnum(AREAS),
    paragraph: Type.Integer({ minimum: 1, description: '1-based paragraph number within the part, paragraphs in tables included' }),
    tableCell: Nullable(Type.Object({ table: Type.Integer(), row: Type.Integer(), cell: Type.Integer() }), { description: '1-based, when in a table' }),
    before: Type.String({ description: 'The text before the tag in its paragraph (up to 40 characters)' }),
    after: Type.String({ description: 'The text after the tag in its paragraph (up to 40 characters)' }),
  },
  { $id: 'WordTagLocation' },
);

export const WordTemplateReport = Type.Object(
  {
    valid: Type.Boolean({ description: 'No problem of severity `error`: the file can be stored' }),
    tags: Type.Array(
      Type.Object({
        tag: Type.String({ description: 'The tag as written, after joining the runs Word split it into' }),
        kind: StringEnum(KINDS),
        form: StringEnum(FORMS, { description: '`paragraph`, `row`, `cell`, `run`: the `{%p`, `{%tr`, `{%tc`, `{%r` forms' }),
        names: Type.Array(Type.String()),
        location: Ref(WordTagLocation),
      }),
    ),
    names: Type.Array(Type.Object({ name: Type.String(), bindsTo: StringEnum(BINDINGS), uses: Type.Integer({ minimum: 1 }) }), {
      description: 'Every name the tags read and what it binds to; `unknown` names render empty',
    }),
    sections: Type.Array(Type.String(), { description: 'Section keys the placeholders ask for, in document order' }),
    styles: Type.Object({
      found: Type.Record(Type.String(), Type.String(), { description: 'Role (heading 1, list bullet, …) → the style id used' }),
      missing: Type.Array(Type.String(), { description: 'Roles with no style of the template: a default style is added' }),
    }),
    problems: Type.Array(
      Type.Object({
        code: StringEnum(CODES),
        severity: StringEnum(['error', 'warning'] as const),
        message: Type.String(),
        location: Nullable(Ref(WordTagLocation)),
      }),
    ),
  },
  { $id: 'WordTemplateReport' },
);

export const WordTemplateInfo = Type.Object(
  {
    fileName: Type.String(),
    sizeBytes: Type.Integer({ minimum: 0 }),
    sha256: Type.String(),
    uploadedAt: Type.String({ format: 'date-time' }),
    uploadedBy: Nullable(Type.String()),
    inherited: Type.Boolean({ description: "A document's: true when it is the Word template of the template it was made from" }),
    fileUrl: Type.String({ description: 'Where the .docx is read' }),
    report: Ref(WordTemplateReport),
  },
  { $id: 'WordTemplateInfo' },
);

export const WordTemplateRefused = Type.Object(
  { detail: Type.String(), report: Ref(WordTemplateReport) },
  { $id: 'WordTemplateRefused', description: 'The file has errors: nothing was stored' },
);

export const WORD_TEMPLATE_SCHEMAS = [WordTagLocation, WordTemplateReport, WordTemplateInfo, WordTemplateRefused];
