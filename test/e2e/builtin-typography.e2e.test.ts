/**
 * Each built-in template, filled as a user would, generated offline and exported as .docx over
 * real HTTP: the citations read as a person expects (at most one footnote per source in each
 * section, a repeated citation reusing it) and the text has no doubled full stops (issue #15).
 */
import JSZip from 'jszip';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Api, apiFor } from '../support/api.js';
import { DPIA_FIELDS, LETTER_FIELDS, MEMO_FIELDS } from '../support/builtin-fields.js';
import { describeOneDialect } from '../support/dialects.js';
import { createAndGenerate } from '../support/generate-document.js';
import { type TestServer, startTestServer } from '../support/test-server.js';

/** Values that end with a full stop where a template adds its own ("resets." + "."), as users type them. */
const BUILTINS = [
  { slug: 'gdpr-dpia', fields: { ...DPIA_FIELDS, controller_name: 'Acme Health Co.', assessment_date: '2026-11-02' } },
  { slug: 'vendor-security-memo', fields: { ...MEMO_FIELDS, service_description: 'hosted payroll processing, incl. password resets.' } },
  { slug: 'engagement-letter', fields: { ...LETTER_FIELDS, firm_name: 'Northwind & Co.' } },
] as const;

/** The visible text of a run of WordprocessingML (w:t contents, entities decoded). */
function textOf(xml: string): string {
  return [...xml.matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>/g)]
    .map((m) => m[1])
    .join('')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

/** The body split at Heading 1 paragraphs: each chunk is one section's XML. */
function sectionsOf(documentXml: string): Array<{ title: string; xml: string }> {
  const paragraphs = documentXml.match(/<w:p[ >][\s\S]*?<\/w:p>/g) ?? [];
  const sections: Array<{ title: string; xml: string }> = [];
  for (const p of paragraphs) {
    if (/<w:pStyle w:val="Heading1"\/>/.test(p)) sections.push({ title: textOf(p), xml: '' });
    else if (sections.length > 0) sections[sections.length - 1].xml += p;
  }
  return sections;
}

/** Footnote id → the text of its note. */
function footnotesOf(footnotesXml: string): Map<string, string> {
  const notes = new Map<string, string>();
  for (const m of footnotesXml.matchAll(/<w:footnote\b[^>]*w:id="(\d+)"[^>]*>([\s\S]*?)<\/w:footnote>/g)) notes.set(m[1], textOf(m[2]).trim());
  return notes;
}

describeOneDialect('built-in templates read as a person expects', (dialect) => {
  let server: TestServer;
  let api: Api;
  const exported = new Map<string, Buffer>();
  const ids = new Map<string, string>();
  let token = '';

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    api = await apiFor(server);
    token = await server.login();
    for (const { slug, fields } of BUILTINS) {
      const id = await createAndGenerate(server, api, token, slug, fields);
      const response = await server.call('GET', `/v1/documents/${id}/export.docx`, { token, org: 'acme' });
      expect(response.status).toBe(200);
      exported.set(slug, Buffer.from(await response.arrayBuffer()));
      ids.set(slug, id);
    }
  }, 240_000);
  afterAll(async () => server?.close());

  it.each(BUILTINS.map((b) => [b.slug]))('%s: one footnote per source per section, each naming a distinct source', async (slug) => {
    const zip = await JSZip.loadAsync(exported.get(slug) ?? Buffer.alloc(0));
    const documentXml = (await zip.file('word/document.xml')?.async('string')) ?? '';
    const notes = footnotesOf((await zip.file('word/footnotes.xml')?.async('string')) ?? '');
    const sections = sectionsOf(documentXml);
    expect(sections.length).toBeGreaterThan(1);
    let cited = 0;
    for (const section of sections) {
      const ids = [...section.xml.matchAll(/<w:footnoteReference w:id="(\d+)"\/>/g)].map((m) => m[1]);
      const texts = ids.map((id) => notes.get(id));
      expect(
        texts.every((t) => t !== undefined && t !== ''),
        `notes of "${section.title}"`,
      ).toBe(true);
      // Each footnote of a section names another source: the footnote count is the number of distinct sources.
      expect(new Set(texts).size, `footnotes of "${section.title}": ${texts.join(' | ')}`).toBe(ids.length);
      cited += ids.length;
    }
    // Every footnote written is referenced once, in body order 1, 2, 3…
    const all = [...documentXml.matchAll(/<w:footnoteReference w:id="(\d+)"\/>/g)].map((m) => Number(m[1]));
    expect(all).toEqual(all.map((_, i) => i + 1));
    expect(cited).toBe(all.length);
  });

  it.each(BUILTINS.map((b) => [b.slug]))('%s: no doubled full stop anywhere in the text', async (slug) => {
    const zip = await JSZip.loadAsync(exported.get(slug) ?? Buffer.alloc(0));
    const documentXml = (await zip.file('word/document.xml')?.async('string')) ?? '';
    const paragraphs = (documentXml.match(/<w:p[ >][\s\S]*?<\/w:p>/g) ?? []).map(textOf).filter((t) => t.trim() !== '');
    expect(paragraphs.length).toBeGreaterThan(5);
    // "…" is one character; two ASCII full stops in a row are a slip.
    expect(paragraphs.filter((p) => /(?<!\.)\.\.(?!\.)/.test(p))).toEqual([]);
  });

  // A date each template prints from its fields, in the long form.
  const DATE_PHRASES: Record<string, string> = {
    'engagement-letter': 'from 1 December 2026.',
    'vendor-security-memo': 'Last test 1 March 2026',
    'gdpr-dpia': 'Date: 2 November 2026',
  };

  it.each(BUILTINS.map((b) => [b.slug]))('%s: every date reads the same way, in the document language (en-GB)', async (slug) => {
    const zip = await JSZip.loadAsync(exported.get(slug) ?? Buffer.alloc(0));
    const documentXml = (await zip.file('word/document.xml')?.async('string')) ?? '';
    const text = (documentXml.match(/<w:p[ >][\s\S]*?<\/w:p>/g) ?? []).map(textOf).join('\n');
    // The cover's date is long-form; so is every date the template prints: no ISO date, no "01 December".
    expect(text).toMatch(/\b\d{1,2} (January|February|March|April|May|June|July|August|September|October|November|December) \d{4}\b/);
    expect(text.match(/\b\d{4}-\d{2}-\d{2}\b/g) ?? []).toEqual([]);
    expect(text.match(/\b0\d (January|February|March|April|May|June|July|August|September|October|November|December)\b/g) ?? []).toEqual([]);
    expect(text).toContain(DATE_PHRASES[slug]);
  });

  it('gdpr-dpia: the "Signed for …" line is set apart from the paragraph before it', async () => {
    const zip = await JSZip.loadAsync(exported.get('gdpr-dpia') ?? Buffer.alloc(0));
    const paragraphs = ((await zip.file('word/document.xml')?.async('string')) ?? '').match(/<w:p[ >][\s\S]*?<\/w:p>/g) ?? [];
    const signed = paragraphs.filter((p) => textOf(p).startsWith('Signed for Acme Health Co.'));
    expect(signed).toHaveLength(1);
    expect(signed[0]).toContain('<w:pStyle w:val="SignatureLine"/>');
    expect(textOf(signed[0])).toContain('Date: 2 November 2026');
  });

  it('takes render.citationStyle: refuses an unknown style (422, nothing changed), writes "[n]" for brackets', async () => {
    const id = ids.get('vendor-security-memo') ?? '';
    const refused = await api.put(`/v1/documents/${id}/config`, { render: { citationStyle: 'harvard' } });
    expect(refused.status).toBe(422);
    expect(refused.body.detail).toMatch(/citationStyle/);
    expect((await api.get(`/v1/documents/${id}/config`)).body.render.citationStyle).toBe('footnotes');

    const saved = await api.put(`/v1/documents/${id}/config`, { render: { citationStyle: 'brackets' } });
    expect(saved.status).toBe(200);
    expect(saved.body.render.citationStyle).toBe('brackets');
    const response = await server.call('GET', `/v1/documents/${id}/export.docx`, { token, org: 'acme' });
    expect(response.status).toBe(200);
    const zip = await JSZip.loadAsync(Buffer.from(await response.arrayBuffer()));
    const documentXml = (await zip.file('word/document.xml')?.async('string')) ?? '';
    expect(documentXml).not.toContain('<w:footnoteReference');
    // The memo cites the security baseline as [n], and the Sources list names it under the same number.
    const text = textOf(documentXml);
    const cited = /\[(\d+)\]/.exec(text.slice(0, text.lastIndexOf('Sources')));
    expect(cited).not.toBeNull();
    expect(text.slice(text.lastIndexOf('Sources'))).toContain(`[${cited?.[1]}] `);
  });
});
