/**
 * Who issued a document, from what can be read on it: the VAT ids and IBANs among its items,
 * the letterhead's company name (a line ending in a legal form), and a layout fingerprint (the
 * first page's static texts). Matching prefers the identifiers; the fingerprint only decides
 * when nothing printed contradicts it, since two issuers may share a layout (ADR 0512).
 */
import type { PlacedSegment } from './placed-segments.js';
import type { IssuerIdentity } from './memory-types.js';
import { normalizeAnchor } from './value-shape.js';

/** A value as the identity compares it. */
export interface IdentityValue {
  key: string;
  value: unknown;
}

const compact = (s: string): string => s.replace(/[\s.-]+/g, '').toUpperCase();

/** Company names end in a legal form in every language the gold set and the issue name. */
const LEGAL_FORM =
  /\b(?:GmbH|AG|KG|Ltd\.?|Limited|LLC|Inc\.?|PLC|SARL|SAS|SA|S\.A\.|B\.V\.|BV|N\.V\.|S\.L\.|S\.r\.l\.|SpA|S\.p\.A\.|Sp\. z o\.o\.|Lda\.?|Oy|AB|ApS|A\/S)\s*$/u;

function distinct(values: string[]): string[] {
  return [...new Set(values)].sort();
}

/** The identity of the document whose items (effective values) and page segments are given. */
export function issuerIdentity(values: IdentityValue[], segments: PlacedSegment[]): IssuerIdentity {
  const strings = (key: string): string[] =>
    distinct(values.filter((v) => v.key === key && typeof v.value === 'string' && v.value.trim() !== '').map((v) => compact(v.value as string)));
  const first = segments.filter((s) => s.page === 1).sort((a, b) => a.box.y - b.box.y || a.box.x - b.box.x);
  const letterhead = first.find((s) => LEGAL_FORM.test(s.text.trim()));
  return {
    name: letterhead ? normalizeAnchor(letterhead.text) : null,
    vat_ids: strings('tax.id'),
    ibans: strings('payment.iban'),
    fingerprint: distinct(first.filter((s) => !/\d/.test(s.text) && /\p{L}/u.test(s.text)).map((s) => normalizeAnchor(s.text))),
  };
}

/** How a memory matched a document (what the match is reported as). */
export type MatchedBy = 'vat_id' | 'iban' | 'name' | 'layout';

const overlaps = (a: string[], b: string[]): boolean => a.some((x) => b.includes(x));

/** Share of the smaller fingerprint found in the other (1 when one holds the other). */
export function fingerprintSimilarity(a: string[], b: string[]): number {
  if (a.length === 0 || b.length === 0) return 0;
  const [small, large] = a.length <= b.length ? [a, b] : [b, a];
  const set = new Set(large);
  return small.filter((x) => set.has(x)).length / small.length;
}

/** The layout alone must agree this closely. */
export const LAYOUT_MATCH_MIN = 0.9;

/**
 * Whether `doc` is the issuer `memory` remembers, and by what. A VAT id or a name that differs
 * rules the name and the layout out; an IBAN may change (that is what the history check flags), so a
 * differing IBAN does not.
 */
export function matchIssuer(memory: IssuerIdentity, doc: IssuerIdentity): MatchedBy | null {
  if (overlaps(memory.vat_ids, doc.vat_ids)) return 'vat_id';
  if (overlaps(memory.ibans, doc.ibans)) return 'iban';
  // Two VAT ids that differ are two issuers, whatever their names.
  if (memory.vat_ids.length > 0 && doc.vat_ids.length > 0) return null;
  if (memory.name && doc.name && memory.name === doc.name) return 'name';
  if (memory.name && doc.name) return null;
  return fingerprintSimilarity(memory.fingerprint, doc.fingerprint) >= LAYOUT_MATCH_MIN ? 'layout' : null;
}
