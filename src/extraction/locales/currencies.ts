/**
 * Currencies as printed: symbols and local abbreviations → ISO 4217 codes, and the codes read
 * as currencies when printed before or after an amount. `$` is read as USD (documented
 * ambiguity); `kr` as SEK (also DKK and NOK: the code is what tells them apart).
 */
export const CURRENCY_SYMBOLS: Record<string, string> = {
  $: 'USD',
  US$: 'USD',
  C$: 'CAD',
  A$: 'AUD',
  '€': 'EUR',
  '£': 'GBP',
  '¥': 'JPY',
  '₹': 'INR',
  Rs: 'INR',
  'Rs.': 'INR',
  CHF: 'CHF',
  'Fr.': 'CHF',
  'SFr.': 'CHF',
  zł: 'PLN',
  kr: 'SEK',
  Kč: 'CZK',
  Ft: 'HUF',
};

export const CURRENCY_CODES = [
  'USD',
  'EUR',
  'GBP',
  'JPY',
  'CHF',
  'CAD',
  'AUD',
  'NZD',
  'SEK',
  'NOK',
  'DKK',
  'PLN',
  'CZK',
  'HUF',
  'RON',
  'BGN',
  'INR',
  'CNY',
  'BRL',
  'MXN',
  'ZAR',
  'SGD',
  'HKD',
];
