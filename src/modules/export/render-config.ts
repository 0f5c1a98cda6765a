/**
 * The document's `render` config group → the composer's RenderOptions. The group is validated
 * when it is saved, but stored JSON is read back as `unknown`, so every value is checked again
 * and a value of the wrong type falls back to the default instead of reaching the composer.
 */
import { CITATION_STYLES, DEFAULT_RENDER_OPTIONS, type CitationStyle, type PageMarginsMm, type RenderOptions } from '../../docx/composed-document.js';

function stringOr(value: unknown, fallback: string): string {
  return typeof value === 'string' && value.trim() !== '' ? value : fallback;
}

function numberOr(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}

function booleanOr(value: unknown, fallback: boolean): boolean {
  return typeof value === 'boolean' ? value : fallback;
}

function optionalText(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

function margins(value: unknown): PageMarginsMm {
  const d = DEFAULT_RENDER_OPTIONS.marginsMm;
  if (typeof value !== 'object' || value === null) return { ...d };
  const m = value as Record<string, unknown>;
  return { top: numberOr(m.top, d.top), right: numberOr(m.right, d.right), bottom: numberOr(m.bottom, d.bottom), left: numberOr(m.left, d.left) };
}

/** Resolved `render` group (defaults already applied by resolveConfig) → composer options. */
export function renderOptionsFromConfig(render: Readonly<Record<string, unknown>>): RenderOptions {
  const d = DEFAULT_RENDER_OPTIONS;
  return {
    pageSize: render.pageSize === 'Letter' ? 'Letter' : 'A4',
    marginsMm: margins(render.margins),
    fontFamily: stringOr(render.fontFamily, d.fontFamily),
    fontSize: numberOr(render.fontSize, d.fontSize),
    headingNumbering: booleanOr(render.headingNumbering, d.headingNumbering),
    headerText: optionalText(render.headerText),
    footerText: optionalText(render.footerText),
    pageNumbers: booleanOr(render.pageNumbers, d.pageNumbers),
    language: stringOr(render.language, d.language),
    toc: booleanOr(render.toc, d.toc),
    citationStyle: (CITATION_STYLES as readonly unknown[]).includes(render.citationStyle) ? (render.citationStyle as CitationStyle) : d.citationStyle,
  };
}
