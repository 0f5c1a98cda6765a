/**
 * The tour of the assessment area: uploads (small text files, which Prism's proxy passes
 * through unchanged), extraction, review (validate, validate-all, corrections), reruns,
 * batches, exporters, the uploaded bytes read back directly, and deletion.
 */
import { issuerInvoicePdf } from '../support/issuer-invoice-pdf.js';
import { checkDownload, checkUpload } from './wire-checks.js';
import { type Section, idOf, settle } from './tour.js';

const INVOICE = Buffer.from('Vendor: Contoso Ltd\nInvoice number: INV-100\nTotal: $110.00\nPhone: +1 555 010 0200\n');
const REQUIREMENTS = JSON.stringify([
  { key: 'vendor.name', label: 'Vendor name' },
  { key: 'tax.id', label: 'Tax ID' },
]);

interface Item {
  id: string;
  key: string;
  version: number;
}

const assessments: Section = async (tour) => {
  const c = tour.client;
  await c.get('/processors');
  await c.get('/processors/prc_generic_fields');
  await c.get('/exporters');
  const created = await c.send('POST', '/assessments', {
    form: { fields: { name: 'Contoso invoices', requirements: REQUIREMENTS }, files: [{ name: 'invoice.txt', bytes: INVOICE, type: 'text/plain' }] },
    expect: 201,
  });
  const assessmentId = idOf(created.body, 'assessment');
  const documentId: string = created.body.documents[0].id;
  const added = await c.send('POST', `/assessments/${assessmentId}/documents`, {
    form: { fields: {}, files: [{ name: 'second.txt', bytes: Buffer.from('Vendor: Fabrikam Inc\nTotal: $20.00\n'), type: 'text/plain' }] },
    expect: 201,
  });
  const loose = await c.send('POST', '/documents', {
    form: { fields: {}, files: [{ name: 'loose.txt', bytes: Buffer.from('Vendor: Northwind\n'), type: 'text/plain' }] },
    expect: 201,
  });
  await settle(tour);
  await c.post('/documents/validate', { filename: 'invoice.pdf', size_bytes: 2048, mime_type: 'application/pdf' });
  await c.get('/assessments');
  await c.get('/assessments?sort=name&q=a&limit=5');
  await c.get(`/assessments/${assessmentId}`);
  await c.get(`/assessments/${assessmentId}/completeness`);
  await c.get(`/assessments/${assessmentId}/document-processing-details`);
  await c.get(`/documents?assessment_id=${assessmentId}`);
  await c.get(`/documents/${documentId}`);
  await checkDownload(tour.wire, `/documents/${documentId}/content`, { status: 200, contentType: 'text/plain', bytes: INVOICE });
  await checkDownload(tour.wire, `/documents/${documentId}/content`, { status: 206, bytes: INVOICE.subarray(0, 10), headers: { range: 'bytes=0-9' } });
  // A text file has no pages to draw (PDF pages are drawn in assessments-page-images.e2e.test.ts)…
  await c.get(`/documents/${documentId}/pages/1/image`, 422);
  // Nor words to pick a value from (a PDF page's words: assessments-page-words.e2e.test.ts).
  await c.get(`/documents/${documentId}/pages/1/words`, 422);

  const items = (await c.get(`/documents/${documentId}/extracted-items`)).body.items as Item[];
  const item = (key: string) => {
    const found = items.find((i) => i.key === key);
    if (!found) throw new Error(`no extracted ${key} in ${items.map((i) => i.key).join(', ')}`);
    return found;
  };
  const vendor = item('vendor.name');
  await c.post(`/documents/${documentId}/extracted-items/${vendor.id}/validate`, {
    decision: 'confirm',
    expected_version: vendor.version,
    note: 'looks right',
  });
  const total = item('invoice.total');
  const correction = await c.post(
    `/extracted-items/${total.id}/corrections`,
    { value: { amount: 108, currency: 'USD' }, reason: 'ocr_error', note: '8 misread as 0' },
    201,
  );
  await c.put(`/extracted-items/${total.id}/corrections/${idOf(correction.body, 'correction')}`, { note: 'checked against the PDF' });
  await c.post(`/documents/${documentId}/extracted-items/validate-all`, { dry_run: true });
  await c.post(`/documents/${documentId}/extracted-items/validate-all`, {});
  await c.post(`/documents/${documentId}/export/json`, {});
  // The rerun goes on in the background while the batch steps run; their settles wait for it.
  await c.post(`/assessments/${assessmentId}/documents/${documentId}/rerun`, { preserve_corrections: true, reason: 'new processor version' });

  const second: string = added.body.documents[0].id;
  // One document keeps the batch to one extraction per run: the tour's time goes to extraction.
  const batch = await c.post('/batches', { name: 'January', document_ids: [second], options: { preserve_corrections: false } }, 201);
  const batchId = idOf(batch.body, 'batch');
  await c.get('/batches');
  await c.post(`/batches/${batchId}/runs`, { scope: 'all' }, 202);
  await settle(tour);
  const rows = (await c.get(`/batch-documents?batch_id=${batchId}`)).body.batch_documents as Array<{ id: string }>;
  await c.put(`/batch-documents/${rows[0].id}`, { included: false });
  await c.post('/batches/process', { batch_ids: [batchId], scope: 'all' }, [200, 202]);
  await settle(tour);
  await c.delete(`/batch-documents/${rows[0].id}`);
  await c.delete(`/documents/${loose.body.documents[0].id}`);
  await c.delete(`/assessments/${assessmentId}`);
};

/**
 * Issuer memory (issue 32 item 5): a field the rules missed is supplied on a PDF invoice (sent
 * straight to the service: Prism re-encodes a binary part as text), the issuer's memory learns
 * it, is read and deleted. No IBAN or VAT id is printed, so each pass's issuer is its own.
 */
const issuerMemories: Section = async (tour) => {
  const c = tour.client;
  const created = await c.send('POST', '/assessments', { form: { fields: { name: 'Issuer memory' }, files: [] }, expect: 201 });
  const assessmentId = idOf(created.body, 'assessment');
  const pdf = await issuerInvoicePdf({ number: 'NL-2024-0011', total: '1.234,56 EUR', iban: '', vat: '', date: '12.03.2024' }, `Tour ${tour.suffix} GmbH`);
  const form = { fields: {}, files: [{ name: 'issuer.pdf', bytes: pdf, type: 'application/pdf' }] };
  const uploaded = (await checkUpload(tour.wire, 'POST', `/assessments/${assessmentId}/documents`, form, { status: 201 })) as {
    documents: Array<{ id: string }>;
  };
  await settle(tour);
  const documentId = uploaded.documents[0].id;
  await c.post(`/documents/${documentId}/extracted-items`, { key: 'invoice.number', value: 'NL-2024-0011', note: 'after "Our reference"' }, 201);
  await c.post(`/documents/${documentId}/extracted-items`, { key: 'invoice.number', value: 'NL-2024-0011' }, 409);
  const memories = (await c.get('/issuer-memories?limit=200')).body.issuer_memories as Array<{
    id: string;
    fields: Array<{ learned_from: { document_id: string } }>;
  }>;
  const memory = memories.find((m) => m.fields.some((f) => f.learned_from.document_id === documentId));
  if (!memory) throw new Error('no issuer memory learned from the supplied field');
  await c.get(`/issuer-memories/${memory.id}`);
  await c.delete(`/issuer-memories/${memory.id}`);
  await c.get(`/issuer-memories/${memory.id}`, 404);
  await c.delete(`/assessments/${assessmentId}`);
};

export const assessmentSections: Record<string, Section> = { assessments, issuerMemories };
