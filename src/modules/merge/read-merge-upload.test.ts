import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { readMergeUpload } from './read-merge-upload.js';

const MAX_BYTES = 1024 * 1024;

describe('readMergeUpload', () => {
  it('reads a Windows-1252 CSV (a European spreadsheet export) with its € and typographic quotes intact', async () => {
    const bytes = iconv.encode('name;fee\r\nMüller „Nord“;1.250 €\r\nÅsa Öberg;90 €\r\n', 'windows-1252');
    const table = await readMergeUpload({ bytes, filename: 'clients.csv', mimeType: 'text/csv' }, MAX_BYTES);
    expect(table.columns).toEqual(['name', 'fee']);
    expect(table.rows).toEqual([
      { name: 'Müller „Nord“', fee: '1.250 €' },
      { name: 'Åsa Öberg', fee: '90 €' },
    ]);
  });

  it('reads a UTF-8 CSV with a byte order mark without the mark in the first column name', async () => {
    const bytes = Buffer.from('\uFEFFname,city\nAda,Zürich\n', 'utf8');
    const table = await readMergeUpload({ bytes, filename: 'people.csv', mimeType: 'text/csv' }, MAX_BYTES);
    expect(table.columns).toEqual(['name', 'city']);
    expect(table.rows).toEqual([{ name: 'Ada', city: 'Zürich' }]);
  });
});
