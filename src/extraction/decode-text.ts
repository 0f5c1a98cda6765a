/**
 * Decoding of text uploads (txt, md, csv). BOM-aware; strict UTF-8 otherwise.
 */

/** Result of decoding: the text (BOM removed) and the encoding that was used. */
export interface DecodedText {
  text: string;
  encoding: 'utf-8' | 'utf-16le' | 'utf-16be';
}

/**
 * Decodes bytes as text. UTF-16 is used only with a BOM; otherwise strict UTF-8.
 * Returns null when the bytes are not valid text in those encodings.
 */
export function decodeText(bytes: Uint8Array): DecodedText | null {
  try {
    if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) {
      return { text: new TextDecoder('utf-16le', { fatal: true }).decode(bytes.subarray(2)), encoding: 'utf-16le' };
    }
    if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) {
      return { text: new TextDecoder('utf-16be', { fatal: true }).decode(bytes.subarray(2)), encoding: 'utf-16be' };
    }
    const hasBom = bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
    // ignoreBOM: true keeps a BOM in the output, so we strip it ourselves for a predictable result.
    const text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(hasBom ? bytes.subarray(3) : bytes);
    return { text, encoding: 'utf-8' };
  } catch {
    return null;
  }
}

/**
 * Decodes a text upload for processing; never throws. Invalid UTF-8 falls back to a lossy decode
 * (U+FFFD), which the text quality score then penalises.
 */
export function decodeTextLossy(bytes: Uint8Array): string {
  const strict = decodeText(bytes);
  if (strict) return strict.text;
  return new TextDecoder('utf-8').decode(bytes);
}
