/** Values gathered for a document's data-needs, with their sources. Newest row per key wins. */
import type { Kysely, Selectable } from 'kysely';
import type { Database, GatheredValueTable } from '../../../storage/schema.js';
import type { GatheredValue } from '../../../pipeline/data-need.js';
import type { GatheredDerivation } from '../../../pipeline/gathered-derivation.js';
import type { GatheredSourceInfo } from '../../../pipeline/ports.js';
import { fromJson, toJson } from '../../json-column.js';

/** A stored gathered value (the pipeline's shape) with its need, run and time. */
export interface GatheredValueRecord extends GatheredValue {
  id: string;
  documentId: string;
  dataNeedId: string | null;
  runId: string | null;
  createdAt: string;
}

/** A `gathered_values` row as a record (its JSON columns decoded). */
export function gatheredValueFromRow(row: Selectable<GatheredValueTable>): GatheredValueRecord {
  return {
    id: row.id,
    documentId: row.document_id,
    dataNeedId: row.data_need_id,
    outputKey: row.output_key,
    kind: row.kind,
    value: fromJson<unknown>(row.value_json, null),
    source: fromJson<GatheredSourceInfo | null>(row.source_json, null),
    inputsHash: row.inputs_hash,
    derivation: fromJson<GatheredDerivation | null>(row.derivation_json, null),
    runId: row.run_id,
    createdAt: row.created_at,
  };
}

/**
 * The newest row of each output key, sorted by key, from a document's rows read newest first
 * (`created_at desc, id desc`): the one rule for "the gathered values", shared by every read.
 */
export function latestPerOutputKey(newestFirst: Selectable<GatheredValueTable>[]): GatheredValueRecord[] {
  const latest = new Map<string, GatheredValueRecord>();
  for (const row of newestFirst) if (!latest.has(row.output_key)) latest.set(row.output_key, gatheredValueFromRow(row));
  return [...latest.values()].sort((a, b) => a.outputKey.localeCompare(b.outputKey));
}

export class GatheredValueRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The newest gathered row of each output key of the document. */
  async latestByDocument(orgId: string, documentId: string): Promise<GatheredValueRecord[]> {
    const rows = await this.db
      .selectFrom('gathered_values')
      .selectAll()
      .where('org_id', '=', orgId)
      .where('document_id', '=', documentId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    return latestPerOutputKey(rows);
  }

  async insert(orgId: string, value: GatheredValueRecord): Promise<void> {
    await this.db
      .insertInto('gathered_values')
      .values({
        id: value.id,
        org_id: orgId,
        document_id: value.documentId,
        data_need_id: value.dataNeedId,
        output_key: value.outputKey,
        kind: value.kind,
        value_json: JSON.stringify(value.value ?? null),
        source_json: toJson(value.source),
        inputs_hash: value.inputsHash,
        derivation_json: toJson(value.derivation),
        run_id: value.runId,
        created_at: value.createdAt,
      })
      .execute();
  }

  /**
   * Documents with an `assessment` gathered row that may cite one of `itemIds`: a coarse match
   * on the stored JSON, portable to both dialects; callers check the parsed source exactly.
   */
  async documentsCitingItems(orgId: string, itemIds: readonly string[]): Promise<string[]> {
    if (itemIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('gathered_values')
      .select('document_id')
      .distinct()
      .where('org_id', '=', orgId)
      .where('kind', '=', 'assessment')
      .where((eb) => eb.or(itemIds.map((id) => eb('source_json', 'like', `%"${id}"%`))))
      .execute();
    return rows.map((row) => row.document_id);
  }
}
