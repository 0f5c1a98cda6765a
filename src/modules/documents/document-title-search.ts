/**
 * What `GET /v1/documents?q=` matches and how matches rank, as SQL over the `documents` table on
 * either dialect, served by the indexes of migrations 0021 and 0022 (decisions:
 * docs/adr/0251-document-title-search.md, docs/adr/0301-title-search-reads-a-bounded-number-of-rows.md).
 *
 * - Three characters or more: the title contains the text, case ignored (a trigram index).
 * - One or two letters or digits: a word of the title starts with them (a word-prefix index):
 *   as someone types, "ve" finds "Vendor memo", not every title with "ve" inside a word.
 * - One or two characters with anything else ("-", "&", "a "): the title contains them, read
 *   from every title of the organization; rare, and nothing an index of words or trigrams holds.
 *
 * A match ranks 0 (the title is the text), 1 (starts with it), 2 (a word starts with it after a
 * space) or 3 (the rest). Each rank is a `RankClass`: the index that finds its titles, and the
 * test of one title, so title-search-page.ts can read a rank either through its index or along
 * the list's own order, whichever reads fewer rows.
 *
 * Whatever the user typed is a value, never syntax: quotes, `*`, `-`, `NEAR`, `AND` match
 * themselves (a quoted FTS5 phrase, an escaped LIKE pattern, a tsquery of letters and digits).
 */
import { type Kysely, type RawBuilder, sql } from 'kysely';
import { dialectOf } from '../../storage/dialect.js';
import type { Database } from '../../storage/schema.js';

export interface TitleSearch {
  /** The rows whose title matches (any rank), through the match index. */
  matches: RankClass;
  /**
   * The rank of a matching row followed by its `created_at`: one string, which orders the rows as
   * the page does and is the first half of a cursor.
   */
  rankKey: RawBuilder<string>;
  /** Ranks 0 and 1 together (the title is or starts with the text): one range of the title order index. */
  starts: RankClass;
  /** The ranks, best first: `classes[rank]`. */
  classes: RankClass[];
}

/** The titles of one rank (or of all). */
export interface RankClass {
  /**
   * The tables a search of this rank reads, its index first: a SQLite FTS5 table joined to
   * `documents` by rowid (CROSS JOIN keeps FTS5 the driver, streaming its matches in rowid order
   * so a LIMIT stops it), or `documents` alone.
   */
  from: RawBuilder<unknown>;
  /** The condition the index answers: every row of the rank meets it (and some of other ranks). */
  found: RawBuilder<boolean>;
  /** `documents.org_id = ?` as this rank's index wants it (SQLite: `+org_id` when FTS5 drives). */
  inOrganization(orgId: string): RawBuilder<boolean>;
  /**
   * Whether the row of `row` (an alias selecting `title`, and `search_rowid` on SQLite) has this
   * rank, read without any index: what a read along the list's order tests on each row.
   */
  holds(row: string): RawBuilder<boolean>;
}

/** `text` matched literally inside a LIKE pattern escaped with a backslash. */
function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** `text` as one FTS5 string: inside double quotes everything is literal but `"`, which is doubled. */
function ftsString(text: string): string {
  return `"${text.replaceAll('"', '""')}"`;
}

/**
 * The first string after every string that starts with `text` (byte order, SQLite's BINARY and
 * PostgreSQL's "C"): `text` with its last character's code point raised by one.
 */
function successorOf(text: string): string | undefined {
  const points = [...text];
  const last = points.pop()?.codePointAt(0);
  if (last === undefined || last >= 0x10ffff) return undefined;
  const next = last + 1 === 0xd800 ? 0xe000 : last + 1;
  return points.join('') + String.fromCodePoint(next);
}

const WORD = /^[\p{L}\p{N}]+$/u;

/** An index that finds a superset of a rank's titles; `holds` is its test of one row (the same tokenizer or operator). */
type Finder = RankClass;

type Fts = 'documents_title_trigrams' | 'documents_title_words';

/** SQLite: the rows an FTS5 table finds for `query`, FTS5 driving. */
function ftsFinder(table: Fts, query: string): Finder {
  const fts = sql.table(table);
  return {
    from: sql`${fts} cross join documents on documents.rowid = ${sql.ref(`${table}.rowid`)}`,
    found: sql<boolean>`${sql.ref(`${table}.${table}`)} match ${query}`,
    inOrganization: (orgId) => sql<boolean>`+documents.org_id = ${orgId}`,
    // One row: FTS5 seeks the rowid in the query's doclists (no scan of the matches).
    holds: (row) =>
      sql<boolean>`exists (select 1 from ${fts} where ${sql.ref(`${table}.${table}`)} match ${query} and ${sql.ref(`${table}.rowid`)} = ${sql.ref(`${row}.search_rowid`)})`,
  };
}

/** The rows of the organization meeting `test` (a `documents.title` condition), found by the organization's rows or by an index `test` itself uses. */
function plainFinder(test: (title: RawBuilder<string>) => RawBuilder<boolean>): Finder {
  return {
    from: sql`documents`,
    found: test(sql<string>`documents.title`),
    inOrganization: (orgId) => sql<boolean>`documents.org_id = ${orgId}`,
    holds: (row) => test(sql<string>`${sql.ref(`${row}.title`)}`),
  };
}

/** `q`: the search text, trimmed and not empty. */
export function titleSearch(db: Kysely<Database>, q: string): TitleSearch {
  const sqlite = dialectOf(db) === 'sqlite';
  const text = q.toLowerCase();
  const literal = likeLiteral(text);
  const like = (title: RawBuilder<string>, pattern: string) => sql<boolean>`lower(${title}) like ${pattern} escape '\\'`;
  const startsWith = (title: RawBuilder<string>) => like(title, `${literal}%`);
  const wordStartsWith = (title: RawBuilder<string>) => sql<boolean>`(' ' || lower(${title})) like ${`% ${literal}%`} escape '\\'`;
  const contains = (title: RawBuilder<string>) => like(title, `%${literal}%`);

  // Any match: three characters or more a substring; fewer, a word prefix (letters and digits) or a substring (anything else).
  const short = [...q].length < 3;
  let match: Finder;
  if (!short) match = sqlite ? ftsFinder('documents_title_trigrams', ftsString(q)) : plainFinder(contains);
  else if (!WORD.test(q)) match = plainFinder(contains);
  else if (sqlite) match = ftsFinder('documents_title_words', `${ftsString(q)}*`);
  // Letters and digits only: nothing in `q` is tsquery syntax.
  else match = plainFinder((title) => sql<boolean>`to_tsvector('simple'::regconfig, ${title}) @@ to_tsquery('simple'::regconfig, ${`${q}:*`})`);

  // A word starting with `q` is in the word index whenever `q` is one word; otherwise only the match finds it.
  let words = match;
  if (WORD.test(q) && !short) {
    words = sqlite
      ? ftsFinder('documents_title_words', `${ftsString(q)}*`)
      : plainFinder((title) => sql<boolean>`to_tsvector('simple'::regconfig, ${title}) @@ to_tsquery('simple'::regconfig, ${`${q}:*`})`);
  }

  // Ranks 0 and 1 through the lower-cased title order (migration 0022): one index range.
  const ordered = (title: RawBuilder<string>) => (sqlite ? sql<string>`lower(${title})` : sql<string>`(lower(${title}) collate "C")`);
  const after = successorOf(text);
  const inRange = (title: RawBuilder<string>) =>
    after === undefined ? sql<boolean>`${ordered(title)} >= ${text}` : sql<boolean>`${ordered(title)} >= ${text} and ${ordered(title)} < ${after}`;
  const starts = plainFinder((title) => sql<boolean>`${inRange(title)} and ${startsWith(title)}`);
  const exact = plainFinder((title) => sql<boolean>`${ordered(title)} = ${text}`);
  const prefixed = plainFinder((title) => sql<boolean>`${inRange(title)} and ${startsWith(title)} and ${ordered(title)} <> ${text}`);

  const title = sql<string>`documents.title`;
  const rankTwo = (t: RawBuilder<string>) => sql<boolean>`${wordStartsWith(t)} and not ${startsWith(t)}`;
  return {
    matches: match,
    starts,
    rankKey: sql<string>`(case when ${ordered(title)} = ${text} then '0' when ${startsWith(title)} then '1' when ${wordStartsWith(title)} then '2' else '3' end)
      || documents.created_at`,
    classes: [
      exact,
      prefixed,
      // A title with a word starting with `q` after a space has a match: one row is tested by its title alone (an FTS5
      // prefix of three characters or more merges every word with that prefix, per row tested).
      { ...words, found: sql<boolean>`${words.found} and ${rankTwo(title)}`, holds: (row) => rankTwo(sql.ref(`${row}.title`)) },
      {
        ...match,
        found: sql<boolean>`${match.found} and not ${wordStartsWith(title)}`,
        holds: (row) => sql<boolean>`${match.holds(row)} and not ${wordStartsWith(sql.ref(`${row}.title`))}`,
      },
    ],
  };
}
