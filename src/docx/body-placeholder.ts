/**
 * The body of the composed document is written apart (body-writer.ts); docx writes every other
 * part, with a one-paragraph body holding this marker, and the marker paragraph is then
 * replaced by the real body.
 */
export const BODY_PLACEHOLDER = 'QUIRE-BODY-PLACEHOLDER-7f3c';

/**
 * Replaces the paragraph holding BODY_PLACEHOLDER with `body`.
 *
 * @throws Error when the marker paragraph is missing (a bug: the composer always writes it).
 */
export function spliceBody(documentXml: string, body: string): string {
  const at = documentXml.indexOf(BODY_PLACEHOLDER);
  const start = Math.max(documentXml.lastIndexOf('<w:p>', at), documentXml.lastIndexOf('<w:p ', at));
  const end = documentXml.indexOf('</w:p>', at);
  if (at < 0 || start < 0 || end < 0) throw new Error('document.xml has no body placeholder paragraph');
  return documentXml.slice(0, start) + body + documentXml.slice(end + '</w:p>'.length);
}
