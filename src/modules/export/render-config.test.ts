import { describe, expect, it } from 'vitest';
import { resolveConfig } from '../documents/config/config-groups.js';
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
    expect(options).toMatchObject({ pageSize: 'A4', fontFamily: 'Calibri', fontSize: 11, pageNumbers: true, toc: false, headerText: null, citationStyle: 'footnotes' });
  });

  it('falls back to the defaults for values of the wrong type instead of passing them on', () => {
    const options = renderOptionsFromConfig({ pageSize: 'A5', margins: 'wide', fontSize: 'big', toc: 'yes', headerText: '   ', language: 42, citationStyle: 'harvard' });
    expect(options).toMatchObject({
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
