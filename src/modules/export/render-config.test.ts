import { describe, expect, it } from 'vitest';
import { validateTemplateSyntax } from '../../templating/index.js';
import { groupProblems, resolveConfig } from '../documents/config/config-groups.js';
import { DEFAULT_RENDER_OPTIONS } from '../../docx/composed-document.js';
import { renderOptionsFromConfig } from './render-config.js';

describe('renderOptionsFromConfig', () => {
  it('maps every key of the resolved render group onto the composer options', () => {
    const render = resolveConfig({
      render: {
        pageSize: 'Letter',
        margins: { top: 10, left: 30 },
        fontFamily: 'Georgia',
        fontSize: 12,
        headingNumbering: true,
        headerText: 'Confidential',
        footerText: 'Acme Ltd',
        pageNumbers: false,
        language: 'de-DE',
        toc: true,
        citationStyle: 'endnotes',
      },
    }).render;
    expect(renderOptionsFromConfig(render)).toEqual({
      layout: 'report',
      pageSize: 'Letter',
      marginsMm: { top: 10, right: 25, bottom: 25, left: 30 },
      fontFamily: 'Georgia',
      fontSize: 12,
      headingNumbering: true,
      headerText: 'Confidential',
      footerText: 'Acme Ltd',
      pageNumbers: false,
      language: 'de-DE',
      toc: true,
      citationStyle: 'endnotes',
    });
  });

  it('uses the config defaults for a document without overrides (no table of contents)', () => {
    const options = renderOptionsFromConfig(resolveConfig({}).render);
    expect(options).toMatchObject({
      pageSize: 'A4',
      fontFamily: 'Calibri',
      fontSize: 11,
      pageNumbers: true,
      toc: false,
      headerText: null,
      citationStyle: 'footnotes',
    });
  });

  it('a layout implies its structure: a report has contents and numbered chapters, a memo or letter neither', () => {
    const of = (own: Record<string, unknown>) => renderOptionsFromConfig(resolveConfig({ render: own }).render, own);
    expect(of({ layout: 'report' })).toMatchObject({ layout: 'report', toc: true, headingNumbering: true });
    expect(of({ layout: 'memo' })).toMatchObject({ layout: 'memo', toc: false, headingNumbering: false });
    expect(of({ layout: 'letter' })).toMatchObject({ layout: 'letter', toc: false, headingNumbering: false });
    expect(of({ layout: 'minimal' })).toMatchObject({ layout: 'minimal', toc: false, headingNumbering: false });
    // A key the template or document sets itself wins over what the layout implies.
    expect(of({ layout: 'report', toc: false })).toMatchObject({ toc: false, headingNumbering: true });
    expect(of({ layout: 'memo', headingNumbering: true })).toMatchObject({ toc: false, headingNumbering: true });
  });

  it('refuses a layout it does not know and a layout template that does not parse, naming the key', () => {
    expect(groupProblems('render', { layout: 'brochure' }, validateTemplateSyntax).join('; ')).toMatch(/render\.layout/);
    expect(groupProblems('render', { titleTemplate: 'Memo {{ vendor_name ' }, validateTemplateSyntax).join('; ')).toMatch(
      /^render\.titleTemplate does not parse: /,
    );
    const letter = { layout: 'letter', titleTemplate: 'Letter to {{ client_name }}', dateField: 'letter_date', signatureTemplate: '{{ signatory }}' };
    expect(groupProblems('render', letter, validateTemplateSyntax)).toEqual([]);
    expect(groupProblems('render', { dateField: 'not a key' }, validateTemplateSyntax).join('; ')).toMatch(/render\.dateField/);
  });

  it('falls back to the defaults for values of the wrong type instead of passing them on', () => {
    const options = renderOptionsFromConfig({
      layout: 'brochure',
      pageSize: 'A5',
      margins: 'wide',
      fontSize: 'big',
      toc: 'yes',
      headerText: '   ',
      language: 42,
      citationStyle: 'harvard',
    });
    expect(options).toMatchObject({
      layout: 'report',
      pageSize: 'A4',
      marginsMm: DEFAULT_RENDER_OPTIONS.marginsMm,
      fontSize: DEFAULT_RENDER_OPTIONS.fontSize,
      toc: DEFAULT_RENDER_OPTIONS.toc,
      headerText: null,
      language: DEFAULT_RENDER_OPTIONS.language,
      citationStyle: 'footnotes',
    });
  });
});
