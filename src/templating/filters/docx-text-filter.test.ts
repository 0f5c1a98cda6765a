import { describe, expect, it } from 'vitest';
import { renderTemplate } from '../render-template.js';

describe('docx_text (the filter every value a Word template prints goes through)', () => {
  it('escapes markup, writes a newline as a line break and a tab as a tab, and drops characters XML forbids', () => {
    const { output, error } = renderTemplate('{{ value | docx_text }}', { value: 'a<b>&c\r\nd\te\u0001f' });
    expect(error).toBeUndefined();
    expect(output).toBe('a&lt;b&gt;&amp;c</w:t><w:br/><w:t xml:space="preserve">d</w:t><w:tab/><w:t xml:space="preserve">ef');
  });

  it('prints nothing for none, numbers as the template prints them, and refuses a function', () => {
    expect(renderTemplate('[{{ none | docx_text }}][{{ 3 | docx_text }}]', {}).output).toBe('[][3]');
    expect(renderTemplate('{{ range | docx_text }}', {}).error).toMatch(/function/);
  });
});
