/**
 * A .docx checked as a Word template of a document or template, without storing anything: the
 * file is first checked like any upload (magic bytes, zip bombs, size), then its tags are read
 * in the tenant-code pool and bound against what the document provides.
 */
import { DomainValidationError } from '../../../kernel/errors.js';
import { validateUpload } from '../../../extraction/validate-upload.js';
import { inspectWordTemplate } from '../../../tenant-code/word-templates.js';
import type { WordNameCatalog, WordTemplateReport } from '../../../word-template/word-template-types.js';
import type { WordTemplateServices } from '../word-template-services.js';

export interface WordTemplateFile {
  bytes: Buffer;
  filename: string;
  declaredMimeType: string | null;
}

/** An empty catalog: inspecting without a template binds only the names every template sees. */
export const NO_CATALOG: WordNameCatalog = { fields: [], computed: [], gathered: [], entities: [], library: [], sections: [] };

/**
 * @throws DomainValidationError when the file is not a .docx that passes the upload checks.
 */
export async function inspectWordTemplateFile(services: WordTemplateServices, file: WordTemplateFile, catalog: WordNameCatalog): Promise<WordTemplateReport> {
  const verdict = await validateUpload({
    bytes: file.bytes,
    filename: file.filename,
    declaredMimeType: file.declaredMimeType,
    limits: { max_size_bytes: services.uploads.maxBytes, max_pages: services.uploads.maxPages, accepted_kinds: ['docx'] },
  });
  if (!verdict.valid || verdict.detected.kind !== 'docx') {
    const problems = verdict.problems.filter((p) => p.severity === 'error').map((p) => p.message);
    throw new DomainValidationError(`the file is not a Word template (.docx): ${problems.join('; ') || 'not a .docx'}`);
  }
  return inspectWordTemplate(file.bytes, catalog);
}
