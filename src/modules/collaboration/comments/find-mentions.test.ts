import { describe, expect, it } from 'vitest';
import { commentText, findMentions } from './find-mentions.js';

const people = [
  { userId: 'u1', email: 'ana.silva@example.test', name: 'ana.silva' },
  { userId: 'u2', email: 'bo@example.test', name: 'bo' },
  { userId: 'u3', email: null, name: 'carol' },
];

describe('findMentions', () => {
  it('finds members by e-mail and by name, once each, in order, ignoring sentence ends and unknown names', () => {
    expect(findMentions('Ask @bo, then @ana.silva@example.test. Meet @noon; thanks @Bo.', [], people)).toEqual(['u2', 'u1']);
    expect(findMentions('@carol: see mail@bo', [], people)).toEqual(['u3']);
  });

  it('keeps picked ids first and refuses one that is not a member', () => {
    expect(findMentions('hi @bo', ['u3'], people)).toEqual(['u3', 'u2']);
    expect(() => findMentions('hi', ['u9'], people)).toThrow('u9 is not a member');
  });

  it('trims the text and refuses an empty one', () => {
    expect(commentText('  hi @bo  ')).toBe('hi @bo');
    expect(() => commentText('   ')).toThrow('needs some text');
  });
});
