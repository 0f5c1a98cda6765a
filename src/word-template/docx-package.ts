/**
 * A Word package held in memory while its parts are edited: zip path → XML text for `.xml` and
 * `.rels` parts, bytes for anything else (images, fonts). The engine unzips a template into one,
 * section placement edits its parts, and the engine zips it again.
 */
export type DocxPackage = Map<string, string | Uint8Array>;

const CONTENT_TYPES = '[Content_Types].xml';
const REL_TYPE = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** The part's XML text, or null when the package has no such part (or holds it as bytes). */
export function partText(pkg: DocxPackage, path: string): string | null {
  const part = pkg.get(path);
  if (part === undefined) return null;
  return typeof part === 'string' ? part : new TextDecoder().decode(part);
}

/** Escapes text for an XML text node or attribute value. */
export function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** `word/document.xml` → `word/_rels/document.xml.rels`. */
export function relsPathOf(partPath: string): string {
  const slash = partPath.lastIndexOf('/');
  return `${partPath.slice(0, slash + 1)}_rels/${partPath.slice(slash + 1)}.rels`;
}

const EMPTY_RELS =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"></Relationships>';

/**
 * Adds a relationship from `partPath` and returns its id: the next free `rIdN` after the highest
 * one in use, so the same package always gets the same ids. An internal relationship to a target
 * that is already related is reused.
 */
export function addRelationship(pkg: DocxPackage, partPath: string, type: string, target: string, external = false): string {
  const path = relsPathOf(partPath);
  const rels = partText(pkg, path) ?? EMPTY_RELS;
  const fullType = `${REL_TYPE}/${type}`;
  if (!external) {
    for (const match of rels.matchAll(/<Relationship\b[^>]*>/g)) {
      const tag = match[0];
      if (attribute(tag, 'Type') === fullType && attribute(tag, 'Target') === target) return attribute(tag, 'Id') ?? '';
    }
  }
  let highest = 0;
  for (const match of rels.matchAll(/\bId="rId(\d+)"/g)) highest = Math.max(highest, Number(match[1]));
  const id = `rId${highest + 1}`;
  const mode = external ? ' TargetMode="External"' : '';
  const element = `<Relationship Id="${id}" Type="${fullType}" Target="${escapeXml(target)}"${mode}/>`;
  pkg.set(path, insertBeforeClose(rels, 'Relationships', element));
  return id;
}

/** Declares the content type of a new part (an Override in `[Content_Types].xml`), once. */
export function ensureContentType(pkg: DocxPackage, partPath: string, contentType: string): void {
  const types = partText(pkg, CONTENT_TYPES);
  if (types === null) return;
  const partName = `/${partPath}`;
  if (types.includes(`PartName="${partName}"`)) return;
  pkg.set(CONTENT_TYPES, insertBeforeClose(types, 'Types', `<Override PartName="${partName}" ContentType="${contentType}"/>`));
}

/** The value of an attribute in one start tag (`w:val`, `Id`), unescaped only as far as ids need. */
export function attribute(tag: string, name: string): string | null {
  const match = new RegExp(`\\s${name.replace(':', '\\:')}="([^"]*)"`).exec(tag);
  return match ? match[1].replace(/&amp;/g, '&') : null;
}

/** Inserts `element` before the closing tag of the root element `root` (expanding `<root/>`). */
export function insertBeforeClose(xml: string, root: string, element: string): string {
  const close = `</${root}>`;
  const at = xml.lastIndexOf(close);
  if (at >= 0) return xml.slice(0, at) + element + xml.slice(at);
  const selfClosing = new RegExp(`<${root}(\\s[^>]*)?/>`).exec(xml);
  if (!selfClosing) throw new Error(`no <${root}> element`);
  const open = selfClosing[0].replace(/\s*\/>$/, '>');
  return xml.slice(0, selfClosing.index) + open + element + close + xml.slice(selfClosing.index + selfClosing[0].length);
}

/** Adds a namespace declaration to the root element when it lacks the prefix (parts written by other tools may). */
export function ensureNamespace(xml: string, root: string, prefix: string, uri: string): string {
  const start = xml.indexOf(`<${root}`);
  if (start < 0) return xml;
  const end = xml.indexOf('>', start);
  if (xml.slice(start, end).includes(`xmlns:${prefix}=`)) return xml;
  const insertAt = xml[end - 1] === '/' ? end - 1 : end;
  return `${xml.slice(0, insertAt)} xmlns:${prefix}="${uri}"${xml.slice(insertAt)}`;
}

export const W_NS = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
export const R_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
export const WML_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml';

/** Every section's properties (`w:sectPr`) of document.xml, self-closing or not; a new expression per call (it is global). */
export function sectionPropertiesPattern(): RegExp {
  return /<w:sectPr\b[^>]*\/>|<w:sectPr\b[^>]*>[\s\S]*?<\/w:sectPr>/g;
}
