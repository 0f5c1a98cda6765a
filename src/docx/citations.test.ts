import { describe, expect, it } from 'vitest';
import { CitationRegistry, describeSource } from './citations.js';

const SOURCES = [
  { n: 1, title: 'Rate card' },
  { n: 2, title: 'Policy' },
];

describe('describeSource', () => {
  it('names a file and a page once (issue #11)', () => {
    expect(describeSource({ n: 1, title: 'invoice.pdf', page: 1 })).toMatchObject({ label: '[1] invoice.pdf', location: 'p. 1' });
    // A stored title that already carries its page is not followed by the page again.
    expect(describeSource({ n: 1, title: 'invoice.pdf, p. 1', page: 1 })).toMatchObject({ label: '[1] invoice.pdf, p. 1', location: null });
    expect(describeSource({ n: 2, title: 'Report', file: 'report.pdf', page: 3 })).toMatchObject({ location: 'report.pdf, p. 3' });
  });

  it('names the cell of an extracted spreadsheet value after its file', () => {
    expect(describeSource({ n: 1, title: 'fees.xlsx', locator: 'Fees!B4' })).toMatchObject({ label: '[1] fees.xlsx', location: 'Fees!B4' });
    expect(describeSource({ n: 1, title: 'terms.docx', page: 2, locator: 'table 1, row 3' })).toMatchObject({ location: 'p. 2, table 1, row 3' });
  });
});

describe('CitationRegistry', () => {
  it('gives one footnote per source per section: a repeat in the section reuses it', () => {
    const registry = new CitationRegistry(SOURCES);
    registry.startSection();
    expect([registry.cite(1), registry.cite(2), registry.cite(1), registry.cite(1)]).toEqual([
      { kind: 'note', noteId: 1, repeat: false },
      { kind: 'note', noteId: 2, repeat: false },
      { kind: 'note', noteId: 1, repeat: true },
      { kind: 'note', noteId: 1, repeat: true },
    ]);
    // The next section cites source 1 afresh: a note of its own, numbered on from the last.
    registry.startSection();
    expect([registry.cite(1), registry.cite(1)]).toEqual([
      { kind: 'note', noteId: 3, repeat: false },
      { kind: 'note', noteId: 3, repeat: true },
    ]);
    expect(registry.entries().map((e) => [e.id, e.source.n])).toEqual([
      [1, 1],
      [2, 2],
      [3, 1],
    ]);
  });

  it('writes no notes in the brackets style: a citation names the source number', () => {
    const registry = new CitationRegistry(SOURCES, 'brackets');
    expect([registry.cite(2), registry.cite(2)]).toEqual([
      { kind: 'bracket', n: 2 },
      { kind: 'bracket', n: 2 },
    ]);
    expect(registry.entries()).toEqual([]);
  });

  it('refuses a source it does not know', () => {
    expect(() => new CitationRegistry(SOURCES).cite(7)).toThrow(/Unknown source 7/);
  });
});
