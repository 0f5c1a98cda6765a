import { describe, expect, it } from 'vitest';
import { attachmentHeader, safeFileName } from './content-disposition.js';

/** The two file names of a header, decoded. */
function names(header: string): { ascii: string; utf8: string } {
  const match = /^attachment; filename="([^"]*)"; filename\*=UTF-8''([A-Za-z0-9!#$&+\-.^_`|~%]+)$/.exec(header);
  if (!match) throw new Error(`malformed header: ${header}`);
  return { ascii: match[1], utf8: decodeURIComponent(match[2]) };
}

describe('attachmentHeader', () => {
  it('keeps an ordinary title', () => {
    expect(attachmentHeader('Annual Report 2024')).toBe(`attachment; filename="Annual Report 2024.docx"; filename*=UTF-8''Annual%20Report%202024.docx`);
  });

  it('gives an ASCII fallback and the exact UTF-8 name for non-ASCII titles', () => {
    expect(names(attachmentHeader('Überblick – Datenschutz'))).toEqual({ ascii: 'Uberblick _ Datenschutz.docx', utf8: 'Überblick – Datenschutz.docx' });
    expect(names(attachmentHeader('日本語'))).toEqual({ ascii: 'document.docx', utf8: '日本語.docx' });
  });

  it.each([
    ['../../etc/passwd', 'etc passwd.docx'],
    ['..\\..\\windows\\system32', 'windows system32.docx'],
    ['a/b\\c', 'a b c.docx'],
    ['say "hi"', 'say hi.docx'],
    ['line\r\nbreak\tand\u0000nul', 'line break and nul.docx'],
    ['report.docx', 'report.docx'],
    ['...', 'document.docx'],
    ['CON', '_CON.docx'],
    ['evil\u202Excod.exe', 'evil xcod.exe.docx'],
  ])('makes %j a safe file name', (title, expected) => {
    const header = attachmentHeader(title);
    expect(names(header).ascii).toBe(expected);
    expect(names(header).utf8).toBe(expected);
    expect(header).not.toMatch(/[\r\n\u0000]/);
  });

  it('escapes characters RFC 5987 does not allow unencoded', () => {
    const header = attachmentHeader("it's (draft) * 100% ; ok"); // "*" is unsafe in Windows names: dropped
    expect(header).toContain("filename*=UTF-8''it%27s%20%28draft%29%20100%25%20%3B%20ok.docx");
    expect(names(header).ascii).toBe('it_s (draft) 100_ _ ok.docx');
  });

  it('names an empty title document.docx', () => {
    for (const title of ['', '   ', '\n']) {
      expect(attachmentHeader(title)).toBe(`attachment; filename="document.docx"; filename*=UTF-8''document.docx`);
    }
  });

  it('limits the length', () => {
    expect(safeFileName('x'.repeat(500)).length).toBeLessThanOrEqual(125);
  });

  it('names a PDF export .pdf, with no .docx or .pdf of the title doubling it', () => {
    expect(attachmentHeader('Überblick 2026', '.pdf')).toBe(`attachment; filename="Uberblick 2026.pdf"; filename*=UTF-8''%C3%9Cberblick%202026.pdf`);
    expect(safeFileName('Report.docx', false, '.pdf')).toBe('Report.pdf');
    expect(safeFileName('Report.PDF', true, '.pdf')).toBe('Report.pdf');
    expect(safeFileName('', false, '.pdf')).toBe('document.pdf');
  });
});
