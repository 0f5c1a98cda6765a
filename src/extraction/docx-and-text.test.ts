import { describe, expect, it } from 'vitest';
import { readDocx } from './docx-blocks.js';
import { runProcessor } from './processor-catalog.js';
import type { DocxBlockAnchor, ExtractedItem, TextSpanAnchor } from './types.js';
import { makeDocx } from './test-support/fixtures.js';

const byKey = (items: ExtractedItem[], key: string): ExtractedItem => {
  const it = items.find((i) => i.key === key);
  if (!it) throw new Error(`no item ${key}; keys: ${items.map((i) => i.key).join(', ')}`);
  return it;
};
const block = (it: ExtractedItem): DocxBlockAnchor => {
  const a = it.provenance.anchors.find((x): x is DocxBlockAnchor => x.kind === 'docx_block');
  if (!a) throw new Error('no docx_block');
  return a;
};
const span = (it: ExtractedItem): TextSpanAnchor => {
  const a = it.provenance.anchors.find((x): x is TextSpanAnchor => x.kind === 'text_span');
  if (!a) throw new Error('no text_span');
  return a;
};

describe('docx', () => {
  it('numbers paragraphs and table cells in document order', async () => {
    const doc = await readDocx(await makeDocx());
    expect(doc.blocks.map((b) => [b.block_index, b.block_type, b.text])).toEqual([
      [0, 'paragraph', 'Supplier Agreement'],
      [1, 'paragraph', 'Vendor: Contoso Ltd'],
      [2, 'paragraph', ''],
      [3, 'paragraph', 'Account manager: Jane Doe'],
      [4, 'table_cell', 'Total'],
      [5, 'table_cell', '$110.00'],
      [6, 'table_cell', 'Due date'],
      [7, 'table_cell', '2026-02-04'],
    ]);
    expect(doc.blocks[7].table).toEqual({ t: 0, r: 1, c: 1 });
  });

  it('prc_docx gives items with exact docx_block anchors and text spans into the mammoth text', async () => {
    const r = await runProcessor('prc_docx', { bytes: await makeDocx(), kind: 'docx', filename: 'a.docx' });
    expect(r.errors).toEqual([]);
    const vendor = byKey(r.items, 'vendor.name');
    expect(vendor.value).toBe('Contoso Ltd');
    expect(block(vendor)).toEqual({ kind: 'docx_block', block_index: 1, block_type: 'paragraph', start: 8, end: 19 });
    expect(r.text.slice(span(vendor).start, span(vendor).end)).toBe('Contoso Ltd');
    expect(byKey(r.items, 'label.account_manager')).toMatchObject({ value: 'Jane Doe', label: 'Account manager' });
    const total = byKey(r.items, 'invoice.total');
    expect(total.value).toEqual({ amount: 110, currency: 'USD' });
    expect(block(total)).toMatchObject({ block_index: 5, block_type: 'table_cell', table: { t: 0, r: 0, c: 1 }, start: 0, end: 7 });
    const due = byKey(r.items, 'invoice.due_date');
    expect(due.value).toBe('2026-02-04');
    expect(block(due).block_index).toBe(7);
    expect(r.pages[0].method).toBe('native');
    expect(r.engine_versions.mammoth).toBe('1.13.0');
  });

  it('prc_generic_fields also reads docx', async () => {
    const r = await runProcessor('prc_generic_fields', { bytes: await makeDocx(), kind: 'docx' });
    expect(byKey(r.items, 'vendor.name').value).toBe('Contoso Ltd');
  });
});

describe('prc_text', () => {
  it('gives UTF-16 text spans (a non-BMP emoji before the value shifts offsets by 2)', async () => {
    const text = 'Invoice notes\n🙂 Total: $110.00\nVendor: Contoso Ltd\nReference:\n  ABC-9\n';
    const r = await runProcessor('prc_text', { bytes: Buffer.from(text, 'utf8'), kind: 'text', filename: 'notes.txt' });
    const total = byKey(r.items, 'invoice.total');
    expect(total.value).toEqual({ amount: 110, currency: 'USD' });
    const s = span(total);
    expect(s).toEqual({ kind: 'text_span', start: 24, end: 31, unit: 'utf16' }); // code points would give 23
    expect(r.text.slice(s.start, s.end)).toBe('$110.00');
    const vendor = byKey(r.items, 'vendor.name');
    expect(r.text.slice(span(vendor).start, span(vendor).end)).toBe('Contoso Ltd');
    // label on one line, value below
    expect(byKey(r.items, 'label.reference').value).toBe('ABC-9');
  });

  it('reads Markdown headings, list items and bold labels', async () => {
    const md = '# Payment terms\n\n- Net 30\n- **Due date:** 2026-02-04\n\n## Contacts\n* Jane 😀 Doe\n';
    const r = await runProcessor('prc_text', { bytes: Buffer.from(md), kind: 'text', filename: 'terms.md' });
    const headings = r.items.filter((i) => i.key === 'markdown.heading');
    expect(headings.map((h) => h.value)).toEqual(['Payment terms', 'Contacts']);
    expect(headings.map((h) => h.occurrence_index)).toEqual([0, 1]);
    const lis = r.items.filter((i) => i.key === 'markdown.list_item');
    expect(lis.map((l) => [l.label, l.value])).toEqual([
      ['Payment terms', 'Net 30'],
      ['Contacts', 'Jane 😀 Doe'],
    ]);
    const jane = lis[1];
    expect(md.slice(span(jane).start, span(jane).end)).toBe('Jane 😀 Doe');
    const due = byKey(r.items, 'invoice.due_date');
    expect(due.value).toBe('2026-02-04');
    expect(md.slice(span(due).start, span(due).end)).toBe('2026-02-04');
  });

  it('reports a blank labelled value', async () => {
    const r = await runProcessor('prc_text', { bytes: Buffer.from('Total:\n\n\n\nSomething else entirely here'), kind: 'text' });
    expect(byKey(r.items, 'invoice.total')).toMatchObject({ value_state: 'blank', value: null, value_text: null });
  });
});
