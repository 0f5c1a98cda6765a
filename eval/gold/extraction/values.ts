/**
 * The gold set's values: amounts, dates, IBANs, VAT ids, phone numbers and e-mail addresses,
 * made from a seeded random source so the same seed writes the same documents. IBANs and phone
 * numbers are checked by the same maintained libraries the extractor uses (a gold value that
 * is not valid would score the validator, not the extractor); VAT ids get their check digits
 * by trying each final digit until the country's rule accepts it.
 */
import { composeIBAN, friendlyFormatIBAN, isValidIBAN } from 'ibantools';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { parseVatId } from '../../../src/extraction/vat-ids.js';
import type { Lang, Vocabulary } from './vocabulary.js';

/** mulberry32: a small, fast, seeded generator (uniform in [0, 1)). */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type Rng = () => number;
export const pick = <T>(rng: Rng, xs: readonly T[]): T => xs[Math.floor(rng() * xs.length)];
const digits = (rng: Rng, n: number): string => Array.from({ length: n }, () => String(Math.floor(rng() * 10))).join('');

/** An amount printed the locale's way: groups of three, two decimals. */
export function formatAmount(n: number, f: { group: string; decimal: string }): string {
  const [int, frac] = n.toFixed(2).split('.');
  return `${int.replace(/\B(?=(\d{3})+(?!\d))/g, f.group)}${f.decimal}${frac}`;
}

/** How the document prints money in `currency`, e.g. "1.234,56 €", "£1,234.56", "CHF 1'234.50". */
export function formatMoney(rng: Rng, n: number, currency: string, v: Vocabulary): string {
  if (currency === 'CHF') return `CHF ${formatAmount(n, { group: "'", decimal: '.' })}`;
  if (currency === 'INR') return `${pick(rng, ['₹', 'Rs. ', 'Rs '])}${formatAmount(n, { group: ',', decimal: '.' })}`;
  if (currency === 'GBP') return `£${formatAmount(n, v.amount)}`;
  if (currency === 'SEK') return `${formatAmount(n, { group: '\u00a0', decimal: ',' })} kr`;
  if (currency === 'PLN') return `${formatAmount(n, v.amount)} ${pick(rng, ['zł', 'PLN'])}`;
  return pick(rng, [`${formatAmount(n, v.amount)} €`, `EUR ${formatAmount(n, v.amount)}`]);
}

/** A date between 2022 and 2025: its ISO value and the printed text (long or numeric). */
export function makeDate(rng: Rng, v: Vocabulary, offsetDays = 0, base?: string): { iso: string; text: string } {
  const start = base ? Date.parse(base) : Date.UTC(2022, 0, 1) + Math.floor(rng() * 1400) * 86_400_000;
  const d = new Date(start + offsetDays * 86_400_000);
  const [y, m, day] = [d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate()];
  const text = rng() < 0.5 ? v.longDate(day, v.months[m - 1], y) : v.numericDate(day, m, y);
  return { iso: d.toISOString().slice(0, 10), text };
}

/** BBAN shapes (IBAN registry) from which random accounts are drawn; check digits are then searched. */
const BBAN: Record<string, (rng: Rng) => string> = {
  GB: (r) => 'NWBK' + digits(r, 14),
  DE: (r) => digits(r, 18),
  FR: (r) => digits(r, 23),
  NL: (r) => pick(r, ['ABNA', 'INGB', 'RABO']) + digits(r, 10),
  ES: (r) => digits(r, 20),
  IT: (r) => 'X' + digits(r, 22),
  PL: (r) => digits(r, 24),
  PT: (r) => digits(r, 21),
};

/** A valid IBAN of `country`: IBAN and national check digits both verify (ibantools). */
export function makeIban(rng: Rng, country: string): { value: string; text: string } {
  for (let i = 0; i < 100_000; i++) {
    const iban = composeIBAN({ countryCode: country, bban: BBAN[country](rng) });
    // composeIBAN sets the IBAN check digits only; the national check digits (FR, ES, PL, PT …) are searched.
    if (iban && isValidIBAN(iban)) return { value: iban, text: friendlyFormatIBAN(iban) ?? iban };
  }
  throw new Error(`no IBAN for ${country}`);
}

/** VAT id shapes per country as printed (prefix included where the country prints it). */
const VAT_SHAPE: Record<Lang, (rng: Rng) => { body: string; show: (id: string) => string }> = {
  en: (r) => ({ body: 'GB' + digits(r, 8), show: (id) => `GB ${id.slice(2, 5)} ${id.slice(5, 9)} ${id.slice(9)}` }),
  de: (r) => ({ body: 'DE' + String(1 + Math.floor(r() * 9)) + digits(r, 7), show: (id) => id }),
  fr: (r) => ({ body: 'FR' + digits(r, 10), show: (id) => `FR ${id.slice(2, 4)} ${id.slice(4)}` }),
  nl: (r) => ({ body: 'NL' + digits(r, 8), show: (id) => id }),
  es: (r) => ({ body: 'ESB' + digits(r, 7), show: (id) => id }),
  it: (r) => ({ body: 'IT' + digits(r, 10), show: (id) => id.slice(2) }),
  pl: (r) => ({ body: 'PL' + digits(r, 9), show: (id) => `${id.slice(2, 5)}-${id.slice(5, 8)}-${id.slice(8, 10)}-${id.slice(10)}` }),
  pt: (r) => ({ body: 'PT' + String(1 + Math.floor(r() * 5)) + digits(r, 7), show: (id) => id.slice(2) }),
};

/** A VAT id whose check digit verifies: the value (with prefix) and the printed text. */
export function makeVatId(rng: Rng, lang: Lang): { value: string; text: string } {
  for (;;) {
    const shape = VAT_SHAPE[lang](rng);
    for (const last of '0123456789') {
      const id = shape.body + last + (lang === 'nl' ? 'B01' : '');
      const full = lang === 'fr' ? `FR${String((12 + 3 * (Number(id.slice(4)) % 97)) % 97).padStart(2, '0')}${id.slice(4)}` : id;
      if (parseVatId(full)) return { value: full, text: shape.show(full) };
    }
  }
}

/** Phone numbers as printed per country: the pattern of a city landline, with random subscriber digits. */
const PHONE: Record<Lang, (rng: Rng) => string> = {
  en: (r) => `+44 20 7946 0${digits(r, 3)}`,
  de: (r) => `+49 30 ${digits(r, 4)} ${digits(r, 4)}`,
  fr: (r) => `+33 1 ${digits(r, 2)} ${digits(r, 2)} ${digits(r, 2)} ${digits(r, 2)}`,
  nl: (r) => `+31 20 ${digits(r, 3)} ${digits(r, 4)}`,
  es: (r) => `+34 91${digits(r, 1)} ${digits(r, 3)} ${digits(r, 3)}`,
  it: (r) => `+39 06 ${digits(r, 4)} ${digits(r, 4)}`,
  pl: (r) => `+48 22 ${digits(r, 3)} ${digits(r, 2)} ${digits(r, 2)}`,
  pt: (r) => `+351 21${digits(r, 1)} ${digits(r, 3)} ${digits(r, 3)}`,
};

/** A phone number libphonenumber calls valid: the E.164 value and the printed text. */
export function makePhone(rng: Rng, lang: Lang): { value: string; text: string } {
  for (;;) {
    const text = PHONE[lang](rng);
    const p = parsePhoneNumberFromString(text);
    if (p?.isValid()) return { value: p.number, text };
  }
}
