/**
 * Writes docx's intermediate "xmlable" objects (`{ 'w:p': [{ _attr: {…} }, child, 'text'] }`,
 * what `XmlComponent.prepForXml` returns) as XML text. docx keeps its own writer private; this is
 * the same algorithm (the `xml` package's, which docx reproduces), without indentation, so a body
 * written here in pieces reads exactly like one docx writes in one go.
 */

type Resolved = { name: string | undefined; attributes: string[]; content: Array<Resolved | string | undefined> };

// Control characters other than tab, newline and carriage return are not allowed in XML 1.0.
const ESCAPES = new Map([
  ['&', '&amp;'],
  ['"', '&quot;'],
  ["'", '&apos;'],
  ['<', '&lt;'],
  ['>', '&gt;'],
]);

function escapeAll(value: string): string {
  return value.replace(/[&"'<>\x00-\x08\x0B\x0C\x0E-\x1F]/g, (char) => ESCAPES.get(char) ?? '');
}

function escapeValue(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  return typeof value === 'string' ? escapeAll(value) : String(value);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function resolve(data: Record<string, unknown>): Resolved {
  const name = Object.keys(data)[0];
  const values = name === undefined ? undefined : data[name];
  const attributes: string[] = [];
  const content: Resolved['content'] = [];
  const addAttributes = (attr: unknown): void => {
    if (!isObject(attr)) return;
    for (const [key, value] of Object.entries(attr)) attributes.push(`${key}="${escapeValue(value) ?? 'undefined'}"`);
  };
  if (isObject(values)) {
    addAttributes(values._attr);
    if (typeof values._cdata === 'string') content.push(`<![CDATA[${values._cdata.replace(/\]\]>/g, ']]]]><![CDATA[>')}]]>`);
    if (Array.isArray(values)) {
      let isStringContent = false;
      content.push('');
      for (const value of values as unknown[]) {
        if (isObject(value)) {
          if (Object.keys(value)[0] === '_attr') addAttributes(value._attr);
          else content.push(resolve(value));
        } else {
          content.pop();
          isStringContent = true;
          content.push(escapeValue(value));
        }
      }
      if (!isStringContent) content.push('');
    }
  } else if (values !== null) {
    content.push(escapeValue(values));
  }
  return { name, attributes, content };
}

/**
 * Appends the element's XML to `out`. The pieces are joined once at the end: `+=` would build a
 * rope of thousands of tiny strings per block that V8 keeps until something flattens it.
 */
function format(element: Resolved | string | undefined, out: string[]): void {
  if (element === undefined) return;
  if (typeof element === 'string') {
    out.push(element);
    return;
  }
  const { name, attributes, content } = element;
  out.push((name ? `<${name}` : '') + (attributes.length > 0 ? ` ${attributes.join(' ')}` : '') + (content.length > 0 ? (name ? '>' : '') : '/>'));
  if (content.length === 0) return;
  for (const child of content) format(child, out);
  if (name) out.push(`</${name}>`);
}

/** One xmlable object (the result of `prepForXml`) → XML, as one flat string. */
export function writeXmlable(xmlable: Record<string, unknown>): string {
  const out: string[] = [];
  format(resolve(xmlable), out);
  return out.join('');
}
