import { describe, expect, it } from 'vitest';
import { dimensionProblem, readImageDimensions } from './image-dimensions.js';
import { runProcessor } from './processor-catalog.js';
import { makePng } from './test-support/fixtures.js';

/** A PNG header (signature + IHDR) declaring `w × h`, nothing after it. */
function pngHeader(w: number, h: number): Buffer {
  const b = Buffer.alloc(33);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(b, 0);
  b.writeUInt32BE(13, 8);
  b.write('IHDR', 12, 'latin1');
  b.writeUInt32BE(w, 16);
  b.writeUInt32BE(h, 20);
  return b;
}

describe('readImageDimensions', () => {
  it('reads PNG, JPEG, TIFF (both byte orders), GIF, BMP and WebP headers', () => {
    expect(readImageDimensions(makePng(8, 5))).toEqual({ width: 8, height: 5 });
    expect(readImageDimensions(pngHeader(40_000, 40_000))).toEqual({ width: 40_000, height: 40_000 });
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x04, 0x00, 0x00, 0xff, 0xc2, 0x00, 0x0b, 0x08, 0x01, 0x2c, 0x02, 0x58, 0x01, 0x01, 0x11, 0x00]);
    expect(readImageDimensions(jpeg)).toEqual({ width: 600, height: 300 });
    const tiff = (little: boolean) => {
      const b = Buffer.alloc(40);
      b.write(little ? 'II' : 'MM', 0, 'latin1');
      const u16 = (v: number, o: number) => (little ? b.writeUInt16LE(v, o) : b.writeUInt16BE(v, o));
      const u32 = (v: number, o: number) => (little ? b.writeUInt32LE(v, o) : b.writeUInt32BE(v, o));
      u16(42, 2);
      u32(8, 4);
      u16(2, 8);
      u16(256, 10);
      u16(3, 12);
      u32(1, 14);
      u16(1234, 18);
      u16(257, 22);
      u16(4, 24);
      u32(1, 26);
      u32(56_789, 30);
      return b;
    };
    expect(readImageDimensions(tiff(true))).toEqual({ width: 1234, height: 56_789 });
    expect(readImageDimensions(tiff(false))).toEqual({ width: 1234, height: 56_789 });
    const gif = Buffer.alloc(16);
    gif.write('GIF89a', 0, 'latin1');
    gif.writeUInt16LE(320, 6);
    gif.writeUInt16LE(200, 8);
    expect(readImageDimensions(gif)).toEqual({ width: 320, height: 200 });
    const bmp = Buffer.alloc(32);
    bmp.write('BM', 0, 'latin1');
    bmp.writeInt32LE(640, 18);
    bmp.writeInt32LE(-480, 22);
    expect(readImageDimensions(bmp)).toEqual({ width: 640, height: 480 });
    const webp = Buffer.alloc(32);
    webp.write('RIFF', 0, 'latin1');
    webp.write('WEBPVP8X', 8, 'latin1');
    webp.writeUIntLE(1023, 24, 3);
    webp.writeUIntLE(767, 27, 3);
    expect(readImageDimensions(webp)).toEqual({ width: 1024, height: 768 });
  });

  it('claims nothing for other formats or a header cut short', () => {
    expect(readImageDimensions(Buffer.from('%PDF-1.7'))).toBeNull();
    expect(readImageDimensions(pngHeader(1, 1).subarray(0, 20))).toBeNull();
    expect(readImageDimensions(Buffer.from([0xff, 0xd8, 0xff]))).toBeNull();
  });
});

describe('dimensionProblem', () => {
  it('refuses a side over 20,000 px or more than 100 megapixels, naming the limit', () => {
    expect(dimensionProblem({ width: 20_000, height: 5_000 })).toBeNull();
    expect(dimensionProblem({ width: 20_001, height: 1 })).toBe('the image declares 20001 × 1 pixels; a side may be at most 20000 pixels (limit maxSidePx)');
    expect(dimensionProblem({ width: 10_000, height: 10_000 })).toBeNull();
    expect(dimensionProblem({ width: 10_001, height: 10_000 })).toMatch(/at most 100 megapixels \(limit maxPixels\)$/);
  });
});

describe('image extraction', () => {
  it('fails a 40,000 × 40,000 PNG at once with a clear message, before OCR decodes anything', async () => {
    // Only a header: had OCR decoded it, the missing pixel data would have failed it otherwise.
    // How fast the refusal comes is for benches to measure, not for a test to assert.
    const result = await runProcessor('prc_ocr', { bytes: pngHeader(40_000, 40_000), kind: 'image', filename: 'huge.png' });
    expect(result.items).toEqual([]);
    expect(result.errors).toEqual([
      expect.objectContaining({ code: 'image_too_large', category: 'policy', message: expect.stringMatching(/a side may be at most 20000 pixels/) }),
    ]);
  });
});
