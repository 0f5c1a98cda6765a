/**
 * A document of many filled sections, written straight into the sections table (N API round
 * trips would test the sections API, not export): for export tests and benchmarks.
 */
import { benchSectionMarkdown } from '../../src/docx/test-support/sample-documents.js';
import { type Api, createTemplate } from './api.js';
import type { TestServer } from './test-server.js';

/**
 * Creates a template `slug` and an instance of it titled `title` with `count` generated
 * sections (about 0.6 pages each as LibreOffice lays them out); returns the instance id and
 * the section rows written.
 */
export async function createLongDocument(
  server: TestServer,
  api: Api,
  options: { slug: string; title: string; count: number },
): Promise<{ id: string; sections: Array<{ title: string; content: string }> }> {
  const bare = await createTemplate(api, { slug: options.slug, title: options.title });
  const created = await api.post('/v1/documents', { templateId: bare.document.id, title: options.title });
  if (created.status !== 201) throw new Error(`create ${options.slug}: ${created.status}`);
  const id: string = created.body.document.id;
  const org = await server.store.db
    .selectFrom('organizations')
    .select('id')
    .where('slug', '=', api.org ?? 'acme')
    .executeTakeFirstOrThrow();
  const rows = Array.from({ length: options.count }, (_, i) => ({
    id: `sec_${id}_${String(i).padStart(3, '0')}`,
    org_id: org.id,
    document_id: id,
    key: `s${i}`,
    ordinal: i,
    title: `Chapter ${i + 1} review`,
    render_mode: 'synthesized',
    output_type: 'markdown',
    prompt: null,
    output_template: null,
    content: benchSectionMarkdown(i),
    status: 'generated',
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
  }));
  await server.store.db.insertInto('sections').values(rows).execute();
  return { id, sections: rows };
}
