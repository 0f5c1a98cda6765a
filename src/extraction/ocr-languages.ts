/**
 * Which tesseract language packs read a page (docs/adr/0532-ocr-languages.md). Reading with all
 * eight packs at once costs about four times the CPU of English alone, so a page is read in
 * English first; when its words are more of another language's labels and month names than of
 * English ones, and that language's pack is installed, it is read again with that pack (and
 * English, for the English words any invoice carries). An explicit `ocr_lang` skips all this.
 */
import { LOCALES } from './locales/index.js';

/** ISO 639-1 (the locale files) → tesseract's pack name. */
export const TESSERACT_PACK: Record<string, string> = { en: 'eng', de: 'deu', fr: 'fra', nl: 'nld', es: 'spa', it: 'ita', pl: 'pol', pt: 'por' };

/** Lower case, accents kept (they tell the languages apart), runs of non-letters as one space. */
const normalise = (s: string): string =>
  ` ${s
    .toLowerCase()
    .replace(/[^\p{L}]+/gu, ' ')
    .trim()} `;

/** Per language, its labels and month names as normalised phrases (short ones dropped: "nr", "mai" read in any text). */
const PHRASES: Array<{ lang: string; phrases: string[] }> = LOCALES.map((l) => {
  const all = [...Object.values(l.labels).flat(), ...l.months.flat()].map(normalise).filter((p) => p.trim().length >= 4);
  return { lang: l.lang, phrases: [...new Set(all)] };
});

/**
 * The language of a page's text by its label and month words (null when no language's words
 * occur). A phrase several languages share counts for each of them, so only the words that tell
 * them apart decide; English wins ties.
 */
export function guessPageLanguage(text: string): string | null {
  const t = normalise(text);
  let best: { lang: string; hits: number } | null = null;
  for (const { lang, phrases } of PHRASES) {
    const hits = phrases.filter((p) => t.includes(p)).length;
    if (hits > 0 && (!best || hits > best.hits)) best = { lang, hits };
  }
  return best?.lang ?? null;
}

/**
 * The packs for a second reading of a page whose first, English, reading gave `text`: null when
 * the page reads as English (or as nothing), or when the other language's pack is not installed.
 */
export function secondReadingPacks(text: string, installed: ReadonlySet<string>): string | null {
  const lang = guessPageLanguage(text);
  if (!lang || lang === 'en') return null;
  const pack = TESSERACT_PACK[lang];
  return pack && installed.has(pack) ? `${pack}+eng` : null;
}

/** The packs `tesseract --list-langs` printed. */
export function parseListLangs(stdout: string): Set<string> {
  return new Set(
    stdout
      .split('\n')
      .slice(1)
      .map((l) => l.trim())
      .filter((l) => /^[a-z_]+$/i.test(l)),
  );
}
