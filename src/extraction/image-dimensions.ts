/**
 * An image's width and height read from its header, before anything decodes a pixel: a 300 KB
 * PNG may declare 40,000 × 40,000 pixels (6.4 GB once decoded), which OCR then chews on for a
 * minute and fails without a word. Reading the header takes microseconds; `dimensionProblem`
 * turns absurd dimensions into a clear refusal (limits in kernel/limits.ts, `IMAGE_LIMITS`).
 *
 * PNG (IHDR), JPEG (the first SOFn), TIFF (the first IFD, both byte orders), GIF, BMP and WebP
 * (VP8, VP8L, VP8X). Anything else, or a header cut short, gives null: no claim either way.
 */
import { IMAGE_LIMITS } from '../kernel/limits.js';

export interface ImageDimensions {
  width: number;
  height: number;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return bytes.length >= prefix.length && prefix.every((b, i) => bytes[i] === b);
}

function ascii(bytes: Uint8Array, offset: number, length: number): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset + offset, Math.max(0, Math.min(length, bytes.length - offset))).toString('latin1');
}

function png(view: DataView): ImageDimensions | null {
  if (view.byteLength < 24) return null;
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

/** Start-of-frame markers (baseline, progressive, lossless, arithmetic); C4, C8 and CC are not frames. */
function isSof(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
}

function jpeg(view: DataView): ImageDimensions | null {
  let offset = 2;
  while (offset + 4 <= view.byteLength) {
    if (view.getUint8(offset) !== 0xff) return null;
    const marker = view.getUint8(offset + 1);
    // Fill bytes and markers without a length.
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd9)) {
      offset += 2;
      continue;
    }
    const length = view.getUint16(offset + 2);
    if (length < 2) return null;
    if (isSof(marker)) {
      if (offset + 9 > view.byteLength) return null;
      return { height: view.getUint16(offset + 5), width: view.getUint16(offset + 7) };
    }
    offset += 2 + length;
  }
  return null;
}

function tiff(view: DataView): ImageDimensions | null {
  if (view.byteLength < 8) return null;
  const little = view.getUint8(0) === 0x49;
  const ifd = view.getUint32(4, little);
  if (ifd + 2 > view.byteLength) return null;
  const count = view.getUint16(ifd, little);
  let width: number | null = null;
  let height: number | null = null;
  for (let i = 0; i < count; i++) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > view.byteLength) break;
    const tag = view.getUint16(entry, little);
    const type = view.getUint16(entry + 2, little);
    // SHORT values sit in the first two bytes of the value field, LONG values fill it.
    const value = type === 3 ? view.getUint16(entry + 8, little) : type === 4 ? view.getUint32(entry + 8, little) : null;
    if (tag === 256) width = value;
    if (tag === 257) height = value;
  }
  return width !== null && height !== null ? { width, height } : null;
}

function webp(view: DataView, bytes: Uint8Array): ImageDimensions | null {
  const chunk = ascii(bytes, 12, 4);
  if (chunk === 'VP8X' && view.byteLength >= 30) {
    const read24 = (o: number) => view.getUint8(o) | (view.getUint8(o + 1) << 8) | (view.getUint8(o + 2) << 16);
    return { width: read24(24) + 1, height: read24(27) + 1 };
  }
  if (chunk === 'VP8L' && view.byteLength >= 25) {
    const bits = view.getUint32(21, true);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8 ' && view.byteLength >= 30) {
    return { width: view.getUint16(26, true) & 0x3fff, height: view.getUint16(28, true) & 0x3fff };
  }
  return null;
}

/** The dimensions an image's header declares, or null when the format is not one of ours or the header is cut short. */
export function readImageDimensions(bytes: Uint8Array): ImageDimensions | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (startsWith(bytes, PNG_SIGNATURE)) return ascii(bytes, 12, 4) === 'IHDR' ? png(view) : null;
  if (startsWith(bytes, [0xff, 0xd8])) return jpeg(view);
  if (startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a])) return tiff(view);
  if (ascii(bytes, 0, 4) === 'GIF8' && bytes.length >= 10) return { width: view.getUint16(6, true), height: view.getUint16(8, true) };
  if (ascii(bytes, 0, 2) === 'BM' && bytes.length >= 26) return { width: Math.abs(view.getInt32(18, true)), height: Math.abs(view.getInt32(22, true)) };
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') return webp(view, bytes);
  return null;
}

/** Why these dimensions are refused (a sentence naming the limit), or null when they are fine (an image without pixels is the decoder's `corrupt`, not a size). */
export function dimensionProblem(dimensions: ImageDimensions): string | null {
  const { width, height } = dimensions;
  if (Math.max(width, height) > IMAGE_LIMITS.maxSidePx) {
    return `the image declares ${width} × ${height} pixels; a side may be at most ${IMAGE_LIMITS.maxSidePx} pixels (limit maxSidePx)`;
  }
  if (width * height > IMAGE_LIMITS.maxPixels) {
    return `the image declares ${width} × ${height} pixels (${Math.round((width * height) / 1e6)} megapixels); at most ${IMAGE_LIMITS.maxPixels / 1e6} megapixels (limit maxPixels)`;
  }
  return null;
}
