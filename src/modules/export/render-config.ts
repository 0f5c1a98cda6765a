/**
 * The document's `render` config group → the composer's RenderOptions. The group is validated
 * when it is saved, but stored JSON is read back as `unknown`, so every value is checked again
 * and a value of the wrong type falls back to the default instead of reaching the composer.
 */
import {
  CITATION_STYLES,
  DEFAULT_RENDER_OPTIONS,
  LAYOUT_NAMES,
  type CitationStyle,
  type LayoutName,
  type PageMarginsMm,
  type RenderOptions,
} from '../../docx/composed-document.js';

/**
 * What choosing a layout implies for the structure keys, unless the template or document sets
 * them itself: a report has a table of contents and numbered chapters; memos, letters and plain
 * documents have neither. Without a `layout`, the keys keep their own defaults (today's report
 * without contents or numbering).
 */
const LAYOUT_STRUCTURE: Readonly<Record<LayoutName, { toc: boolean; headingNumbering: boolean }>> = {
  report: { toc: true, headingNumbering: true },
  memo: { toc: false, headingNumbering: false },
  letter: { toc: false, headingNumbering: false },
  minimal: { toc: false, headingNumbering: false },
};

function layoutOf(value: unknown): LayoutName | null {
  return typeof value === 'string' && (LAYOUT_NAMES as readonly string[]).includes(value) ? (value as LayoutName) : null;
}

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

/**
 * Resolved `render` group (defaults already applied by resolveConfig) → composer options.
 * `own` is the document's own `render` overrides: a key set there wins over what the layout
 * implies, which wins over the group's default.
 */
export function renderOptionsFromConfig(render: Readonly<Record<string, unknown>>, own: Readonly<Record<string, unknown>> = {}): RenderOptions {
  const d = DEFAULT_RENDER_OPTIONS;
  const layout = layoutOf(render.layout);
  const structure = layout ? LAYOUT_STRUCTURE[layout] : null;
  const structural = (key: 'toc' | 'headingNumbering'): boolean =>
    typeof own[key] === 'boolean' || !structure ? booleanOr(render[key], d[key]) : structure[key];
  return {
    layout: layout ?? d.layout,
    pageSize: render.pageSize === 'Letter' ? 'Letter' : 'A4',
    marginsMm: margins(render.margins),
    fontFamily: stringOr(render.fontFamily, d.fontFamily),
    fontSize: numberOr(render.fontSize, d.fontSize),
    headingNumbering: structural('headingNumbering'),
    headerText: optionalText(render.headerText),
    footerText: optionalText(render.footerText),
    pageNumbers: booleanOr(render.pageNumbers, d.pageNumbers),
    language: stringOr(render.language, d.language),
    toc: structural('toc'),
    citationStyle: (CITATION_STYLES as readonly unknown[]).includes(render.citationStyle) ? (render.citationStyle as CitationStyle) : d.citationStyle,
  };
}
