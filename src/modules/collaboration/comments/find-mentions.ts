/**
 * Which members a comment mentions: the ids a member picker sent, plus every `@e-mail` or `@name`
 * in the text that names a member (a name is the part of the e-mail before `@`, or the subject).
 * An `@word` that names nobody is just text ("meet @noon"); an id that is not a member is refused,
 * because the picker only offers members.
 */
import { DomainValidationError } from '../../../kernel/errors.js';
import type { PersonView } from '../people.js';

// `@` at the start or after a non-word character, then an e-mail or a name.
const MENTION = /(?:^|[^\w@.])@([\w.+-]+(?:@[\w-]+(?:\.[\w-]+)+)?)/g;

/**
 * The mentioned user ids, each once, in the order first mentioned.
 *
 * @throws DomainValidationError when a picked id is not a member of the organization.
 */
export function findMentions(body: string, picked: readonly string[], people: readonly PersonView[]): string[] {
  const ids = new Set<string>();
  const known = new Set(people.map((p) => p.userId));
  for (const id of picked) {
    if (!known.has(id)) throw new DomainValidationError(`mentions: ${id} is not a member of this organization`);
    ids.add(id);
  }
  for (const match of body.matchAll(MENTION)) {
    const person = personNamed(match[1], people) ?? personNamed(match[1].replace(/[.-]+$/, ''), people);
    if (person) ids.add(person.userId);
  }
  return [...ids];
}

function personNamed(token: string, people: readonly PersonView[]): PersonView | undefined {
  const wanted = token.toLowerCase();
  if (wanted === '') return undefined;
  return people.find((p) => p.email?.toLowerCase() === wanted) ?? people.find((p) => p.name.toLowerCase() === wanted);
}

/**
 * A comment's text as stored: without the spaces around it (a picker leaves one after a name).
 *
 * @throws DomainValidationError when nothing but spaces is left.
 */
export function commentText(body: string): string {
  const text = body.trim();
  if (text === '') throw new DomainValidationError('body: a comment needs some text');
  return text;
}
