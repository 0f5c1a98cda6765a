/**
 * Where a postal address ends (ADR 0541). An address block is a name, street lines, then the line
 * with the postcode and the town ("75002 Paris", "00-950 Warszawa", "1234 AB Amsterdam",
 * "London SW1A 1AA", "Springfield, IL 62704"), and at most a country line after it. Whatever
 * follows on the page — a title, a table header, a sentence, the meta box's rows — is not
 * address, however close it is printed, so party-blocks.ts stops the address there.
 */
import { LOCALES } from './locales/index.js';

/** The postcode first, then the town: "75002 Paris", "D-10115 Berlin", "00-950 Warszawa", "1000-001 Lisboa", "1234 AB Amsterdam". */
const POSTCODE_FIRST = /^(?:[A-Z]{1,2}[-–]\s?)?(?:\d{4,5}|\d{2}-\d{3}|\d{4}-\d{3}|\d{4}\s?[A-Z]{2})\s+\p{Lu}[\p{L}'’. -]*/u;
/** The town first, then the postcode: British and Irish codes, a US state and ZIP code. */
const POSTCODE_LAST = [
  /\b[A-Z]{1,2}\d[A-Z\d]?\s?\d[A-Z]{2}$/, // SW1A 1AA, M1 1AE
  /\b[AC-FHKNPRTV-Y]\d{2}\s?[AC-FHKNPRTV-Y\d]{4}$/, // Eircode D02 X285
  /,\s*[A-Z]{2}\s+\d{5}(?:-\d{4})?$/, // Springfield, IL 62704
];

/** True for the line with the postcode and the town (short, no label, no sentence). */
export function isPostcodeTownLine(text: string): boolean {
  const t = text.trim();
  if (t.length > 60 || /[:：@]/.test(t) || t.split(/\s+/).length > 6) return false;
  return POSTCODE_FIRST.test(t) || POSTCODE_LAST.some((re) => re.test(t));
}

const fold = (s: string): string =>
  s
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N} ]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** Every country's name in English and in each supported language, long and short (ICU's region names). */
const COUNTRY_NAMES: Set<string> = (() => {
  const names = new Set<string>();
  const langs = ['en', ...LOCALES.map((l) => l.lang)];
  const A = 'A'.charCodeAt(0);
  for (const lang of langs) {
    for (const style of ['long', 'short'] as const) {
      const dn = new Intl.DisplayNames([lang], { type: 'region', style, fallback: 'none' });
      for (let i = 0; i < 26; i++) {
        for (let j = 0; j < 26; j++) {
          const code = String.fromCharCode(A + i, A + j);
          const name = dn.of(code);
          if (name && name !== code) names.add(fold(name));
        }
      }
    }
  }
  return names;
})();

/** True for a line that is only a country's name ("France", "DEUTSCHLAND", "Polska", "United Kingdom"). */
export function isCountryLine(text: string): boolean {
  const t = text.trim();
  return t.length <= 40 && !/\d/.test(t) && COUNTRY_NAMES.has(fold(t));
}
