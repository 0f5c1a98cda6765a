/**
 * Removes source documents and everything that hangs off them (runs, items, corrections and
 * their revisions, batch rows, rendered page images). Must run inside a transaction; returns
 * the blob keys (the files and their rendered pages), which the caller deletes from the blob
 * store once the transaction has committed.
 */
import type { CommandContext } from '../../context.js';
import type { SourceDocumentRecord } from './source-document.repository.js';

export async function removeDocumentRows(tx: CommandContext, docs: readonly SourceDocumentRecord[]): Promise<string[]> {
  const orgId = tx.actor.org.orgId;
  const repos = tx.repos;
  const ids = docs.map((d) => d.id);
  const pageImageKeys = await repos.pageImages.deleteByDocuments(orgId, ids);
  await repos.corrections.deleteByDocuments(orgId, ids);
  await repos.items.deleteByDocuments(orgId, ids);
  await repos.processingRuns.deleteByDocuments(orgId, ids);
  await repos.batches.deleteDocumentsOf(orgId, ids);
  for (const id of ids) await repos.sourceDocuments.delete(orgId, id);
  return [...docs.map((d) => d.blob_key), ...pageImageKeys];
}
