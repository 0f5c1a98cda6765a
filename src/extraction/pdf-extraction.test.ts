import { describe, expect, it } from 'vitest';
import { extractPdfText } from './pdf-text.js';
import { runProcessor } from './processor-catalog.js';
import type { Anchor, ExtractedItem, PageRegionAnchor } from './types.js';
import { INVOICE_LAYOUT, makeFormPdf, makeInvoicePdf, makeLongPdf } from './test-support/fixtures.js';

const byKey = (items: ExtractedItem[], key: string): ExtractedItem => {
  const it = items.find((i) => i.key === key);
  if (!it) throw new Error(`no item ${key}; keys: ${items.map((i) => i.key).join(', ')}`);
  return it;
};
const region = (it: ExtractedItem): PageRegionAnchor => {
  const a = it.provenance.anchors.find((x: Anchor): x is PageRegionAnchor => x.kind === 'page_region');
  if (!a) throw new Error(`no page_region on ${it.key}`);
  return a;
};

describe('pdf text extraction (worker)', () => {
  it('gives lines, words with normalised top-left boxes and UTF-16 offsets into the full text', async () => {
    const res = await extractPdfText(await makeInvoicePdf());
    expect(res.ok).toBe(true);
    if (!res.ok) return;
    const doc = res.value;
    expect(doc.page_count).toBe(1);
    expect(doc.text_layer).toBe('present');
    const page = doc.pages[0];
    expect(page).toMatchObject({ width: 612, height: 792, unit: 'pt' });
    expect(page.quality).toBeGreaterThan(0.9);
    expect(page.lines.length).toBeGreaterThan(0);
    for (const line of page.lines) {
      expect(doc.text.slice(line.start, line.end)).toBe(line.text);
      expect(line.words.length, line.text).toBeGreaterThan(0);
      for (const w of line.words) {
        expect(doc.text.slice(w.start, w.end)).toBe(w.text);
        for (const v of [w.box.x, w.box.y, w.box.w, w.box.h, w.box.x + w.box.w, w.box.y + w.box.h]) {
          expect(v).toBeGreaterThanOrEqual(0);
          expect(v).toBeLessThanOrEqual(1);
        }
      }
    }
    // The first drawn line (highest on the page) comes first.
    expect(page.lines[0].text).toBe('Vendor: Contoso Ltd');
  });

  it('honours the time budget with a clear timeout error', async () => {
    const bytes = await makeLongPdf(30);
    // Were the budget ignored, all 30 pages would be read and the result would be ok.
    const res = await extractPdfText(bytes, { timeout_ms: 50 });
    expect(res).toMatchObject({ ok: false, error: { code: 'timeout', message: expect.stringMatching(/time budget of 50 ms/) } });
  });

  it('honours the page budget', async () => {
    const res = await extractPdfText(await makeLongPdf(5), { max_pages: 2 });
    expect(res.ok && res.value.pages.length).toBe(2);
    expect(res.ok && res.value.truncated).toBe(true);
  });
});

describe('prc_generic_fields on a text PDF', () => {
  it('extracts label/value pairs with typed values and boxes near where they were drawn', async () => {
    const r = await runProcessor('prc_generic_fields', { bytes: await makeInvoicePdf(), kind: 'pdf', filename: 'invoice.pdf' });
    expect(r.errors).toEqual([]);
    const items = r.items;
    expect(byKey(items, 'vendor.name').value).toBe('Contoso Ltd');
    expect(byKey(items, 'invoice.number').value).toBe('INV-100');
    expect(byKey(items, 'invoice.date').value).toBe('2026-01-05');
    const total = byKey(items, 'invoice.total');
    expect(total.value).toEqual({ amount: 110, currency: 'USD' });
    expect(total.value_text).toBe('110.00 USD');
    expect(total.raw_text).toBe('$110.00');
    expect(total.provenance.quote).toBe('$110.00');
    expect(total.provenance.text_source).toBe('text_layer');
    expect(total.confidence).toMatchObject({ method: 'label_proximity_rule', calibrated: true, ocr: null });
    expect(total.confidence.overall).toBeGreaterThan(0.5);
    expect(total.confidence.overall).toBeLessThan(1);
    const reg = region(total);
    expect(reg).toMatchObject({ page_number: 1, page_size: { width: 612, height: 792, unit: 'pt' }, coord_origin: 'top_left' });
    const box = reg.boxes[0];
    const { page, size, total_value } = INVOICE_LAYOUT;
    expect(box.x).toBeCloseTo(total_value.x / page.width, 2);
    // top of the glyph box ≈ baseline + 0.8 em, measured from the top
    expect(box.y).toBeCloseTo((page.height - total_value.y - 0.8 * size) / page.height, 2);
    expect(box.h).toBeCloseTo(size / page.height, 2);
    for (const v of [box.x, box.y, box.x + box.w, box.y + box.h]) expect(v >= 0 && v <= 1).toBe(true);
    // text_span anchors point at the quote in the run text
    const span = total.provenance.anchors.find((a) => a.kind === 'text_span');
    expect(span && span.kind === 'text_span' && r.text.slice(span.start, span.end)).toBe('$110.00');
    // label above value
    expect(byKey(items, 'customer.name').value).toBe('Fabrikam Inc');
    expect(byKey(items, 'contact.phone').value).toBe('+15550100200');
    expect(byKey(items, 'payment.iban').value).toBe('DE89370400440532013000');
    // entities
    expect(byKey(items, 'entity.email').value).toBe('billing@contoso.test');
    const amounts = items.filter((i) => i.key === 'entity.money').map((i) => i.value_text);
    expect(amounts).toEqual(expect.arrayContaining(['100.00 USD', '10.00 USD', '110.00 USD']));
    expect(items.filter((i) => i.key === 'entity.money').map((i) => i.occurrence_index)).toEqual([0, 1, 2]);
    // per-page report
    expect(r.pages).toEqual([expect.objectContaining({ page_number: 1, method: 'text_layer', grade: 'excellent', ocr_score: null })]);
    expect(r.pages[0].item_count).toBe(items.length);
    // Read by poppler (installed here, as in CI): the versions name the engine that read the file.
    expect(r.engine_versions.poppler).toMatch(/^\d+\.\d+/);
    expect(r.engine_versions['pdfjs-dist']).toBeUndefined();
  });

  it('is deterministic', async () => {
    const bytes = await makeInvoicePdf();
    const a = await runProcessor('prc_generic_fields', { bytes, kind: 'pdf' });
    const b = await runProcessor('prc_generic_fields', { bytes, kind: 'pdf' });
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
  });
});

describe('prc_acroform', () => {
  it('reads exact form values with widget boxes', async () => {
    const r = await runProcessor('prc_acroform', { bytes: await makeFormPdf(), kind: 'pdf' });
    expect(r.errors).toEqual([]);
    const vendor = byKey(r.items, 'form.vendor_name');
    expect(vendor).toMatchObject({ value: 'Contoso Ltd', value_state: 'present', value_type: 'string' });
    expect(vendor.confidence).toEqual({ overall: 1, ocr: null, extraction: 1, level: 'high', method: 'acroform', calibrated: false });
    expect(vendor.provenance.text_source).toBe('acroform');
    const box = region(vendor).boxes[0];
    expect(box.x).toBeCloseTo(72 / 612, 2);
    expect(box.y).toBeCloseTo((792 - 720) / 792, 2);
    expect(box.w).toBeCloseTo(200 / 612, 2);
    expect(byKey(r.items, 'form.total').value).toBe('110.00');
    expect(byKey(r.items, 'form.notes')).toMatchObject({ value_state: 'blank', value: null });
    expect(byKey(r.items, 'form.agree')).toMatchObject({ value_type: 'boolean', value: true });
    expect(byKey(r.items, 'form.country').value).toBe('DE');
    // pdf-lib writes index export values with an /Opt array pdfjs does not expose: '1' is the 2nd option.
    const pay = byKey(r.items, 'form.payment');
    expect(pay.value).toBe('1');
    expect(region(pay).boxes[0].x).toBeCloseTo(340 / 612, 2);
  });

  it('applies a field → key mapping and warns on a PDF without fields', async () => {
    const r = await runProcessor('prc_acroform', { bytes: await makeFormPdf(), kind: 'pdf', options: { mapping: { vendor_name: 'vendor.name' } } });
    expect(byKey(r.items, 'vendor.name').value).toBe('Contoso Ltd');
    const none = await runProcessor('prc_acroform', { bytes: await makeInvoicePdf(), kind: 'pdf' });
    expect(none.items).toEqual([]);
    expect(none.warnings.map((w) => w.code)).toContain('no_form_fields');
  });
});
