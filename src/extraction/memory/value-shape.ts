/** The shape of a printed value, the format part of a remembered field. */

/** Letters → A, digits → 9, other characters kept, runs collapsed; spaces dropped. */
export function valueShape(text: string): string {
  return text
    .replace(/\s+/g, '')
    .replace(/\p{L}+/gu, 'A')
    .replace(/\p{N}+/gu, '9');
}

/** The normal form a label is searched by: lower case, no accents, single spaces, no trailing colon. */
export function normalizeAnchor(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/[\s:：.#]+$/u, '')
    .trim();
}
