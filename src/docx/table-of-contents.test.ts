import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { composeDocx } from './compose-docx.js';
import { sampleDocument } from './test-support/sample-documents.js';

describe('table of contents', () => {
  it('lists every section and the sources, each entry linking to a bookmark on its heading', async () => {
    const doc = sampleDocument({ render: { ...sampleDocument().render, toc: true } });
    const zip = await JSZip.loadAsync(await composeDocx(doc));
    const xml = (await zip.file('word/document.xml')?.async('string')) ?? '';
    const sdt = /<w:sdt>.*?<\/w:sdt>/s.exec(xml)?.[0] ?? '';
    expect(sdt).toMatch(/<w:instrText[^>]*>TOC \\h/);
    const entries = [...sdt.matchAll(/<w:hyperlink\b[^>]*\bw:anchor="([^"]+)"[^>]*>.*?<w:t[^>]*>([^<]*)<\/w:t>/gs)].map((m) => ({
      anchor: m[1],
      title: m[2].replace(/^[\d.]+ /, ''),
    }));
    const titles = doc.blocks.flatMap((b) => (b.kind === 'section' ? [b.title] : []));
    for (const title of [...titles, 'Sources']) expect(entries.map((e) => e.title)).toContain(title);
    const body = xml.slice(xml.indexOf('</w:sdt>'));
    for (const { anchor, title } of entries) {
      // The bookmark sits inside the heading paragraph that carries the entry's text.
      expect(body).toMatch(
        new RegExp(
          `<w:p>(?:(?!</w:p>).)*<w:bookmarkStart w:name="${anchor}" w:id="\\d+"/>(?:(?!</w:p>).)*${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`,
          's',
        ),
      );
    }
  });

  it('is left out when the render options turn it off', async () => {
    const doc = sampleDocument({ render: { ...sampleDocument().render, toc: false } });
    const xml = (await (await JSZip.loadAsync(await composeDocx(doc))).file('word/document.xml')?.async('string')) ?? '';
    expect(xml).not.toContain('<w:sdt>');
    expect(xml).not.toContain('_Toc');
  });

  it('numbers its entries as the headings are numbered, and asks Word to update it on open', async () => {
    const doc = sampleDocument({ render: { ...sampleDocument().render, toc: true, headingNumbering: true } });
    const zip = await JSZip.loadAsync(await composeDocx(doc));
    const xml = (await zip.file('word/document.xml')?.async('string')) ?? '';
    const sdt = /<w:sdt>.*?<\/w:sdt>/s.exec(xml)?.[0] ?? '';
    const titles = [...sdt.matchAll(/<w:hyperlink\b[^>]*>.*?<w:t[^>]*>([^<]*)<\/w:t>/gs)].map((m) => m[1]);
    expect(titles.slice(0, 4)).toEqual(['1. Processing Overview', '1.1 Scope', '1.1.1 Details', '2. Retention Settings']);
    // The Sources list is not a numbered heading.
    expect(titles.at(-1)).toBe('Sources');
    expect(sdt).toContain('<w:fldChar w:fldCharType="begin" w:dirty="true"/>');
    expect(await zip.file('word/settings.xml')?.async('string')).toMatch(/<w:updateFields(?: w:val="(?:true|1|on)")?\/>/);
  });

  it('lists plain titles when the headings are not numbered', async () => {
    const doc = sampleDocument({ render: { ...sampleDocument().render, toc: true, headingNumbering: false } });
    const xml = (await (await JSZip.loadAsync(await composeDocx(doc))).file('word/document.xml')?.async('string')) ?? '';
    const sdt = /<w:sdt>.*?<\/w:sdt>/s.exec(xml)?.[0] ?? '';
    const titles = [...sdt.matchAll(/<w:hyperlink\b[^>]*>.*?<w:t[^>]*>([^<]*)<\/w:t>/gs)].map((m) => m[1]);
    expect(titles.slice(0, 2)).toEqual(['Processing Overview', 'Scope']);
  });
});
