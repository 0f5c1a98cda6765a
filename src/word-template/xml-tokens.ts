/**
 * A WordprocessingML part as a flat list of tokens (markup or character data), with the ranges
 * of the elements the Word-template engine cares about. Tokens are slices of the original text,
 * so a part is written back byte for byte except where the engine replaces a token.
 */

/** Comments, processing instructions, CDATA, any other markup, or text. */
const TOKEN = /<!--[\s\S]*?-->|<\?[\s\S]*?\?>|<!\[CDATA\[[\s\S]*?\]\]>|<[^>]*>|[^<]+/g;

export interface XmlToken {
  text: string;
  /** Element name of a start / end / empty-element tag; '' for text and other markup. */
  name: string;
  type: 'open' | 'close' | 'empty' | 'text' | 'other';
}

function tokenOf(text: string): XmlToken {
  if (text[0] !== '<') return { text, name: '', type: 'text' };
  if (text.startsWith('<!') || text.startsWith('<?')) return { text, name: '', type: 'other' };
  const name = /^<\/?([^\s/>]+)/.exec(text)?.[1] ?? '';
  if (text[1] === '/') return { text, name, type: 'close' };
  return { text, name, type: text.endsWith('/>') ? 'empty' : 'open' };
}

export function tokenizeXml(xml: string): XmlToken[] {
  return Array.from(xml.matchAll(TOKEN), (match) => tokenOf(match[0]));
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Character data as a reader sees it (entities and character references resolved). */
export function decodeXmlText(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9a-fA-F]+|#\d+|\w+);/g, (whole, ref: string) => {
    if (ref[0] !== '#') return NAMED[ref] ?? whole;
    const code = ref[1] === 'x' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
    return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/** Text for character data: `&`, `<`, `>` escaped. */
export function encodeXmlText(text: string): string {
  return text.replace(/[&<>]/g, (char) => (char === '&' ? '&amp;' : char === '<' ? '&lt;' : '&gt;'));
}

/**
 * The end token of every element, by the index of its start token (an empty element ends where it
 * starts). A close tag without a start is ignored; an element left open ends at the last token.
 */
export function elementEnds(tokens: readonly XmlToken[]): Map<number, number> {
  const ends = new Map<number, number>();
  const open: number[] = [];
  tokens.forEach((token, index) => {
    if (token.type === 'open') open.push(index);
    else if (token.type === 'empty') ends.set(index, index);
    else if (token.type === 'close') {
      const start = open.pop();
      if (start !== undefined) ends.set(start, index);
    }
  });
  for (const start of open) ends.set(start, tokens.length - 1);
  return ends;
}
