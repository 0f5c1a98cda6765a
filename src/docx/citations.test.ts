import { describe, expect, it } from 'vitest';
import { describeSource } from './citations.js';

describe('describeSource', () => {
  it('names a file and a page once (issue #11)', () => {
    expect(describeSource({ n: 1, title: 'invoice.pdf', page: 1 })).toMatchObject({ label: '[1] invoice.pdf', location: 'p. 1' });
    // A stored title that already carries its page is not followed by the page again.
    expect(describeSource({ n: 1, title: 'invoice.pdf, p. 1', page: 1 })).toMatchObject({ label: '[1] invoice.pdf, p. 1', location: null });
    expect(describeSource({ n: 2, title: 'Report', file: 'report.pdf', page: 3 })).toMatchObject({ location: 'report.pdf, p. 3' });
  });
});
