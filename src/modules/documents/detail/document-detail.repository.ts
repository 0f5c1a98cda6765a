/**
 * The document detail's read model: a document with its sections, fields, data needs and
 * gathered rows in ONE statement (`GET /v1/documents/{id}` is where a client waits; issue #17).
 * Each child list comes back as a JSON array column (storage/dialect.ts `jsonArrayFrom`), so
 * PostgreSQL answers in one round trip and SQLite in one step. The rows are decoded by the same
 * functions the per-table repositories use, so a record read here equals one read there.
 *
 * This is the one repository that aggregates JSON (STYLE.md keeps it out of repositories
 * otherwise; docs/adr/0117-document-read-one-statement.md): the dialect branch stays
 * in storage/dialect.ts, the SQL here is the same on both.
 */
import type { Kysely, Selectable } from 'kysely';
import { changeStampOf } from '../../../storage/change-stamp.js';
import { compiledOnce } from '../../../storage/compiled-once.js';
import { jsonArrayFrom, rowsOfJsonArray } from '../../../storage/dialect.js';
import type { DataNeedTable, Database, DocumentFieldTable, GatheredValueTable, SectionTable } from '../../../storage/schema.js';
import { type DataNeedRecord, dataNeedFromRow } from '../data-needs/data-need.repository.js';
import { type GatheredValueRecord, latestPerOutputKey } from '../data-needs/gathered-value.repository.js';
import { type DocumentRecord, documentFromRow } from '../document.repository.js';
import { type FieldRecord, fieldFromRow } from '../fields/field.repository.js';
import { type SectionRecord, sectionFromRow } from '../sections/section.repository.js';

/** What the document detail is presented from, besides the document itself. */
export interface DocumentDetailRows {
  /** In document order (ordinal, then creation). */
  sections: SectionRecord[];
  /** In ordinal order, then key. */
  fields: FieldRecord[];
  /** In ordinal order, then creation. */
  dataNeeds: DataNeedRecord[];
  /** The newest row of each output key, sorted by key. */
  gathered: GatheredValueRecord[];
}

export interface DocumentDetailRecord extends DocumentDetailRows {
  document: DocumentRecord;
}

/**
 * Every column of a table, named one by one (SQLite's `json_object` cannot take `*`). The type
 * makes a column added to the table and forgotten here a compile error, so the JSON rows can
 * never silently lack what the row decoders read.
 */
function everyColumn<T>() {
  return <const C extends readonly (keyof T & string)[]>(
    columns: C & ([Exclude<keyof T, C[number]>] extends [never] ? unknown : { missing: Exclude<keyof T, C[number]> }),
  ): C => columns;
}

const SECTION_COLUMNS = everyColumn<SectionTable>()([
  'id',
  'org_id',
  'document_id',
  'key',
  'ordinal',
  'title',
  'render_mode',
  'output_type',
  'prompt',
  'output_template',
  'content',
  'status',
  'created_at',
  'updated_at',
]);
const FIELD_COLUMNS = everyColumn<DocumentFieldTable>()([
  'id',
  'org_id',
  'document_id',
  'key',
  'value',
  'value_type',
  'is_required',
  'label',
  'description',
  'options_json',
  'ordinal',
  'created_at',
  'updated_at',
]);
const DATA_NEED_COLUMNS = everyColumn<DataNeedTable>()([
  'id',
  'org_id',
  'document_id',
  'ordinal',
  'kind',
  'output_key',
  'name',
  'args_json',
  'depends_on_json',
  'prompt_body',
  'tool_ref',
  'tools_available_json',
  'created_at',
  'updated_at',
]);
const GATHERED_COLUMNS = everyColumn<GatheredValueTable>()([
  'id',
  'org_id',
  'document_id',
  'data_need_id',
  'output_key',
  'kind',
  'value_json',
  'source_json',
  'inputs_hash',
  'derivation_json',
  'run_id',
  'created_at',
]);

/** The four child lists as JSON array columns, by their names in the result row. */
interface ChildColumns {
  sections: unknown;
  fields: unknown;
  data_needs: unknown;
  gathered: unknown;
}

/** The same orderings as the per-table `listByDocument`/`latestByDocument` reads. */
function childSelections(db: Kysely<Database>, orgId: string, documentId: string) {
  const sections = db
    .selectFrom('sections')
    .select(SECTION_COLUMNS)
    .where('org_id', '=', orgId)
    .where('document_id', '=', documentId)
    .orderBy('ordinal', 'asc')
    .orderBy('created_at', 'asc');
  const fields = db
    .selectFrom('document_fields')
    .select(FIELD_COLUMNS)
    .where('org_id', '=', orgId)
    .where('document_id', '=', documentId)
    .orderBy('ordinal', 'asc')
    .orderBy('key', 'asc');
  const dataNeeds = db
    .selectFrom('data_needs')
    .select(DATA_NEED_COLUMNS)
    .where('org_id', '=', orgId)
    .where('document_id', '=', documentId)
    .orderBy('ordinal', 'asc')
    .orderBy('created_at', 'asc');
  const gathered = db
    .selectFrom('gathered_values')
    .select(GATHERED_COLUMNS)
    .where('org_id', '=', orgId)
    .where('document_id', '=', documentId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc');
  return [
    jsonArrayFrom(db, sections).as('sections'),
    jsonArrayFrom(db, fields).as('fields'),
    jsonArrayFrom(db, dataNeeds).as('data_needs'),
    jsonArrayFrom(db, gathered).as('gathered'),
  ];
}

/** The two counters a cached detail is checked against (as text: PostgreSQL's `bigint` arrives as a string, SQLite's as a number). */
export interface DetailRevisions {
  /** Writes to the document, its own rows, its bound snippets and its generation snapshots (migrations 0018, 0019). */
  document: string;
  /** Writes to what a generated section's staleness reads from the organization (migration 0019). */
  organization: string;
}

/**
 * The revision read: what every cached `GET /v1/documents/{id}` asks the database. Compiled by
 * Kysely once per database handle and run with each GET's two values (storage/compiled-once.ts):
 * building and compiling it on every GET cost several times what running it does.
 */
const readRevisions = compiledOnce((db: Kysely<Database>, orgId: string, documentId: string) =>
  db
    .selectFrom('document_revisions')
    .innerJoin('organization_revisions', 'organization_revisions.org_id', 'document_revisions.org_id')
    .select(['document_revisions.revision as document', 'organization_revisions.revision as organization'])
    .where('document_revisions.org_id', '=', orgId)
    .where('document_revisions.document_id', '=', documentId),
);

export class DocumentDetailRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * The document and its children in one statement, or undefined when the document is absent or
   * of another organization (then no child is read either: the children hang off the row).
   */
  async findById(orgId: string, documentId: string): Promise<DocumentDetailRecord | undefined> {
    const row = await this.db
      .selectFrom('documents')
      .selectAll('documents')
      .select(childSelections(this.db, orgId, documentId))
      .where('org_id', '=', orgId)
      .where('id', '=', documentId)
      .executeTakeFirst();
    if (!row) return undefined;
    const { sections, fields, data_needs, gathered, ...document } = row;
    return { document: documentFromRow(document), ...childrenOf({ sections, fields, data_needs, gathered }) };
  }

  /**
   * SQLite: the database's change stamp (storage/change-stamp.ts), equal between two reads only
   * if nothing was committed in between; undefined on PostgreSQL and inside a transaction.
   */
  changeStamp(): Promise<string | undefined> {
    return changeStampOf(this.db);
  }

  /**
   * The document's and its organization's revisions (counted by database triggers on every write
   * to what the detail reads), in one statement, or undefined when the document is absent or of
   * another organization.
   */
  async revisionsOf(orgId: string, documentId: string): Promise<DetailRevisions | undefined> {
    const [row] = await readRevisions(this.db, orgId, documentId);
    return row === undefined ? undefined : { document: String(row.document), organization: String(row.organization) };
  }

  /** The children of a document already in scope (the caller passed its tenancy gate), in one statement. */
  async childrenOf(orgId: string, documentId: string): Promise<DocumentDetailRows> {
    const row = await this.db.selectNoFrom(childSelections(this.db, orgId, documentId)).executeTakeFirst();
    if (!row) throw new Error('a select without FROM returned no row');
    return childrenOf(row);
  }
}

function childrenOf(row: ChildColumns): DocumentDetailRows {
  return {
    sections: rowsOfJsonArray<Selectable<SectionTable>>(row.sections).map(sectionFromRow),
    fields: rowsOfJsonArray<Selectable<DocumentFieldTable>>(row.fields).map(fieldFromRow),
    dataNeeds: rowsOfJsonArray<Selectable<DataNeedTable>>(row.data_needs).map(dataNeedFromRow),
    gathered: latestPerOutputKey(rowsOfJsonArray<Selectable<GatheredValueTable>>(row.gathered)),
  };
}
