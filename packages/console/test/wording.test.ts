/**
 * Words a person understands (issue #33 item 5): completeness says what keeps an assessment from
 * complete instead of "Incomplete — 100%", gaps are named by requirement or file rather than by
 * id, and a failure inside the console never shows the JavaScript engine's own text.
 */
import { QuireApiError } from '@quire/client';
import { describe, expect, it } from 'vitest';
import { CONSOLE_FAILURE, NOT_FOUND, errorText } from '../src/shell/api-errors';
import type { Completeness } from '../src/pages/assessments/assessment-api';
import { completenessSummary, gapLine } from '../src/pages/assessments/completeness-words';

type Requirement = Completeness['requirements'][number];

const requirement = (key: string, label: string, status: Requirement['status']): Requirement => ({
  key,
  label,
  source: 'assessment',
  occurrence: 'required_once',
  status,
  item_ids: [],
  document_ids: [],
  best_confidence: null,
});

const documents = { total: 1, processed: 1, partially_processed: 0, failed: 0, pending: 0, skipped: 0 };
const items = { total: 4, validated: 0, corrected: 0, auto_validated: 4, needs_review: 0, pending: 0, rejected: 0 };

describe('completeness in words', () => {
  it('never says incomplete beside every required item satisfied: it names what is left (items to review)', () => {
    const text = completenessSummary({
      complete: false,
      requirements: [requirement('vendor.iban', 'IBAN', 'satisfied')],
      documents,
      items: { ...items, needs_review: 2 },
    });
    expect(text).toBe('Not complete yet: 2 items waiting for review.');
  });

  it('counts what is missing, documents still being read, and says complete with the count', () => {
    const requirements = [requirement('a', 'A', 'satisfied'), requirement('b', 'B', 'missing')];
    expect(completenessSummary({ complete: false, requirements, documents: { ...documents, total: 2, pending: 1 }, items })).toBe(
      'Not complete yet: 1 document still being read; 1 of 2 required items satisfied.',
    );
    expect(completenessSummary({ complete: true, requirements: [requirements[0]], documents, items })).toBe('Complete: all 1 required item satisfied.');
  });

  it('names a gap by its requirement or its file, never by an id', () => {
    const requirements = [requirement('vendor.iban', 'IBAN', 'missing')];
    const files = new Map([['sdoc_7Hq2', 'invoice.pdf']]);
    expect(gapLine({ requirement_key: 'vendor.iban', reason: 'missing', message: '' }, requirements, files)).toBe('IBAN: not found in the documents');
    expect(gapLine({ document_id: 'sdoc_7Hq2', reason: 'document_failed', message: '' }, requirements, files)).toBe(
      'invoice.pdf: the document could not be read',
    );
    expect(gapLine({ document_id: 'sdoc_gone', reason: 'needs_ocr_retry', message: '' }, requirements, files)).toBe('A document: needs ocr retry');
  });
});

describe('error text', () => {
  it("shows the server's detail and the console's own sentences", () => {
    expect(errorText(new QuireApiError(404, 'document not found'))).toBe(NOT_FOUND);
    expect(errorText(new Error('Paste a token first.'))).toBe('Paste a token first.');
    expect(errorText(new TypeError('Failed to fetch'))).toBe('Could not reach Quire. Check your connection and try again.');
  });

  it("never shows the JavaScript engine's own text or a thrown non-error", () => {
    let engineError: unknown;
    try {
      (undefined as unknown as { title: string }).title.trim();
    } catch (thrown) {
      engineError = thrown;
    }
    expect(String(engineError)).toContain('Cannot read properties of undefined');
    expect(errorText(engineError)).toBe(CONSOLE_FAILURE);
    expect(errorText(new RangeError('Invalid time value'))).toBe(CONSOLE_FAILURE);
    expect(errorText({ some: 'object' })).toBe(CONSOLE_FAILURE);
  });
});
