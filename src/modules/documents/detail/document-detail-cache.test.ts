import { describe, expect, it } from 'vitest';
import { DocumentDetailCache, serializedDetail } from './document-detail-cache.js';

/** A body of exactly `chars` ASCII characters (as many bytes), different for each `n`. */
const body = (n: number, chars = 100) => {
  const head = `{"n":${n},"pad":"`;
  return serializedDetail(`${head}${'x'.repeat(chars - head.length - 2)}"}`);
};

/** Revisions of an entry that depends on the document's rows alone. */
const own = (document: string) => ({ document, organization: null });
/** The revisions a GET reads (the organization's does not matter to `own` entries). */
const at = (document: string, organization = '1') => ({ document, organization });

describe('DocumentDetailCache', () => {
  it('answers an entry only at the revision it was stored with, and drops it at another', () => {
    const cache = new DocumentDetailCache(10_000);
    const detail = body(1);
    cache.set('org_a', 'doc_1', own('7'), detail);
    expect(cache.get('org_a', 'doc_1', at('7'))).toBe(detail);
    expect(cache.get('org_b', 'doc_1', at('7'))).toBeUndefined();
    expect(cache.get('org_a', 'doc_1', at('8'))).toBeUndefined();
    // Dropped, not merely skipped: the old revision no longer answers either.
    expect(cache.get('org_a', 'doc_1', at('7'))).toBeUndefined();
    expect(cache.size).toEqual({ entries: 0, bytes: 0 });
  });

  it('stays within its character budget, dropping the least recently used first', () => {
    const detailBytes = body(0).body.length;
    const cache = new DocumentDetailCache(detailBytes * 10);
    for (let n = 0; n < 10; n += 1) cache.set('org_a', `doc_${n}`, own('1'), body(n));
    expect(cache.size).toEqual({ entries: 10, bytes: detailBytes * 10 });
    // doc_0 read last: doc_1 is now the least recently used.
    expect(cache.get('org_a', 'doc_0', at('1'))).toBeDefined();
    cache.set('org_a', 'doc_10', own('1'), body(10));
    expect(cache.get('org_a', 'doc_1', at('1'))).toBeUndefined();
    expect(cache.get('org_a', 'doc_0', at('1'))).toBeDefined();
    for (let n = 11; n < 1_000; n += 1) {
      cache.set('org_a', `doc_${n}`, own('1'), body(n));
      expect(cache.size.bytes).toBeLessThanOrEqual(detailBytes * 10);
    }
    expect(cache.size.entries).toBe(10);
    expect(cache.get('org_a', 'doc_999', at('1'))).toBeDefined();
    expect(cache.get('org_a', 'doc_0', at('1'))).toBeUndefined();
  });

  it('replaces an entry of the same document without counting it twice, and never stores a body larger than the budget', () => {
    const cache = new DocumentDetailCache(150);
    cache.set('org_a', 'doc_1', own('1'), body(1));
    cache.set('org_a', 'doc_1', own('2'), body(2));
    expect(cache.size).toEqual({ entries: 1, bytes: body(2).body.length });
    cache.set('org_a', 'doc_2', own('1'), body(3, 151));
    expect(cache.get('org_a', 'doc_2', at('1'))).toBeUndefined();
    expect(cache.size.entries).toBe(1);
    const none = new DocumentDetailCache(0);
    none.set('org_a', 'doc_1', own('1'), body(1));
    expect(none.size).toEqual({ entries: 0, bytes: 0 });
  });

  it('tags the same body with the same strong entity tag, another body with another', () => {
    expect(serializedDetail('{"a":1}').etag).toBe(serializedDetail('{"a":1}').etag);
    expect(serializedDetail('{"a":1}').etag).not.toBe(serializedDetail('{"a":2}').etag);
    expect(serializedDetail('{"a":1}').etag).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
  });

  it('keeps the body as the UTF-8 bytes sent, and counts its budget in those bytes', () => {
    // "é" and "—" are one character each but two and three bytes: a budget of characters would
    // keep more than it says, and a string body would be encoded again on every answer.
    const detail = serializedDetail('{"title":"Café — Q3"}');
    expect(Buffer.isBuffer(detail.body)).toBe(true);
    expect(detail.body.toString('utf8')).toBe('{"title":"Café — Q3"}');
    const cache = new DocumentDetailCache(detail.body.length);
    cache.set('org_a', 'doc_1', own('1'), detail);
    expect(cache.size).toEqual({ entries: 1, bytes: 24 });
    expect(cache.get('org_a', 'doc_1', at('1'))).toBe(detail);
  });

  it("answers a generated document's entry only while both the document's and the organization's revisions hold", () => {
    const cache = new DocumentDetailCache(10_000);
    const generated = body(1);
    const plain = body(2);
    cache.set('org_a', 'doc_gen', { document: '5', organization: '40' }, generated);
    cache.set('org_a', 'doc_plain', own('3'), plain);
    expect(cache.get('org_a', 'doc_gen', at('5', '40'))).toBe(generated);
    // A library text changed (organization 41): the generated detail's staleness may differ; the plain one cannot.
    expect(cache.get('org_a', 'doc_plain', at('3', '41'))).toBe(plain);
    expect(cache.get('org_a', 'doc_gen', at('5', '41'))).toBeUndefined();
    expect(cache.get('org_a', 'doc_gen', at('5', '40'))).toBeUndefined();
    expect(cache.size.entries).toBe(1);
  });
});
