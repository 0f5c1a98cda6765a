import type { RenderOptions } from './composed-document.js';

/**
 * Render options → page geometry in twips (1/20 pt), the unit of WordprocessingML. Values are
 * clamped to what Word accepts, so a bad template setting degrades the layout instead of
 * producing a file Word refuses.
 */

const TWIPS_PER_MM = 1440 / 25.4;

/** Page sizes in twips, portrait. */
const PAGE_SIZES = {
  A4: { width: 11906, height: 16838 },
  Letter: { width: 12240, height: 15840 },
} as const;

export interface PageGeometry {
  width: number;
  height: number;
  margin: { top: number; right: number; bottom: number; left: number; header: number; footer: number };
  /** Width between the margins: tables and right-aligned tab stops use it. */
  textWidth: number;
}

export function mmToTwips(mm: number): number {
  return Math.round(mm * TWIPS_PER_MM);
}

function clampMm(mm: number, fallback: number): number {
  return Number.isFinite(mm) ? Math.min(Math.max(mm, 0), 100) : fallback;
}

export function pageGeometry(render: RenderOptions): PageGeometry {
  const size = PAGE_SIZES[render.pageSize] ?? PAGE_SIZES.A4;
  const m = render.marginsMm;
  const margin = {
    top: mmToTwips(clampMm(m.top, 25)),
    right: mmToTwips(clampMm(m.right, 25)),
    bottom: mmToTwips(clampMm(m.bottom, 25)),
    left: mmToTwips(clampMm(m.left, 25)),
  };
  // Header and footer sit halfway into the margin, but never closer than 6 mm to the edge.
  const header = Math.max(mmToTwips(6), Math.round(margin.top / 2));
  const footer = Math.max(mmToTwips(6), Math.round(margin.bottom / 2));
  const textWidth = Math.max(size.width - margin.left - margin.right, mmToTwips(50));
  return { width: size.width, height: size.height, margin: { ...margin, header, footer }, textWidth };
}

/** Base font size in points, within what reads as body text. */
export function baseFontSize(render: RenderOptions): number {
  return Number.isFinite(render.fontSize) ? Math.min(Math.max(render.fontSize, 6), 36) : 11;
}

/** A valid BCP-47 tag for w:lang, or en-GB. */
export function documentLanguage(render: RenderOptions): string {
  try {
    const [canonical] = Intl.getCanonicalLocales(render.language);
    return canonical ?? 'en-GB';
  } catch {
    return 'en-GB';
  }
}

export function fontFamily(render: RenderOptions): string {
  const name = render.fontFamily.trim();
  return name.length > 0 && name.length <= 64 ? name : 'Calibri';
}
