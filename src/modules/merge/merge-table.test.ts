/** The table a merge reads, from JSON rows and from a sheet's grid, and its bounds. */
import { describe, expect, it } from 'vitest';
import { MERGE_LIMITS, assertTableFits, tableOfGrid, tableOfJsonRows } from './merge-table.js';

describe('merge table', () => {
  it('takes JSON rows: columns in first-seen order, values as text', () => {
    expect(
      tableOfJsonRows([
        { a: 1, b: true },
        { c: null, a: 'x' },
      ]),
    ).toEqual({
      columns: ['a', 'b', 'c'],
      rows: [
        { a: '1', b: 'true' },
        { c: '', a: 'x' },
      ],
    });
    expect(() => tableOfJsonRows([{ a: { nested: 1 } }])).toThrow(/row 1, column "a"/);
  });

  it('takes a grid: skips blank rows, refuses a repeated header or values under a blank one', () => {
    expect(tableOfGrid(['Name', 'Fee'], [['A', '1'], ['', ''], ['B']])).toEqual({
      columns: ['Name', 'Fee'],
      rows: [
        { Name: 'A', Fee: '1' },
        { Name: 'B', Fee: '' },
      ],
    });
    expect(() => tableOfGrid(['Name', 'name ', 'Name'], [])).toThrow(/"Name" twice/);
    expect(() => tableOfGrid(['Name', ''], [['A', 'orphan']])).toThrow(/column 2 has values but no name/);
  });

  it('refuses an empty table and one past the row bound', () => {
    expect(() => assertTableFits({ columns: ['a'], rows: [] })).toThrow(/no rows/);
    const rows = Array.from({ length: MERGE_LIMITS.maxRows + 1 }, () => ({ a: 'x' }));
    expect(() => assertTableFits({ columns: ['a'], rows })).toThrow(/at most 5000/);
  });
});
