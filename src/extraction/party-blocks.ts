/**
 * Who issued the document and who it is for (issue 32 item 2, ADR 0501), from the page's layout:
 * a party label ("Bill to", "Rechnungsempfänger", "Facturé à", … — locale data) heads a block
 * whose first line is the name and whose next lines, in the same column, the address; a VAT id
 * in the block is that party's. Without an issuer label, the issuer is the letterhead: the lines
 * at the top of the first page, under or beside the title, until the first label. A VAT id
 * labelled elsewhere on the page (the footer, the meta box) is the issuer's.
 */
import { makeConfidence, makeItem } from './items.js';
import { lookupLabel, normalizeLabel } from './label-value.js';
import type { LayoutDocument, LayoutLine, LayoutSegment } from './layout.js';
import { LOCALES } from './locales/index.js';
import type { Anchor, ExtractedItem, PageRegionAnchor } from './types.js';
import { firstPageLines, titleType } from './document-type.js';
import { parseVatId } from './vat-ids.js';
import { isCountryLine, isPostcodeTownLine } from './address-end.js';

type Party = 'issuer' | 'customer';
const PARTY_LABELS = new Map<string, Party>();
for (const l of LOCALES) for (const party of ['issuer', 'customer'] as const) for (const t of l.party_labels[party]) PARTY_LABELS.set(normalizeLabel(t), party);

/** At most this many lines make a block (name plus address and VAT id). */
const MAX_BLOCK_LINES = 6;
/** Lines of a block are at most this many line heights apart. */
const MAX_LINE_GAP = 1.2;
/** …or their tops at most this many of the page's usual line pitches apart (a blank line between is twice it). */
const MAX_PITCH = 1.5;

/** One line of a block: the part of a segment that belongs to it. */
interface Part {
  segment: LayoutSegment;
  line: LayoutLine;
  start: number;
  end: number;
}

const textOf = (p: Part): string => p.segment.text.slice(p.start, p.end);

function overlaps(a: LayoutSegment, b: LayoutSegment): boolean {
  return Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0) > 0 || Math.abs(a.x0 - b.x0) < 1e-3;
}

/** A segment that is a label (with a colon, or a known field's label): it ends a block. */
function isLabelled(seg: LayoutSegment): boolean {
  const t = seg.text.trim();
  const m = /^([^:：]{1,60}?)\s*[:：]/.exec(t);
  if (m && !/\d/.test(m[1]) && m[1].split(/\s+/).length <= 5) return true;
  return lookupLabel(t) !== null || PARTY_LABELS.has(normalizeLabel(t));
}

/** The party a segment's label names, and where its text after the label starts (its end when the label is alone). */
function partyLabel(seg: LayoutSegment): { party: Party; valueStart: number } | null {
  const t = seg.text;
  const inline = /^([^:：]{1,40}?)\s*[:：]\s*(\S.*)?$/su.exec(t);
  const label = inline ? inline[1] : t;
  const party = PARTY_LABELS.get(normalizeLabel(label));
  if (!party) return null;
  return { party, valueStart: inline?.[2] ? t.length - inline[2].length : t.length };
}

/**
 * The usual distance from one line's top to the next on the page (the median of consecutive
 * lines'), or 0 when there are too few lines to tell. A line's height is its glyphs' (a line
 * without descenders is shorter), so the pitch is the steadier measure of "the next line".
 */
function linePitch(lines: LayoutLine[]): number {
  const pitches: number[] = [];
  for (let i = 1; i < lines.length; i++) {
    const d = lines[i].y - lines[i - 1].y;
    if (lines[i].group === lines[i - 1].group && d > 0) pitches.push(d);
  }
  if (pitches.length < 3) return 0;
  pitches.sort((a, b) => a - b);
  return pitches[Math.floor(pitches.length / 2)];
}

/** True when `next` is printed as the line after `prev`: within the gap of its height, or at the page's usual line pitch. */
function nextLine(prev: LayoutLine, next: LayoutLine, pitch: number): boolean {
  return next.y - (prev.y + prev.h) <= MAX_LINE_GAP * prev.h || next.y - prev.y <= MAX_PITCH * pitch;
}

/** True when the segment left of `seg` is a label alone ("Paragon nr", "NIP"): `seg` is its value, a field row, not a block line. */
function isValueOfLabel(line: LayoutLine, seg: LayoutSegment): boolean {
  const i = line.segments.indexOf(seg);
  const left = i > 0 ? line.segments[i - 1] : null;
  if (!left || !isLabelled(left)) return false;
  return /[:：]\s*$/.test(left.text.trim()) || lookupLabel(left.text.trim()) !== null || PARTY_LABELS.has(normalizeLabel(left.text));
}

/**
 * The lines under `column` (same group, each the next line of the previous), until a labelled
 * segment, a field row, or the end of the address: after the postcode-and-town line only a
 * country line and VAT id lines belong to the block (ADR 0541).
 */
function linesBelow(lines: LayoutLine[], from: number, column: LayoutSegment, allowVatLabel: boolean): Part[] {
  const parts: Part[] = [];
  const pitch = linePitch(lines);
  let prev = lines[from];
  let town = false;
  let country = false;
  let townAgain = false;
  for (let j = from + 1; j < lines.length && parts.length < MAX_BLOCK_LINES; j++) {
    const l = lines[j];
    if (l.group !== prev.group) break;
    if (l.y <= prev.y) continue;
    if (!nextLine(prev, l, pitch)) break;
    const seg = l.segments.find((s) => overlaps(column, s));
    if (!seg) break;
    if (isLabelled(seg) && !(allowVatLabel && vatIn(seg.text))) break;
    if (isValueOfLabel(l, seg)) break;
    if (town) {
      // A street line can look like a postcode line ("1600 Pennsylvania Avenue"): a real one may follow it.
      if (!country && isCountryLine(seg.text)) country = true;
      else if (!country && !townAgain && isPostcodeTownLine(seg.text)) townAgain = true;
      else if (!vatIn(seg.text)) break;
    } else if (isPostcodeTownLine(seg.text)) town = true;
    parts.push({ segment: seg, line: l, start: 0, end: seg.text.length });
    prev = l;
  }
  return parts;
}

/** A VAT id in a line ("VAT: DE123456789", "NIP 123-456-32-18"), or null. */
function vatIn(text: string): { value: string; start: number; end: number } | null {
  const after = /[:：]\s*/.exec(text);
  const tries = after ? [after.index + after[0].length, 0] : [0];
  for (const start of tries) {
    const rest = text.slice(start).trim();
    const value = parseVatId(rest);
    if (value) return { value, start: text.indexOf(rest, start), end: text.indexOf(rest, start) + rest.length };
    // A label without a colon: the id is the last words ("VAT Reg. No. GB 123 4567 89").
    const m = /((?:[A-Z]{2}\s?)?[0-9][0-9A-Z .-]{6,18}[0-9A-Z])\s*$/.exec(rest);
    const v = m ? parseVatId(m[1]) : null;
    if (m && v) {
      const s = text.lastIndexOf(m[1]);
      return { value: v, start: s, end: s + m[1].length };
    }
  }
  return null;
}

/** A party's block: name, address lines, VAT id, with the parts they were read from. */
interface Block {
  party: Party;
  name: Part | null;
  address: Part[];
  vat: { value: string; part: Part } | null;
  /** Every part of the block (to tell which labelled VAT ids lie inside it). */
  parts: Part[];
  confidence: number;
}

function blockOf(party: Party, parts: Part[], confidence: number): Block {
  const b: Block = { party, name: null, address: [], vat: null, parts, confidence };
  for (const p of parts) {
    const v = vatIn(textOf(p));
    if (v && !b.vat) b.vat = { value: v.value, part: { ...p, start: p.start + v.start, end: p.start + v.end } };
    else if (!b.name) b.name = p;
    else if (!v && !/@|https?:|www\./i.test(textOf(p))) b.address.push(p);
  }
  return b;
}

/** Blocks headed by a party label, first of each party. */
function labelledBlocks(lines: LayoutLine[]): Block[] {
  const found = new Map<Party, Block>();
  lines.forEach((line, li) => {
    line.segments.forEach((seg, si) => {
      const hit = partyLabel(seg);
      if (!hit || found.has(hit.party)) return;
      const parts: Part[] = [];
      let column = seg;
      if (hit.valueStart < seg.text.length) parts.push({ segment: seg, line, start: hit.valueStart, end: seg.text.length });
      else {
        const right = line.segments[si + 1];
        if (right && !isLabelled(right)) {
          parts.push({ segment: right, line, start: 0, end: right.text.length });
          column = right;
        }
      }
      parts.push(...linesBelow(lines, li, column, true));
      const texts = parts.filter((p) => textOf(p).trim() !== '');
      if (texts.length > 0) found.set(hit.party, blockOf(hit.party, texts, 0.85));
    });
  });
  return [...found.values()];
}

/** Running text, not a name: more than six words, or a last word in lower case ending a sentence ("sign below."; not "o.o."). */
function isSentence(text: string): boolean {
  const words = text.trim().split(/\s+/);
  const last = words[words.length - 1] ?? '';
  return words.length > 6 || /^\p{Ll}{3,}[.!?]$/u.test(last);
}

/** The letterhead: from the top of the first page, the first unlabelled lines that are not the title. */
function letterhead(lines: LayoutLine[]): Block | null {
  for (let li = 0; li < Math.min(lines.length, 8); li++) {
    const seg = lines[li].segments[0];
    if (!seg || titleType(seg.text) || seg.text.trim() === '') continue;
    if (isLabelled(seg) || partyLabel(seg) || isSentence(seg.text)) return null;
    const parts = [{ segment: seg, line: lines[li], start: 0, end: seg.text.length }, ...linesBelow(lines, li, seg, false)];
    // A title printed under the name (a receipt's "Receipt") is not an address line.
    const kept = parts.filter((p) => !titleType(textOf(p)));
    return blockOf('issuer', kept, 0.75);
  }
  return null;
}

/** One page region per page holding a box per line (so one anchor frames the whole block), then the lines' text spans. */
function partAnchors(parts: Part[]): Anchor[] {
  const regions = new Map<number, PageRegionAnchor>();
  const spans: Anchor[] = [];
  for (const a of parts.flatMap((p) => p.segment.anchors(p.start, p.end))) {
    if (a.kind !== 'page_region') spans.push(a);
    else {
      const r = regions.get(a.page_number);
      if (r) r.boxes.push(...a.boxes);
      else regions.set(a.page_number, { ...a, boxes: [...a.boxes] });
    }
  }
  return [...regions.values(), ...spans];
}

function partItem(doc: LayoutDocument, b: Block, field: 'name' | 'address' | 'vat_id', parts: Part[], value: string): ExtractedItem {
  const source = parts[0].line.text_source ?? doc.text_source;
  const ocrs = source === 'ocr' ? parts.map((p) => p.segment.ocr(p.start, p.end)).filter((n): n is number => n !== null) : [];
  const ocr = ocrs.length > 0 ? ocrs.reduce((a, c) => a + c, 0) / ocrs.length : null;
  const raw = parts.map((p) => p.segment.raw(p.start, p.end).trim()).join('\n');
  const who = b.party === 'issuer' ? 'Issuer' : 'Customer';
  const label = { name: `${who} name`, address: `${who} address`, vat_id: `${who} VAT id` }[field];
  return makeItem({
    key: `${b.party}.${field}`,
    label,
    value_type: field === 'address' ? 'address' : 'string',
    value,
    raw_text: raw,
    quote: raw,
    text_source: source,
    anchors: partAnchors(parts),
    confidence: makeConfidence(source === 'ocr' ? 'ocr_label_proximity_rule' : 'label_proximity_rule', b.confidence, ocr),
  });
}

/** The text span of the first `text_span` anchor of an item. */
function spanOf(anchors: Anchor[]): { start: number; end: number } | null {
  const a = anchors.find((x) => x.kind === 'text_span');
  return a && a.kind === 'text_span' ? { start: a.start, end: a.end } : null;
}

/**
 * Issuer and customer items (`issuer.name`, `issuer.address`, `issuer.vat_id`, `customer.*`) of
 * the first page, and the label rules' items with the customer's labelled VAT id re-keyed to
 * `customer.vat_id` (so `tax.id` is the issuer's). `items` are the label rules' items.
 */
export function partyItems(doc: LayoutDocument, items: ExtractedItem[]): { parties: ExtractedItem[]; items: ExtractedItem[] } {
  const lines = firstPageLines(doc);
  const blocks = labelledBlocks(lines);
  if (!blocks.some((b) => b.party === 'issuer')) {
    const head = letterhead(lines);
    if (head) blocks.unshift(head);
  }
  const parties: ExtractedItem[] = [];
  const customer = blocks.find((b) => b.party === 'customer');
  const customerSpans = (customer?.parts ?? []).map((p) => spanOf(p.segment.anchors(p.start, p.end))).filter((s) => s !== null);
  const inCustomer = (it: ExtractedItem): boolean => {
    const s = spanOf(it.provenance.anchors);
    return s !== null && customerSpans.some((c) => s.start >= c.start && s.end <= c.end);
  };
  const rekeyed = items.map((it) => (it.key === 'tax.id' && inCustomer(it) ? { ...it, key: 'customer.vat_id', label: 'Customer VAT id' } : it));
  for (const b of blocks) {
    if (b.name) parties.push(partItem(doc, b, 'name', [b.name], textOf(b.name).trim()));
    if (b.address.length > 0) parties.push(partItem(doc, b, 'address', b.address, b.address.map((p) => textOf(p).trim()).join(', ')));
    if (b.vat && !(b.party === 'customer' && rekeyed.some((it) => it.key === 'customer.vat_id')))
      parties.push(partItem(doc, b, 'vat_id', [b.vat.part], b.vat.value));
  }
  // The issuer's VAT id is the one labelled outside the customer's block, when its own block has none.
  if (!parties.some((p) => p.key === 'issuer.vat_id')) {
    const taxIds = rekeyed.filter((it) => it.key === 'tax.id' && it.value_state === 'present');
    const best = taxIds.sort((a, b) => (b.confidence.overall ?? 0) - (a.confidence.overall ?? 0))[0];
    if (best) {
      const { alternates: _none, ...copy } = best;
      parties.push({ ...copy, key: 'issuer.vat_id', label: 'Issuer VAT id' });
    }
  }
  return { parties, items: rekeyed };
}

/** The keys the party rule yields, each at most once. */
export const PARTY_KEYS = ['issuer.name', 'issuer.address', 'issuer.vat_id', 'customer.name', 'customer.address', 'customer.vat_id'];
