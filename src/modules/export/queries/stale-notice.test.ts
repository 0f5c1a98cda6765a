import { describe, expect, it } from 'vitest';
import { staleNotice } from './stale-notice.js';

const sections = [
  { id: 'a', title: 'Introduction', status: 'generated' },
  { id: 'b', title: 'Fees', status: 'generated' },
  { id: 'c', title: 'Scope', status: 'stale' },
  { id: 'd', title: 'Term', status: 'edited' },
];

describe('staleNotice', () => {
  it('is null while no section is stale', () => {
    expect(staleNotice(sections.slice(0, 2), new Map([['a', []]]))).toBeNull();
  });

  it('names each stale section in document order, those a correction marked stale included', () => {
    const staleness = new Map([
      ['b', [{ cause: 'fields' as const, path: 'fields.fee' }]],
      ['a', [{ cause: 'fields' as const, path: 'fields.client' }]],
    ]);
    expect(staleNotice(sections, staleness)).toBe(
      'Out of date: “Introduction”, “Fees” and “Scope” were written from inputs that have changed since. Regenerate before relying on them.',
    );
  });
});
