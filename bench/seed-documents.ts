/**
 * The documents the growth benches seed, shared by bench/document-search.ts and
 * bench/document-growth.ts: `size` document instances of one organization, written straight into
 * the `documents` table with the bulk insert (the benches measure reads, not 100k API calls).
 *
 * Titles are drawn from a fixed vocabulary; 20 of them, whatever the size, also carry the word
 * "Kestrel", so a search for it finds the same 20 documents at every size (what a person looking
 * for one document gets) and "zqxw" finds nothing. One in ten names a "vendor". Documents are
 * created one second apart from 2026-01-01, so the list's keyset order (created_at, id) is the
 * order of the returned rows.
 */
import { sql } from 'kysely';
import { newId } from '../src/kernel/ids.js';
import { insertRows } from '../src/storage/bulk-insert.js';
import type { Store } from '../src/storage/database.js';

/** How many documents carry "Kestrel", whatever the size. */
export const KESTREL_MATCHES = 20;

const WORDS = [
  'annual',
  'supplier',
  'privacy',
  'impact',
  'assessment',
  'security',
  'memo',
  'engagement',
  'letter',
  'review',
  'contract',
  'renewal',
  'audit',
  'report',
  'processing',
  'cloud',
  'hosting',
  'payroll',
  'marketing',
  'analytics',
  'retention',
  'policy',
  'transfer',
  'records',
  'quarterly',
  'board',
  'minutes',
];

/** A title of four vocabulary words and a number; one in ten names a vendor, `kestrel` adds the rare word. */
function titleOf(i: number, kestrel: boolean): string {
  const pick = (k: number) => WORDS[(i * 7919 + k * 104729) % WORDS.length];
  const words = [pick(1), pick(2), pick(3), pick(4)];
  if (i % 10 === 3) words[1] = 'vendor';
  if (kestrel) words[2] = 'Kestrel';
  return `${words.join(' ')} ${i}`.replace(/^./, (c) => c.toUpperCase());
}

/** A seeded document: its id and its keyset sort key. */
export interface SeededDocument {
  id: string;
  createdAt: string;
}

/** Seeds `size` documents into organization `orgId` (analyzed afterwards on PostgreSQL); returns them oldest first. */
export async function seedDocuments(store: Store, orgId: string, size: number): Promise<SeededDocument[]> {
  const every = Math.floor(size / KESTREL_MATCHES);
  const rows = Array.from({ length: size }, (_, i) => {
    const at = new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString();
    return {
      id: newId('doc'),
      org_id: orgId,
      slug: null,
      title: titleOf(i, i % every === every - 1),
      description: null,
      is_template: 0,
      template_id: null,
      state: 'draft',
      config_json: '{}',
      created_by: null,
      created_at: at,
      updated_at: at,
    };
  });
  await insertRows(store.db, 'documents', rows, 500);
  if (store.dialect === 'postgres') await sql`analyze`.execute(store.db);
  return rows.map((row) => ({ id: row.id, createdAt: row.created_at }));
}
