import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { guessPageLanguage, parseListLangs, secondReadingPacks } from './ocr-languages.js';
import { runProcessor } from './processor-catalog.js';
import { makeEuropeanInvoicePdf } from './test-support/european-invoices.js';

function installedPacks(): Set<string> {
  try {
    return parseListLangs(execFileSync('tesseract', ['--list-langs'], { encoding: 'utf8' }));
  } catch {
    return new Set();
  }
}
const PACKS = installedPacks();
const HAVE_FRA = PACKS.has('eng') && PACKS.has('fra');
if (!HAVE_FRA) console.warn('OCR language test skipped: tesseract with eng and fra packs is not installed (apt-get install tesseract-ocr-fra)');

describe('the language of a page', () => {
  it("reads a page's language from its labels and month names", () => {
    expect(guessPageLanguage('Rechnung\nRechnungsnummer: RE-1\nRechnungsdatum: 12. März 2024\nGesamtbetrag 10,00 €')).toBe('de');
    expect(guessPageLanguage('Facture n° F-1\nDate 3 août 2014\nTotal TTC 1 234,56 €')).toBe('fr');
    expect(guessPageLanguage('Invoice number: INV-1\nInvoice date: 5 January 2026\nTotal due: $10.00')).toBe('en');
    expect(guessPageLanguage('12 34 56')).toBeNull();
  });

  it('asks for a second reading only in another language whose pack is installed', () => {
    const german = 'Rechnungsnummer: RE-1 Rechnungsdatum 12.03.2024 Zwischensumme';
    expect(secondReadingPacks(german, new Set(['eng', 'deu']))).toBe('deu+eng');
    expect(secondReadingPacks(german, new Set(['eng']))).toBeNull();
    expect(secondReadingPacks('Invoice number: INV-1 Invoice date', new Set(['eng', 'deu']))).toBeNull();
  });

  it('lists the packs `tesseract --list-langs` prints', () => {
    expect([...parseListLangs('List of available languages in "/usr/share/tesseract-ocr/5/tessdata/" (3):\ndeu\neng\nosd\n')]).toEqual(['deu', 'eng', 'osd']);
  });
});

describe.skipIf(!HAVE_FRA)('OCR of a scan in another language', () => {
  it("reads a French scan's accented words, which English alone reads wrong", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'quire-ocr-lang-'));
    try {
      writeFileSync(join(dir, 'in.pdf'), await makeEuropeanInvoicePdf('fr'));
      execFileSync('pdftoppm', ['-r', '150', '-png', '-gray', '-singlefile', join(dir, 'in.pdf'), join(dir, 'out')]);
      const png = readFileSync(join(dir, 'out.png'));
      const r = await runProcessor('prc_ocr', { bytes: png, kind: 'image', filename: 'facture.png' });
      expect(r.errors).toEqual([]);
      expect(r.text).toContain('3 août 2014');
      expect(r.text).toContain('N° TVA intracommunautaire');
      const date = r.items.find((i) => i.key === 'invoice.date');
      expect(date?.value).toBe('2014-08-03');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
