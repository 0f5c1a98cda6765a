/** The `If-None-Match` test of entity tags (RFC 9110): the exports and the document detail. */

/** The opaque part of an entity tag: `W/"abc"` and `"abc"` both give `"abc"`. */
const opaque = (tag: string): string => tag.trim().replace(/^W\//, '');

/** True when an `If-None-Match` header names the entity tag (or `*`), by weak comparison as RFC 9110 prescribes. */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}
