/**
 * Known labels inside running text: a footer ("IBAN DE89 … · BIC … · USt-IdNr. DE…") or a
 * sentence ("Invoice no. A-17, date 12.03.2024, due 11.04.2024."). The text is cut into
 * chunks at the separators such lines use (·, |, •, ;, a spaced dash, ", " before a word, wide gaps), and a
 * chunk that starts with a known label gives that label and the rest of the chunk as its value.
 */

/** A label and its value found in a text, as UTF-16 ranges of it. */
export interface EmbeddedPair {
  label: string;
  labelStart: number;
  labelEnd: number;
  valueStart: number;
  valueEnd: number;
}

/** A spaced dash counts too: some PDF text layers give `·` back as `-`. */
const SEPARATOR = /\s*[·|•;]\s*|\s[-–—]\s|,\s+(?=\p{L})|\s{3,}/gu;

/** Chunks of `text` between separators, with their start offsets. */
function chunks(text: string): Array<{ start: number; text: string }> {
  const out: Array<{ start: number; text: string }> = [];
  let at = 0;
  for (const m of text.matchAll(SEPARATOR)) {
    out.push({ start: at, text: text.slice(at, m.index) });
    at = (m.index ?? 0) + m[0].length;
  }
  out.push({ start: at, text: text.slice(at) });
  return out;
}

/**
 * Every chunk whose first words (the most that make one, up to six) are a known label and that
 * has more text after them: that text, less a colon and trailing punctuation, is the value.
 */
export function findEmbeddedLabels(text: string, isLabel: (printed: string) => boolean): EmbeddedPair[] {
  const out: EmbeddedPair[] = [];
  for (const c of chunks(text)) {
    const words = [...c.text.matchAll(/\S+/gu)];
    for (let k = Math.min(6, words.length - 1); k >= 1; k--) {
      const last = words[k - 1];
      const end = (last.index ?? 0) + last[0].length;
      if (!isLabel(c.text.slice(0, end))) continue;
      const lead = /^[\s:：]*/u.exec(c.text.slice(end))?.[0].length ?? 0;
      const value = c.text.slice(end + lead).replace(/[\s.,;:]+$/u, '');
      if (value === '') break;
      const start = c.start + end + lead;
      out.push({ label: c.text.slice(0, end), labelStart: c.start, labelEnd: c.start + end, valueStart: start, valueEnd: start + value.length });
      break;
    }
  }
  return out;
}
