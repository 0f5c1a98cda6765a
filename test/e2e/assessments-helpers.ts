/**
 * Helpers of the assessment e2e suites: multipart bodies built by hand (so file names with
 * `../` or NUL bytes reach the server exactly as written), uploads, and waiting for processing.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { TestServer } from '../support/test-server.js';

export interface FilePart {
  name: string;
  bytes: Buffer;
  type?: string;
  field?: string;
}

/** A multipart/form-data body with text fields and file parts. */
export function multipart(fields: Record<string, string>, files: readonly FilePart[]): { body: Buffer; contentType: string } {
  const boundary = `----quire${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`, 'utf8'));
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'files'}"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
        'utf8',
      ),
    );
    chunks.push(file.bytes, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

export interface Json {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
  headers: Headers;
}

/** POSTs a multipart body with the caller's token and organization. */
export async function postMultipart(
  server: Pick<TestServer, 'url'>,
  token: string,
  org: string,
  pathname: string,
  fields: Record<string, string>,
  files: readonly FilePart[],
): Promise<Json> {
  const { body, contentType } = multipart(fields, files);
  const response = await fetch(`${server.url}${pathname}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'x-org-slug': org, 'content-type': contentType },
    body,
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text === '' ? null : JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: response.status, body: parsed, headers: response.headers };
}

/** Every file under a directory, recursively (relative paths). */
export async function listFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (d: string): Promise<void> => {
    let entries;
    try {
      entries = await fs.readdir(d, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      const full = path.join(d, e.name);
      if (e.isDirectory()) await walk(full);
      else out.push(path.relative(dir, full));
    }
  };
  await walk(dir);
  return out.sort();
}

/**
 * What the server's blob store holds (whichever store it uses): finished blobs' keys, and
 * unfinished writes. Tests compare it before and after a refused request.
 */
export async function storedBlobs(server: Pick<TestServer, 'blobs'>): Promise<{ keys: string[]; partial: number }> {
  return server.blobs.inventory();
}

/**
 * Row counts of the assessment tables, taken once background jobs have settled: an extraction
 * still running from an earlier upload would otherwise change the counts between two snapshots.
 */
export async function assessmentRowCounts(server: TestServer): Promise<Record<string, number>> {
  await server.jobs.idle();
  const tables = [
    'assessments',
    'source_documents',
    'processing_runs',
    'extracted_items',
    'corrections',
    'correction_revisions',
    'batches',
    'batch_runs',
    'batch_documents',
    'page_images',
  ] as const;
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const row = await server.store.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    counts[table] = Number(row?.n ?? 0);
  }
  return counts;
}
