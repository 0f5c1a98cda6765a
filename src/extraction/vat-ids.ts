/**
 * VAT identification numbers of European countries, each checked by its own check-digit rule
 * (the national algorithms published with the EU's VIES service). A text that has the shape
 * of a country's id but fails its check is no VAT id: a mistyped or OCR-garbled id goes to
 * review as text instead of arriving as a trusted tax id.
 */

const digitsOf = (s: string): number[] => [...s].map(Number);
const digitSum = (n: number): number => (n > 9 ? n - 9 : n);

/** ISO 7064 MOD 11,10 (Germany). */
function de(body: string): boolean {
  const d = digitsOf(body);
  let product = 10;
  for (let i = 0; i < 8; i++) {
    let sum = (d[i] + product) % 10;
    if (sum === 0) sum = 10;
    product = (2 * sum) % 11;
  }
  const check = 11 - product === 10 ? 0 : 11 - product;
  return body[0] !== '0' && check === d[8];
}

/** France: a two-digit key over the SIREN; letter keys (newer ids) are not computable here. */
function fr(body: string): boolean {
  const key = body.slice(0, 2);
  const siren = Number(body.slice(2));
  if (!/^\d\d$/.test(key)) return true;
  return Number(key) === (12 + 3 * (siren % 97)) % 97;
}

/** Netherlands: the old mod-11 rule, or the mod-97 rule of ids issued since 2020. */
function nl(body: string): boolean {
  const d = digitsOf(body.slice(0, 9));
  const sum = d.slice(0, 8).reduce((s, v, i) => s + v * (9 - i), 0);
  if (sum % 11 === d[8] && d[8] !== 10) return true;
  const numeric = `NL${body}`.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  return mod97(numeric) === 1;
}

function mod97(numeric: string): number {
  let rem = 0;
  for (const ch of numeric) rem = (rem * 10 + Number(ch)) % 97;
  return rem;
}

const NIF_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';

/** Spain: a person's NIF/NIE (letter from mod 23) or a company's CIF (digit or letter control). */
function es(body: string): boolean {
  if (/^\d{8}[A-Z]$/.test(body)) return NIF_LETTERS[Number(body.slice(0, 8)) % 23] === body[8];
  if (/^[XYZ]\d{7}[A-Z]$/.test(body)) return NIF_LETTERS[Number('XYZ'.indexOf(body[0]) + body.slice(1, 8)) % 23] === body[8];
  if (!/^[A-HJNPQRSUVW]\d{7}[0-9A-J]$/.test(body)) return false;
  const d = digitsOf(body.slice(1, 8));
  const even = d[1] + d[3] + d[5];
  const odd = [0, 2, 4, 6].reduce((s, i) => s + digitSum(2 * d[i]), 0);
  const c = (10 - ((even + odd) % 10)) % 10;
  return body[8] === String(c) || body[8] === 'JABCDEFGHI'[c];
}

/** Luhn over all digits (Italy's partita IVA, Sweden's organisation number). */
function luhn(s: string): boolean {
  const d = digitsOf(s);
  let sum = 0;
  for (let i = 0; i < d.length; i++) sum += i % 2 === 1 ? digitSum(2 * d[i]) : d[i];
  return sum % 10 === 0;
}

/** Weighted sum mod 11 compared with the last digit (Poland, Portugal). */
function weighted11(body: string, weights: number[], fold: (r: number) => number): boolean {
  const d = digitsOf(body);
  const sum = weights.reduce((s, w, i) => s + w * d[i], 0);
  return fold(sum % 11) === d[weights.length];
}

const pl = (b: string): boolean => weighted11(b, [6, 5, 7, 2, 3, 4, 5, 6, 7], (r) => (r === 10 ? -1 : r));
const pt = (b: string): boolean => weighted11(b, [9, 8, 7, 6, 5, 4, 3, 2], (r) => (11 - r >= 10 ? 0 : 11 - r));

/** Belgium: 97 minus the first eight digits mod 97. */
const be = (b: string): boolean => 97 - (Number(b.slice(0, 8)) % 97) === Number(b.slice(8));

/** Austria: Luhn-like over seven digits, offset by 4. */
function at(body: string): boolean {
  const d = digitsOf(body.slice(1));
  let sum = 0;
  for (let i = 0; i < 7; i++) sum += i % 2 === 1 ? Math.floor((2 * d[i]) / 10) + ((2 * d[i]) % 10) : d[i];
  return (10 - ((sum + 4) % 10)) % 10 === d[7];
}

/** United Kingdom: weights 8…2 plus the last two digits, mod 97 (old and 55-offset series). */
function gb(body: string): boolean {
  const d = digitsOf(body.slice(0, 9));
  const sum = d.slice(0, 7).reduce((s, v, i) => s + v * (8 - i), 0) + Number(body.slice(7, 9));
  return sum % 97 === 0 || (sum + 55) % 97 === 0;
}

/** Switzerland (UID): mod 11 with weights 5 4 3 2 7 6 5 4. */
function ch(body: string): boolean {
  const d = digitsOf(body);
  const sum = [5, 4, 3, 2, 7, 6, 5, 4].reduce((s, w, i) => s + w * d[i], 0);
  const check = 11 - (sum % 11) === 11 ? 0 : 11 - (sum % 11);
  return check !== 10 && check === d[8];
}

/** Denmark: weights 2 7 6 5 4 3 2 1, sum divisible by 11. */
const dk = (b: string): boolean => [2, 7, 6, 5, 4, 3, 2, 1].reduce((s, w, i) => s + w * Number(b[i]), 0) % 11 === 0;

/** Finland: weights 7 9 10 5 8 4 2, check 11 minus the sum mod 11 (10 invalid). */
function fi(body: string): boolean {
  const r = [7, 9, 10, 5, 8, 4, 2].reduce((s, w, i) => s + w * Number(body[i]), 0) % 11;
  return r !== 1 && (r === 0 ? 0 : 11 - r) === Number(body[7]);
}

/** Luxembourg: the first six digits mod 89 are the last two. */
const lu = (b: string): boolean => Number(b.slice(0, 6)) % 89 === Number(b.slice(6));

/** Per country: the printed prefix, the body's shape, and its check. */
export const VAT_RULES: Record<string, { prefix: string; body: RegExp; check: (body: string) => boolean }> = {
  AT: { prefix: 'AT', body: /^U\d{8}$/, check: at },
  BE: { prefix: 'BE', body: /^[01]\d{9}$/, check: be },
  CH: { prefix: 'CHE', body: /^\d{9}$/, check: ch },
  DE: { prefix: 'DE', body: /^\d{9}$/, check: de },
  DK: { prefix: 'DK', body: /^\d{8}$/, check: dk },
  ES: { prefix: 'ES', body: /^[A-Z0-9]\d{7}[A-Z0-9]$/, check: es },
  FI: { prefix: 'FI', body: /^\d{8}$/, check: fi },
  FR: { prefix: 'FR', body: /^[0-9A-HJ-NP-Z]{2}\d{9}$/, check: fr },
  GB: { prefix: 'GB', body: /^\d{9}(?:\d{3})?$/, check: gb },
  IT: { prefix: 'IT', body: /^\d{11}$/, check: luhn },
  LU: { prefix: 'LU', body: /^\d{8}$/, check: lu },
  NL: { prefix: 'NL', body: /^\d{9}B\d{2}$/, check: nl },
  PL: { prefix: 'PL', body: /^\d{10}$/, check: pl },
  PT: { prefix: 'PT', body: /^\d{9}$/, check: pt },
  SE: { prefix: 'SE', body: /^\d{10}01$/, check: (b) => luhn(b.slice(0, 10)) },
};

/** Upper case without spaces, dots, dashes and a Swiss suffix (MWST/TVA/IVA). */
export function compactVatId(text: string): string {
  return text
    .toUpperCase()
    .replace(/\s*(?:MWST|TVA|IVA)$/, '')
    .replace(/[\s.\-/]/g, '');
}

/**
 * A checked VAT id → its compact form with the country prefix ("DE136695976"). Without a
 * prefix, the `countries` (the label's languages say which) are tried in turn. Null when no
 * rule accepts it.
 */
export function parseVatId(text: string, countries: string[] = []): string | null {
  const s = compactVatId(text);
  for (const rule of Object.values(VAT_RULES)) {
    if (!s.startsWith(rule.prefix)) continue;
    const body = s.slice(rule.prefix.length);
    if (rule.body.test(body) && rule.check(body)) return s;
  }
  for (const country of countries) {
    const rule = VAT_RULES[country];
    if (rule && rule.body.test(s) && rule.check(s)) return rule.prefix + s;
  }
  return null;
}

/**
 * True when the text has the look of a European VAT id (a known country prefix, then 8–12
 * letters and digits, mostly digits), so it must pass that country's check: an OCR misread
 * ("ESBO0700609") is then no tax id.
 */
export function hasVatPrefix(text: string): boolean {
  const s = compactVatId(text);
  return Object.values(VAT_RULES).some((r) => {
    const body = s.slice(r.prefix.length);
    return s.startsWith(r.prefix) && /^[A-Z0-9]{8,12}$/.test(body) && (body.match(/\d/g) ?? []).length >= 6;
  });
}
