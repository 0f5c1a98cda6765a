/**
 * The gold documents: for each one a model (which labels print which values where) and its
 * answers (what an extractor should read: the typed value per field key). The layouts in
 * layouts.ts turn a model into HTML; the generator prints that to PDF.
 */
import { VOCABULARY, LANGS, type Lang, type Vocabulary } from './vocabulary.js';
import { formatMoney, makeDate, makeIban, makePhone, makeVatId, pick, seeded, type Rng } from './values.js';

export type DocType = 'invoice' | 'receipt' | 'statement' | 'form' | 'other';
export type GoldValue = string | { amount: number; currency: string };

/** One printed label and its value; `key` is the field it answers (null: printed, not scored). */
export interface Pair {
  label: string;
  text: string;
  key: string | null;
}

export interface DocModel {
  id: string;
  lang: Lang;
  type: DocType;
  layout: string;
  title: string;
  vendor: string[];
  customer: string[];
  meta: Pair[];
  rows: string[][];
  rowHeader: string[];
  /** The label over the customer's block. */
  billTo: string;
  /** Whether the line-item table is printed without borders (read from word alignment). */
  unruled: boolean;
  /** The tables an extractor should read, cell by cell (header row first). */
  tables: string[][][];
  totals: Pair[];
  contact: Pair[];
  bank: Pair[];
  answers: Record<string, GoldValue>;
}

export const LAYOUTS = [
  'inline',
  'two-column',
  'label-above',
  'meta-box',
  'totals-right',
  'footer-bank',
  'receipt',
  'statement',
  'form',
  'header-row',
  'prose',
] as const;
/** Layouts of the non-invoices after the first 64 documents: a letter and a payment report (type 'other'). */
export const OTHER_LAYOUTS = ['letter', 'payment-report'] as const;
/** How many documents the invoice-like and form/statement layouts take before the non-invoices start. */
export const MAIN_COUNT = 64;
/** Layouts that print the customer's block under its label. */
const CUSTOMER_LAYOUTS = new Set(['inline', 'two-column', 'meta-box']);
/** Layouts whose letterhead prints the issuer's name and address. */
const LETTERHEAD_LAYOUTS = new Set([
  'inline',
  'two-column',
  'label-above',
  'meta-box',
  'totals-right',
  'footer-bank',
  'statement',
  'header-row',
  'prose',
  'letter',
  'payment-report',
]);
/** Layouts whose item table has no borders. */
const UNRULED_LAYOUTS = new Set(['two-column', 'totals-right', 'payment-report']);

const TYPE_OF_LAYOUT: Record<string, DocType> = { receipt: 'receipt', statement: 'statement', form: 'form' };
const VENDORS = ['Nordlicht', 'Atelier Soleil', 'Van Dijk', 'Solana', 'Fiore', 'Wisła', 'Lusitânia', 'Harbour'];
const SUFFIX: Record<Lang, string> = { en: 'Ltd', de: 'GmbH', fr: 'SARL', nl: 'B.V.', es: 'S.L.', it: 'S.r.l.', pl: 'Sp. z o.o.', pt: 'Lda.' };
const TLD: Record<Lang, string> = { en: 'co.uk', de: 'de', fr: 'fr', nl: 'nl', es: 'es', it: 'it', pl: 'pl', pt: 'pt' };

function currencyFor(rng: Rng, lang: Lang, i: number): string {
  if (i % 9 === 4) return 'CHF';
  if (i % 13 === 6) return 'SEK';
  if (lang === 'en') return i % 2 === 0 ? 'INR' : 'GBP';
  return lang === 'pl' ? 'PLN' : 'EUR';
}

/** Line items and the money pairs (subtotal, tax, total) that add up. */
function money(rng: Rng, v: Vocabulary, currency: string, withTax: boolean): { rows: string[][]; totals: Pair[]; answers: Record<string, GoldValue> } {
  const rows: string[][] = [];
  let net = 0;
  const n = 1 + Math.floor(rng() * 3);
  for (let k = 0; k < n; k++) {
    const qty = 1 + Math.floor(rng() * 20);
    const unit = Math.round((5 + rng() * 900) * 100) / 100;
    const amount = Math.round(qty * unit * 100) / 100;
    net += amount;
    rows.push([v.items[k % v.items.length], String(qty), formatMoney(rng, unit, currency, v), formatMoney(rng, amount, currency, v)]);
  }
  net = Math.round(net * 100) / 100;
  const tax = Math.round(net * v.vatRate) / 100;
  const total = withTax ? Math.round((net + tax) * 100) / 100 : net;
  const m = (x: number): GoldValue => ({ amount: x, currency });
  const totals: Pair[] = [];
  const answers: Record<string, GoldValue> = { 'invoice.total': m(total) };
  if (withTax) {
    totals.push({ label: pick(rng, v.subtotal), text: formatMoney(rng, net, currency, v), key: 'invoice.subtotal' });
    totals.push({ label: pick(rng, v.tax), text: formatMoney(rng, tax, currency, v), key: 'invoice.tax' });
    Object.assign(answers, { 'invoice.subtotal': m(net), 'invoice.tax': m(tax) });
  }
  totals.push({ label: pick(rng, v.total), text: formatMoney(rng, total, currency, v), key: 'invoice.total' });
  return { rows, totals, answers };
}

/** The pairs every document type prints, and their answers. */
function identity(rng: Rng, lang: Lang, v: Vocabulary, vendor: string): { contact: Pair[]; bank: Pair[]; answers: Record<string, GoldValue> } {
  const email = `${pick(rng, ['billing', 'info', 'accounts', 'office'])}@${vendor.toLowerCase().replace(/[^a-z]/g, '') || 'firma'}.${TLD[lang]}`;
  const phone = makePhone(rng, lang);
  const iban = makeIban(rng, v.country);
  const vat = makeVatId(rng, lang);
  return {
    contact: [
      { label: pick(rng, v.email), text: email, key: 'contact.email' },
      { label: pick(rng, v.phone), text: phone.text, key: 'contact.phone' },
    ],
    bank: [
      { label: pick(rng, v.iban), text: iban.text, key: 'payment.iban' },
      { label: pick(rng, v.vatId), text: vat.text, key: 'tax.id' },
    ],
    answers: { 'contact.email': email, 'contact.phone': phone.value, 'payment.iban': iban.value, 'tax.id': vat.value },
  };
}

/** Document `i` of the gold set (deterministic in `seed` and `i`). */
export function makeDocModel(seed: number, i: number): DocModel {
  const rng = seeded(seed * 1000 + i);
  const lang = LANGS[i % LANGS.length];
  const layout: string = i >= MAIN_COUNT ? OTHER_LAYOUTS[i % OTHER_LAYOUTS.length] : LAYOUTS[(i + Math.floor(i / LANGS.length)) % LAYOUTS.length];
  const type: DocType = i >= MAIN_COUNT ? 'other' : (TYPE_OF_LAYOUT[layout] ?? 'invoice');
  const v = VOCABULARY[lang];
  const vendorName = `${pick(rng, VENDORS)} ${SUFFIX[lang]}`;
  const id = identity(rng, lang, v, vendorName.split(' ')[0]);
  const issued = makeDate(rng, v);
  const due = makeDate(rng, v, 30, issued.iso);
  const number = `${pick(rng, ['INV', 'RE', 'F', 'FV', 'FT', 'A'])}-${2022 + Math.floor(rng() * 4)}-${String(Math.floor(rng() * 9999)).padStart(4, '0')}`;
  const m = money(rng, v, currencyFor(rng, lang, i), type !== 'receipt');
  const base = { id: `gold-${String(i + 1).padStart(3, '0')}-${lang}-${layout}`, lang, type, layout, vendor: [vendorName, 'Hauptstraße 12', '10115 Berlin'] };
  const customer = ['Fabrikam Europe', 'Rue de la Paix 3', '75002 Paris'];
  const meta: Pair[] = [];
  const answers: Record<string, GoldValue> = {};
  const add = (p: Pair, value: GoldValue): void => {
    meta.push(p);
    if (p.key) answers[p.key] = value;
  };
  if (type === 'invoice' || type === 'receipt')
    add({ label: pick(rng, type === 'receipt' ? v.receiptNumber : v.number), text: number, key: 'invoice.number' }, number);
  add({ label: pick(rng, v.date), text: issued.text, key: 'invoice.date' }, issued.iso);
  if (type === 'invoice') add({ label: pick(rng, v.due), text: due.text, key: 'invoice.due_date' }, due.iso);
  const title =
    type === 'other'
      ? layout === 'letter'
        ? v.letter
        : v.paymentReport
      : { invoice: v.invoice, receipt: v.receipt, statement: v.statement, form: v.form }[type];
  // Who: the letterhead's issuer and the customer under its label, where the layout prints them.
  const [street, city] = [
    `${pick(rng, ['Hauptstraße', 'Harbour Road', 'Rue Royale', 'Via Roma'])} ${1 + Math.floor(rng() * 90)}`,
    pick(rng, ['10115 Berlin', '1000 Bruxelles', '00184 Roma', 'EC1A 1BB London']),
  ];
  base.vendor = [vendorName, street, city];
  const who: Record<string, GoldValue> = {};
  if (LETTERHEAD_LAYOUTS.has(layout) || layout === 'receipt') who['issuer.name'] = vendorName;
  if (LETTERHEAD_LAYOUTS.has(layout)) who['issuer.address'] = `${street}, ${city}`;
  if (CUSTOMER_LAYOUTS.has(layout)) Object.assign(who, { 'customer.name': 'Fabrikam Europe', 'customer.address': 'Rue de la Paix 3, 75002 Paris' });
  const scored = (keys: string[]): Record<string, GoldValue> =>
    Object.fromEntries(Object.entries({ ...answers, ...m.answers, ...id.answers }).filter(([k]) => keys.includes(k)));
  const keys = FIELDS_OF_TYPE[type];
  const drop = (ps: Pair[]): Pair[] => ps.map((p) => (p.key && !keys.includes(p.key) ? { ...p, key: null } : p));
  const rowHeader = v.itemHeaders;
  const printsTable = !['receipt', 'form', 'letter'].includes(layout);
  return {
    ...base,
    title,
    customer,
    meta,
    rows: layout === 'letter' ? [] : m.rows,
    rowHeader,
    billTo: v.billTo,
    unruled: UNRULED_LAYOUTS.has(layout),
    tables: printsTable ? [[rowHeader, ...m.rows]] : [],
    totals: drop(m.totals),
    contact: drop(id.contact),
    bank: drop(id.bank),
    answers: { ...scored(keys), ...who },
  };
}

/** Which fields each document type is scored on. */
export const FIELDS_OF_TYPE: Record<DocType, string[]> = {
  invoice: [
    'invoice.number',
    'invoice.date',
    'invoice.due_date',
    'invoice.subtotal',
    'invoice.tax',
    'invoice.total',
    'tax.id',
    'payment.iban',
    'contact.email',
    'contact.phone',
  ],
  receipt: ['invoice.number', 'invoice.date', 'invoice.total', 'tax.id', 'contact.phone'],
  statement: ['invoice.date', 'payment.iban', 'contact.email', 'contact.phone'],
  form: ['invoice.date', 'contact.email', 'contact.phone'],
  other: ['invoice.date', 'contact.email', 'contact.phone'],
};
