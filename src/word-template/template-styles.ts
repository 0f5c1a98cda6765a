import {
  addRelationship,
  attribute,
  ensureContentType,
  escapeXml,
  insertBeforeClose,
  partText,
  W_NS,
  WML_CONTENT_TYPE,
  type DocxPackage,
} from './docx-package.js';
import { fallbackStyleXml } from './fallback-styles.js';
import { REPORTED_ROLES, ROLE_DEFINITIONS, type StyleRole } from './style-role.js';

export type { StyleRole } from './style-role.js';

/**
 * The template's own styles a generated section is written in, found by their names (Word's
 * built-in names, case-insensitive: LibreOffice writes "heading 1" as Word does, some tools
 * "Heading 1"), and what happens when one is missing: a minimal definition under the standard
 * name and id is added to styles.xml, so the text still reads as a heading, a list or a note and
 * the author can restyle it in Word (docs/adr/0361-word-template-section-styles.md).
 */

export interface TemplateStyle {
  id: string;
  name: string;
  type: string;
  isDefault: boolean;
  /** The style's own XML (`<w:style …>…</w:style>`). */
  xml: string;
}

/** Every `<w:style>` of a styles part, in order. */
export function listStyles(stylesXml: string): TemplateStyle[] {
  const styles: TemplateStyle[] = [];
  for (const match of stylesXml.matchAll(/<w:style\b[^>]*>[\s\S]*?<\/w:style>/g)) {
    const xml = match[0];
    const open = xml.slice(0, xml.indexOf('>') + 1);
    const name = /<w:name\s+w:val="([^"]*)"/.exec(xml)?.[1] ?? '';
    styles.push({
      id: attribute(open, 'w:styleId') ?? '',
      name,
      type: attribute(open, 'w:type') ?? 'paragraph',
      isDefault: /w:default="(1|true)"/.test(open),
      xml,
    });
  }
  return styles;
}

/** The style a role is written in, or null: by name; a table may be any table style; Normal may be the default paragraph style. */
export function findRoleStyle(styles: readonly TemplateStyle[], role: StyleRole): TemplateStyle | null {
  const { type } = ROLE_DEFINITIONS[role];
  const byName = styles.find((s) => s.type === type && s.name.toLowerCase() === role.toLowerCase());
  if (byName) return byName;
  if (role === 'Normal') return styles.find((s) => s.type === 'paragraph' && s.isDefault) ?? null;
  // Any table style the author made, but not the invisible default ("Normal Table").
  if (role === 'Table Grid') return styles.find((s) => s.type === 'table' && !s.isDefault && !/^(normal table|table normal)$/i.test(s.name)) ?? null;
  return null;
}

/**
 * Which of the reported styles the template has (role → styleId) and which are missing (a
 * generated section falls back to a minimal definition of those).
 */
export function readTemplateStyles(stylesXml: string): { found: Record<string, string>; missing: string[] } {
  const styles = listStyles(stylesXml);
  const found: Record<string, string> = {};
  const missing: string[] = [];
  for (const role of REPORTED_ROLES) {
    const style = findRoleStyle(styles, role);
    if (style) found[role] = style.id;
    else missing.push(role);
  }
  return { found, missing };
}

const STYLES_PART = 'word/styles.xml';
const EMPTY_STYLES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:styles xmlns:w="${W_NS}"></w:styles>`;

export interface ResolvedStyles {
  ids: Record<StyleRole, string>;
  /** Roles that were missing and got a fallback definition, in role order. */
  fellBack: StyleRole[];
}

/**
 * The style id of each role the section needs, adding a fallback definition to styles.xml for
 * each missing one (creating styles.xml when the package has none).
 */
export function resolveStyles(pkg: DocxPackage, roles: readonly StyleRole[]): ResolvedStyles {
  let stylesXml = partText(pkg, STYLES_PART);
  if (stylesXml === null) {
    stylesXml = EMPTY_STYLES;
    addRelationship(pkg, 'word/document.xml', 'styles', 'styles.xml');
    ensureContentType(pkg, STYLES_PART, `${WML_CONTENT_TYPE}.styles+xml`);
  }
  const styles = listStyles(stylesXml);
  const ids = {} as Record<StyleRole, string>;
  const fellBack: StyleRole[] = [];
  // Normal first: the fallbacks are based on it.
  const ordered: StyleRole[] = ['Normal', ...roles.filter((r) => r !== 'Normal')];
  for (const role of ordered) {
    const style = findRoleStyle(styles, role);
    if (style) {
      ids[role] = style.id;
      continue;
    }
    const id = freeId(styles, ROLE_DEFINITIONS[role].standardId);
    const xml = fallbackStyleXml(role, escapeXml(id), ids.Normal ?? null);
    stylesXml = insertBeforeClose(stylesXml, 'w:styles', xml);
    styles.push({ id, name: role, type: ROLE_DEFINITIONS[role].type, isDefault: role === 'Normal', xml });
    ids[role] = id;
    fellBack.push(role);
  }
  pkg.set(STYLES_PART, stylesXml);
  return { ids, fellBack };
}

/** The standard id, or the first `QuireN` variant of it no style uses (a tool may have used the id for another name). */
function freeId(styles: readonly TemplateStyle[], standard: string): string {
  const taken = new Set(styles.map((s) => s.id));
  if (!taken.has(standard)) return standard;
  for (let n = 1; ; n++) if (!taken.has(`${standard}Quire${n}`)) return `${standard}Quire${n}`;
}
