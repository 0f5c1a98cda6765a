/**
 * The roles a generated section's text plays, named by the Word built-in style a template gives
 * each (docs/adr/0361-word-template-section-styles.md).
 */

export type StyleRole =
  | 'heading 1'
  | 'heading 2'
  | 'heading 3'
  | 'List Bullet'
  | 'List Number'
  | 'Table Grid'
  | 'footnote text'
  | 'footnote reference'
  | 'Normal'
  | 'endnote text'
  | 'endnote reference'
  | 'Hyperlink';

type StyleType = 'paragraph' | 'character' | 'table';

/** Roles the inspect report lists (what a template author is expected to style). */
export const REPORTED_ROLES: readonly StyleRole[] = [
  'heading 1',
  'heading 2',
  'heading 3',
  'List Bullet',
  'List Number',
  'Table Grid',
  'footnote text',
  'footnote reference',
  'Normal',
];

/** Each role's style type and the id Word gives its built-in style (the fallback's id). */
export const ROLE_DEFINITIONS: Readonly<Record<StyleRole, { type: StyleType; standardId: string }>> = {
  'heading 1': { type: 'paragraph', standardId: 'Heading1' },
  'heading 2': { type: 'paragraph', standardId: 'Heading2' },
  'heading 3': { type: 'paragraph', standardId: 'Heading3' },
  'List Bullet': { type: 'paragraph', standardId: 'ListBullet' },
  'List Number': { type: 'paragraph', standardId: 'ListNumber' },
  'Table Grid': { type: 'table', standardId: 'TableGrid' },
  'footnote text': { type: 'paragraph', standardId: 'FootnoteText' },
  'footnote reference': { type: 'character', standardId: 'FootnoteReference' },
  Normal: { type: 'paragraph', standardId: 'Normal' },
  'endnote text': { type: 'paragraph', standardId: 'EndnoteText' },
  'endnote reference': { type: 'character', standardId: 'EndnoteReference' },
  Hyperlink: { type: 'character', standardId: 'Hyperlink' },
};
