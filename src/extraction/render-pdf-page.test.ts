/** Drawing one PDF page with poppler: the page count and size read, the resolution bounded, bad input reported, never thrown. */
import { describe, expect, it } from 'vitest';
import { boundedDpi, parsePdfInfo, renderPdfPage } from './render-pdf-page.js';
import { makeLongPdf } from './test-support/fixtures.js';

const BOUNDS = { max_side_px: 4000, timeout_ms: 30_000, max_output_bytes: 8 * 1024 * 1024 };

describe('parsePdfInfo', () => {
  it('reads the page count and the size and rotation of the page asked for', () => {
    const text = 'Pages:           3\nEncrypted:       no\nPage    2 size:  595.276 x 841.89 pts (A4)\nPage    2 rot:   90\n';
    expect(parsePdfInfo(text, 2)).toEqual({ pages: 3, width_pt: 595.276, height_pt: 841.89, rotation: 90 });
    // Without a page range pdfinfo reports the first page as `Page size:`.
    expect(parsePdfInfo('Pages:           1\nPage size:       612 x 792 pts (letter)\nPage rot:        0\n', 1)).toEqual({
      pages: 1,
      width_pt: 612,
      height_pt: 792,
      rotation: 0,
    });
    expect(parsePdfInfo('Encrypted: no\n', 1)).toBeNull();
  });
});

describe('boundedDpi', () => {
  it('keeps the asked resolution when the page fits, and lowers it so the longer side stays within the bound', () => {
    expect(boundedDpi(110, 612, 792, 4000)).toBe(110);
    // 14,400 pt = 200 in; 4000 px / 200 in = 20 dpi.
    expect(boundedDpi(300, 14_400, 7_200, 4000)).toBe(20);
    expect(boundedDpi(300, 0, 0, 4000)).toBe(300);
  });
});

describe('renderPdfPage', () => {
  it('draws the page asked for as a PNG of the expected size', async () => {
    const result = await renderPdfPage(await makeLongPdf(2), 2, { dpi: 36, ...BOUNDS });
    expect(result).toMatchObject({ ok: true, value: { width: 306, height: 396, dpi: 36 } });
    const png = result.ok ? result.value.png : Buffer.alloc(0);
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  });

  it('reports a page past the end with the page count, and a file that is not a PDF as a failure', async () => {
    expect(await renderPdfPage(await makeLongPdf(2), 3, { dpi: 36, ...BOUNDS })).toEqual({
      ok: false,
      error: { code: 'page_out_of_range', page_count: 2, message: 'page 3 is out of range: the document has 2 page(s)' },
    });
    const broken = await renderPdfPage(Buffer.from('%PDF-1.7\nnot really a pdf'), 1, { dpi: 36, ...BOUNDS });
    expect(broken.ok).toBe(false);
    expect(broken.ok ? null : broken.error.code).toBe('render_failed');
  });
});
