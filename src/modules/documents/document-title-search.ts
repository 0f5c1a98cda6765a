/**
 * What `GET /v1/documents?q=` matches and how matches rank, as SQL over the `documents` table on
 * either dialect, served by the indexes of migration 0021 (decision:
 * docs/adr/0251-document-title-search.md).
 *
 * - Three characters or more: the title contains the text, case ignored (a trigram index).
 * - One or two letters or digits: a word of the title starts with them (a word-prefix index):
 *   as someone types, "ve" finds "Vendor memo", not every title with "ve" inside a word.
 * - One or two characters with anything else ("-", "&", "a "): the title contains them, read
 *   from every title of the organization; rare, and nothing an index of words or trigrams holds.
 *
 * Whatever the user typed is a value, never syntax: quotes, `*`, `-`, `NEAR`, `AND` match
 * themselves (a quoted FTS5 phrase, an escaped LIKE pattern, a tsquery of letters and digits).
 */
import { type Kysely, type RawBuilder, sql } from 'kysely';
import { dialectOf } from '../../storage/dialect.js';
import type { Database } from '../../storage/schema.js';

export interface TitleSearch {
  /** The rows of the organization, as a search filters them (in place of `org_id = ?`). */
  inOrganization(orgId: string): RawBuilder<boolean>;
  /** The rows whose title matches. */
  matches: RawBuilder<boolean>;
  /**
   * The rank (0 the title is the text, 1 it starts with it, 2 a word starts with it, 3 it is
   * inside a word) followed by `created_at`: one string, so a keyset page orders and continues by
   * it, and the same for a row whatever else the organization holds (no corpus statistics).
   */
  rankKey: RawBuilder<string>;
}

/** `text` matched literally inside a LIKE pattern escaped with a backslash. */
function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** `text` as one FTS5 string: inside double quotes everything is literal but `"`, which is doubled. */
function ftsString(text: string): string {
  return `"${text.replaceAll('"', '""')}"`;
}

const WORD = /^[\p{L}\p{N}]+$/u;

/** `q`: the search text, trimmed and not empty. */
export function titleSearch(db: Kysely<Database>, q: string): TitleSearch {
  return { inOrganization: (orgId) => inOrganizationOf(db, orgId), matches: matchesOf(db, q), rankKey: rankKeyOf(q) };
}

/**
 * SQLite, without statistics, would read the organization's rows by its `org_id` index and test
 * each against the matches: every search would read every document of the organization. The
 * unary `+` keeps that index out, so the search index finds the rows and the organization is
 * checked on those alone (the same rows either way). PostgreSQL's planner weighs both itself.
 */
function inOrganizationOf(db: Kysely<Database>, orgId: string): RawBuilder<boolean> {
  return dialectOf(db) === 'sqlite' ? sql<boolean>`+documents.org_id = ${orgId}` : sql<boolean>`documents.org_id = ${orgId}`;
}

function matchesOf(db: Kysely<Database>, q: string): RawBuilder<boolean> {
  const sqlite = dialectOf(db) === 'sqlite';
  const contains = sql<boolean>`lower(documents.title) like ${`%${likeLiteral(q.toLowerCase())}%`} escape '\\'`;
  if ([...q].length >= 3) {
    // PostgreSQL's pg_trgm index serves this LIKE as it is.
    return sqlite ? sql<boolean>`documents.rowid in (select rowid from documents_title_trigrams where documents_title_trigrams match ${ftsString(q)})` : contains;
  }
  if (!WORD.test(q)) return contains;
  if (sqlite) return sql<boolean>`documents.rowid in (select rowid from documents_title_words where documents_title_words match ${`${ftsString(q)}*`})`;
  // Letters and digits only: nothing in `q` is tsquery syntax.
  return sql<boolean>`to_tsvector('simple'::regconfig, documents.title) @@ to_tsquery('simple'::regconfig, ${`${q}:*`})`;
}

function rankKeyOf(q: string): RawBuilder<string> {
  const text = q.toLowerCase();
  const literal = likeLiteral(text);
  return sql<string>`(case
    when lower(documents.title) = ${text} then '0'
    when lower(documents.title) like ${`${literal}%`} escape '\\' then '1'
    when (' ' || lower(documents.title)) like ${`% ${literal}%`} escape '\\' then '2'
    else '3' end) || documents.created_at`;
}
