/**
 * What the issuer memory keeps (issue 32 item 5; ADR 0511): per issuer of an organization, where
 * each reviewed field was on that issuer's page, and the stable values (IBAN, VAT id) the
 * reviewers confirmed. Plain JSON: stored in `issuer_memories`, read by the recall rules.
 */
import type { Box, LearnedFrom, ValueType } from '../types.js';

export type { LearnedFrom };

/** Where one field was: its anchor label, the value relative to it, its region, its format. */
export interface RememberedField {
  key: string;
  label: string;
  value_type: ValueType;
  page: number;
  /** `inline`: the value follows the label in one segment ("Total: 12.00"); `offset`: another segment, at dx/dy from the label. */
  relation: 'inline' | 'offset';
  /** The label's text as printed, and normalised (what is searched). */
  anchor_text: string;
  anchor_norm: string;
  anchor_box: Box;
  /** Value box minus anchor box: left edges, right edges and tops (page fractions). */
  dx: number;
  dx_right: number;
  dy: number;
  /** The value's box on the page where it was learned. */
  region: Box;
  /** The value's shape: letters → A, digits → 9, runs collapsed ("INV-2024-0012" → "A-9-9"). */
  format: string;
  /** Words in the printed value (a text value is read as that many words). */
  tokens?: number;
  /** How the printed date is read (the order that gave the reviewed value). */
  date_order?: 'dmy' | 'mdy';
  learned_from: Omit<LearnedFrom, 'memory_id'>;
}

/** What identifies an issuer on a document. */
export interface IssuerIdentity {
  name: string | null;
  vat_ids: string[];
  ibans: string[];
  /** Normalised texts of the first page's static segments (no digits): the layout fingerprint. */
  fingerprint: string[];
}

/** A stable field value the reviewers confirmed, with the document it was seen on. */
export interface HistoryEntry {
  value: string;
  document_id: string;
  seen_at: string;
}

/** Fields whose value belongs to the issuer, not the document: a new value is flagged for review. */
export const STABLE_FIELDS = ['payment.iban', 'tax.id'] as const;
