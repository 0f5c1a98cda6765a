import { describe, expect, it } from 'vitest';
import type { RiskBlock, SectionBlock, SnippetBlock } from '../../../docx/composed-document.js';
import { placeLibraryBlocks } from './place-library-blocks.js';

const section = (id: string): SectionBlock => ({ kind: 'section', id, title: id, content: '', outputType: 'markdown' });
const risk = (heading: string): RiskBlock => ({ kind: 'riskBlock', heading, body: 'body', statutoryRef: null });
const snippet = (heading: string): SnippetBlock => ({ kind: 'snippet', heading, body: 'body' });

describe('placeLibraryBlocks', () => {
  it('puts each block after its section in binding order, and the rest at the end', () => {
    const blocks = placeLibraryBlocks(
      [section('a'), section('b')],
      [
        { afterSectionId: 'a', block: risk('r1') },
        { afterSectionId: null, block: snippet('end') },
        { afterSectionId: 'a', block: snippet('s1') },
        { afterSectionId: 'gone', block: risk('orphan') },
      ],
    );
    expect(blocks.map((b) => (b.kind === 'section' ? b.id : b.heading))).toEqual(['a', 'r1', 's1', 'b', 'end', 'orphan']);
  });

  it('returns the sections alone when nothing is bound', () => {
    expect(placeLibraryBlocks([section('a')], [])).toEqual([section('a')]);
  });
});
