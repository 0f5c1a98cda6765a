/**
 * The languages the extractor reads (EN, DE, FR, NL, ES, IT, PL, PT), gathered from one data
 * file each, and the lookups the rules use: which field a label introduces (and in which
 * languages), and what month a printed month name is.
 */
import { de } from './de.js';
import { en } from './en.js';
import { es } from './es.js';
import { fr } from './fr.js';
import { it } from './it.js';
import { nl } from './nl.js';
import { pl } from './pl.js';
import { pt } from './pt.js';
import type { LocaleData } from './types.js';

export type { LocaleData } from './types.js';
export const LOCALES: LocaleData[] = [en, de, fr, nl, es, it, pl, pt];
export const LOCALE_BY_LANG = new Map(LOCALES.map((l) => [l.lang, l]));

/** Month name (lower case, no trailing dot) → month number 1–12, over every language. */
export const MONTHS = new Map<string, number>();
for (const l of LOCALES) l.months.forEach((names, i) => names.forEach((n) => MONTHS.set(n, i + 1)));
