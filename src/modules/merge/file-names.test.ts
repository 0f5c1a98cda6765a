/** Output names: filled from the row, safe on every file system, unique within the run. */
import { describe, expect, it } from 'vitest';
import { DomainValidationError } from '../../kernel/errors.js';
import { UniqueFileNames, assertPattern, fileStemOf } from './file-names.js';

describe('file names', () => {
  it('fills fields and the row number, replacing unsafe characters', () => {
    expect(fileStemOf('{{ client }} – {{row}}', { client: 'Smith & Sons' }, 7)).toBe('Smith & Sons – 7');
    expect(fileStemOf('{{ client }}', { client: '../../etc/passwd' }, 1)).toBe('_.._etc_passwd');
    expect(fileStemOf('{{ client }}', { client: 'a:b*c?"<d>|\u0000' }, 1)).toBe('a_b_c___d___');
    expect(fileStemOf('{{ client }}', { client: 'x'.repeat(300) }, 1)).toHaveLength(120);
  });

  it('never gives an empty name', () => {
    expect(fileStemOf('{{ client }}', { client: '   ' }, 3)).toBe('row-3');
    expect(fileStemOf('{{ client }}', {}, 4)).toBe('row-4');
  });

  it('numbers repeats case-insensitively', () => {
    const names = new UniqueFileNames('docx');
    expect(['Acme', 'ACME', 'acme', 'Other'].map((s) => names.next(s))).toEqual(['Acme.docx', 'ACME (2).docx', 'acme (3).docx', 'Other.docx']);
  });

  it('refuses a pattern naming something that is neither a field nor row', () => {
    expect(() => assertPattern('{{ client }}-{{ row }}', ['client'])).not.toThrow();
    expect(() => assertPattern('{{ clinet }}', ['client'])).toThrow(DomainValidationError);
    expect(() => assertPattern('  ', ['client'])).toThrow(/1 to 500/);
  });
});
