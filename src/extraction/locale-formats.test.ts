import { describe, expect, it } from 'vitest';
import { extractLabelValues, lookupLabel } from './label-value.js';
import { layoutFromText } from './layout.js';
import { findLocaleDates, parseLocaleDate } from './locale-dates.js';
import { LOCALES } from './locales/index.js';
import { normalizePhone, parseIban, parseMoney } from './value-parsers.js';
import { parseVatId } from './vat-ids.js';

/** The typed value of `key` read from "label: value" lines of plain text. */
function read(text: string, key: string): unknown {
  return extractLabelValues(layoutFromText(text)).find((i) => i.key === key)?.value ?? null;
}

describe('locale data', () => {
  it('gives every one of the eight languages labels for the invoice fields, and no label to two fields', () => {
    expect(LOCALES.map((l) => l.lang)).toEqual(['en', 'de', 'fr', 'nl', 'es', 'it', 'pl', 'pt']);
    for (const l of LOCALES) {
      for (const key of ['invoice.number', 'invoice.date', 'invoice.total', 'tax.id', 'payment.iban', 'contact.phone']) {
        expect(l.labels[key]?.length ?? 0, `${l.lang} ${key}`).toBeGreaterThan(0);
      }
      expect(l.months.length, l.lang).toBe(12);
    }
    const owner = new Map<string, string>();
    const clashes: string[] = [];
    for (const l of LOCALES) {
      for (const [key, labels] of Object.entries(l.labels)) {
        for (const label of labels) {
          const field = lookupLabel(label)?.field.key;
          if (field !== key) clashes.push(`${l.lang} "${label}" → ${field} (data says ${key})`);
          owner.set(label, key);
        }
      }
    }
    expect(clashes).toEqual([]);
  });
});

describe('amounts and currencies', () => {
  it.each([
    ['1.234,56 €', 1234.56, 'EUR'],
    ['1 234,56 €', 1234.56, 'EUR'],
    ['1\u202f234,56 €', 1234.56, 'EUR'],
    ["CHF 1'234.56", 1234.56, 'CHF'],
    ['1 234,56 zł', 1234.56, 'PLN'],
    ['1 234,56 PLN', 1234.56, 'PLN'],
    ['1\u00a0234,50 kr', 1234.5, 'SEK'],
    ['SEK 99,00', 99, 'SEK'],
    ['₹1,234.56', 1234.56, 'INR'],
    ['Rs. 1,234.56', 1234.56, 'INR'],
    ['Rs 450', 450, 'INR'],
    ['£1,234.56', 1234.56, 'GBP'],
    ['EUR 1.234,56', 1234.56, 'EUR'],
  ])('%s', (text, amount, currency) => {
    expect(parseMoney(text)).toEqual({ amount, currency });
  });

  it('does not read a currency out of a word ("krona" is no "kr", "Rsvp" no "Rs")', () => {
    expect(parseMoney('100 krona')).toBeNull();
    expect(parseMoney('Rsvp 12')).toBeNull();
  });
});

describe('dates', () => {
  it.each([
    ['12.03.2024', '2024-03-12'],
    ['3 août 2014', '2014-08-03'],
    ['1er mars 2024', '2024-03-01'],
    ['2014-08-03', '2014-08-03'],
    ['12. März 2024', '2024-03-12'],
    ['3 augustus 2014', '2014-08-03'],
    ['3 de agosto de 2014', '2014-08-03'],
    ['3 agosto 2014', '2014-08-03'],
    ['3 sierpnia 2014', '2014-08-03'],
    ['3 de agosto de 2014', '2014-08-03'],
    ['03/08/2014', '2014-08-03'],
    ['03-08-2014', '2014-08-03'],
    ['March 12, 2024', '2024-03-12'],
  ])('%s (day first)', (text, iso) => {
    expect(parseLocaleDate(text, 'dmy')).toBe(iso);
  });

  it('reads slashes month first only when asked, and never a dotted date', () => {
    expect(parseLocaleDate('03/08/2014', 'mdy')).toBe('2014-03-08');
    expect(parseLocaleDate('03.08.2014', 'mdy')).toBe('2014-08-03');
  });

  it('refuses impossible dates and words that are no month', () => {
    expect(parseLocaleDate('31.02.2024')).toBeNull();
    expect(parseLocaleDate('3 foo 2014')).toBeNull();
    expect(findLocaleDates('Version 1.2.2024x')).toEqual([]);
  });
});

describe('VAT ids by check digits', () => {
  it.each([
    ['DE136695976', null, 'DE136695976'],
    ['FR40 303265045', null, 'FR40303265045'],
    ['NL004495445B01', null, 'NL004495445B01'],
    ['ESA28015865', null, 'ESA28015865'],
    ['00743110157', 'IT', 'IT00743110157'],
    ['526-025-02-74', 'PL', 'PL5260250274'],
    ['501964843', 'PT', 'PT501964843'],
    ['GB 980 7806 84', null, 'GB980780684'],
  ])('%s (%s) verifies', (text, country, value) => {
    expect(parseVatId(text, country ? [country] : [])).toBe(value);
  });

  it.each([['DE136695977'], ['FR41303265045'], ['IT00743110158'], ['PL5260250275'], ['PT501964842'], ['DE123456789']])('%s fails its check', (text) => {
    expect(parseVatId(text)).toBeNull();
  });
});

describe('IBANs and phone numbers (ibantools, libphonenumber)', () => {
  it('accepts IBANs whose IBAN and national check digits verify', () => {
    expect(parseIban('FR14 2004 1010 0505 0001 3M02 606')).toBe('FR1420041010050500013M02606');
    expect(parseIban('NL91 ABNA 0417 1643 00')).toBe('NL91ABNA0417164300');
    expect(parseIban('NL91 ABNA 0417 1643 01')).toBeNull();
  });

  it('reads national numbers with the country of the label, international ones as printed', () => {
    expect(normalizePhone('030 901820 12', 'DE')).toBe('+493090182012');
    expect(normalizePhone('01 42 68 53 00', 'FR')).toBe('+33142685300');
    expect(normalizePhone('+48 22 123 45 67')).toBe('+48221234567');
    expect(normalizePhone('12 34', 'DE')).toBeNull();
  });
});

describe('labels per language, read from "label: value" lines', () => {
  it.each([
    ['de', 'Rechnungsnummer: RE-17\nGesamtbetrag: 1.234,56 €\nDatum: 03.08.2014\nUSt-IdNr.: DE136695976\nTelefon: 030 901820 12'],
    ['fr', 'Facture n° : RE-17\nNet à payer : 1 234,56 €\nDate : 03/08/2014\nN° TVA intracommunautaire : FR40303265045\nTél. : 01 42 68 53 00'],
    ['nl', 'Factuurnummer: RE-17\nTe betalen: € 1.234,56\nFactuurdatum: 3 augustus 2014\nBTW-nummer: NL004495445B01\nTelefoon: +31 20 123 4567'],
    ['es', 'Nº de factura: RE-17\nTotal a pagar: 1.234,56 €\nFecha: 03/08/2014\nNIF: A28015865\nTeléfono: +34 912 345 678'],
    ['it', 'Fattura n.: RE-17\nTotale documento: 1.234,56 €\nData: 3 agosto 2014\nPartita IVA: 00743110157\nTelefono: +39 06 1234 5678'],
    ['pl', 'Faktura nr: RE-17\nRazem do zapłaty: 1 234,56 zł\nData wystawienia: 03.08.2014\nNIP: 526-025-02-74\nTel.: +48 22 123 45 67'],
    ['pt', 'Fatura n.º: RE-17\nTotal a pagar: 1.234,56 €\nData de emissão: 3 de agosto de 2014\nNIF: 501964843\nTelefone: +351 213 456 789'],
  ])('%s', (lang, text) => {
    const currency = lang === 'pl' ? 'PLN' : 'EUR';
    expect({ number: read(text, 'invoice.number'), total: read(text, 'invoice.total'), date: read(text, 'invoice.date') }).toEqual({
      number: 'RE-17',
      total: { amount: 1234.56, currency },
      date: '2014-08-03',
    });
    expect(read(text, 'tax.id')).toMatch(/^[A-Z]{2}/);
    expect(read(text, 'contact.phone')).toMatch(/^\+\d{9,14}$/);
  });

  it('keeps an English document month first and a mistyped VAT id out of tax.id', () => {
    expect(read('Invoice date: 03/08/2014', 'invoice.date')).toBe('2014-03-08');
    expect(read('VAT number: DE136695977', 'tax.id')).toBeNull();
    expect(read('NIF: ESBO0700609', 'tax.id')).toBeNull();
    expect(read('EIN: 12-3456789', 'tax.id')).toBe('12-3456789');
  });
});
