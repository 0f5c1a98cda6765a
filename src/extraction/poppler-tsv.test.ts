/** poppler's `pdftotext -tsv` read page by page as it arrives, in chunks cut anywhere. */
import { describe, expect, it } from 'vitest';
import { PopplerTsvReader, positionedPageOfTsv } from './poppler-tsv.js';

const HEADER = 'level\tpage_num\tpar_num\tblock_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext';
const TSV = [
  HEADER,
  '1\t1\t0\t0\t0\t0\t0.000000\t0.000000\t612.000000\t792.000000\t-1\t###PAGE###',
  '3\t1\t0\t0\t0\t0\t72.000000\t44.820000\t70.600000\t9.250000\t-1\t###FLOW###',
  '4\t1\t0\t0\t0\t0\t72.000000\t44.820000\t70.600000\t9.250000\t-1\t###LINE###',
  '5\t1\t0\t0\t0\t0\t72.00\t44.82\t45.58\t9.25\t100\tStatement',
  '5\t1\t0\t0\t0\t1\t120.36\t44.82\t22.24\t9.25\t100\t0001',
  // A column further right on the same baseline, in a flow of its own: the same line.
  '5\t1\t0\t1\t0\t0\t450.00\t44.82\t30.00\t9.25\t100\t$1.00',
  '5\t1\t0\t2\t0\t0\t72.00\t72.82\t60.00\t9.25\t100\tcafé\u00a0½',
  '1\t2\t0\t0\t0\t0\t456.080000\t654.820000\t400.000000\t600.000000\t-1\t###PAGE###',
  '5\t2\t0\t0\t0\t0\t40.00\t20.00\t20.00\t10.00\t100\tTotal:',
  '',
].join('\n');

describe('PopplerTsvReader', () => {
  it('gives each page when the next begins and the last at the end, whatever the chunks', () => {
    const whole = new PopplerTsvReader();
    const expected = [...whole.push(TSV), ...whole.end()];
    expect(expected.map((p) => [p.page_number, p.width, p.height, p.words.map((w) => w.text)])).toEqual([
      [1, 612, 792, ['Statement', '0001', '$1.00', 'café\u00a0½']],
      [2, 400, 600, ['Total:']],
    ]);
    expect(expected[0].words[0]).toEqual({ text: 'Statement', x0: 72, x1: 72 + 45.58, top: 44.82, bottom: 44.82 + 9.25 });
    for (const size of [1, 7, 64]) {
      const reader = new PopplerTsvReader();
      const pages = [];
      const afterPush: number[] = [];
      for (let i = 0; i < TSV.length; i += size) {
        pages.push(...reader.push(TSV.slice(i, i + size)));
        afterPush.push(pages.length);
      }
      // Page 1 was complete before the output ended (page 2's row had arrived).
      expect(afterPush.at(-1)).toBe(1);
      pages.push(...reader.end());
      expect(pages).toEqual(expected);
    }
  });

  it('makes lines by baseline, words split at spaces inside them, offsets from the page start', () => {
    const reader = new PopplerTsvReader();
    const [first] = [...reader.push(TSV), ...reader.end()];
    const page = positionedPageOfTsv(first, 0, 100);
    expect(page.lines.map((l) => l.text)).toEqual(['Statement 0001 $1.00', 'café ½']);
    expect(page.text).toBe('Statement 0001 $1.00\ncafé ½');
    expect([page.text_start, page.text_end]).toEqual([100, 100 + page.text.length]);
    const [cafe, half] = page.lines[1].words;
    expect([cafe.text, cafe.start, cafe.end, half.text, half.start, half.end]).toEqual(['café', 121, 125, '½', 126, 127]);
    // The no-break space's word shared out by characters: 'café' is 4 of its 6.
    expect(cafe.box.x).toBeCloseTo(72 / 612, 4);
    expect(cafe.box.w).toBeCloseTo(40 / 612, 3);
    expect(page.lines[0].box).toEqual({ x: 0.1176, y: 0.0566, w: 0.6667, h: 0.0117 });
    expect(page.lines[0].height).toBe(9.25);
    expect(page).toMatchObject({ page_number: 1, width: 612, height: 792, unit: 'pt', rotation: 0, char_count: 23, text_layer: 'present' });
  });
});
