/**
 * A merge request as sent: JSON `{rows, format, fileNamePattern, mapping}`, or a multipart form
 * with a CSV/.xlsx `file` and the same options as text parts. Both become one `MergeRequest`.
 */
import type { FastifyRequest } from 'fastify';
import { Compile } from 'typebox/compile';
import { DomainValidationError } from '../../kernel/errors.js';
import { rethrowAsBadMultipart } from '../assessments/uploads/malformed-multipart.js';
import type { MergeRequest } from './prepare-merge.js';
import { MergeRunBody } from './merge.schemas.js';
import { tableOfJsonRows } from './merge-table.js';
import { type MergeUpload, readMergeUpload } from './read-merge-upload.js';

const OPTION_PARTS = new Set(['format', 'fileNamePattern', 'mapping']);

/** Compiled on first use: interpreted, the check of a 1,000-row body cost more CPU than filling the letters (issue 30). */
const compileBody = () => Compile(MergeRunBody);
let compiled: ReturnType<typeof compileBody> | null = null;
const bodyValidator = (): ReturnType<typeof compileBody> => (compiled ??= compileBody());

function formatOf(value: unknown): 'docx' | 'pdf' {
  if (value === undefined || value === 'docx') return 'docx';
  if (value === 'pdf') return 'pdf';
  throw new DomainValidationError(`format must be "docx" or "pdf", not ${JSON.stringify(value)}`);
}

function mappingOf(text: string | undefined): Record<string, string | null> | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new DomainValidationError('mapping must be JSON: {"column": "field_key" or null, …}');
  }
  const ok = typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) && Object.values(parsed).every((v) => v === null || typeof v === 'string');
  if (!ok) throw new DomainValidationError('mapping must be a JSON object of column → field key (or null)');
  return parsed as Record<string, string | null>;
}

/** The parts of a multipart form: the one `file` in memory (bounded by the upload limit) and the option parts. */
async function formOf(request: FastifyRequest): Promise<{ upload: MergeUpload; options: Record<string, string> }> {
  let upload: MergeUpload | null = null;
  const options: Record<string, string> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || upload) throw new DomainValidationError('send exactly one file, in the `file` part');
        upload = { bytes: await part.toBuffer(), filename: part.filename ?? '', mimeType: part.mimetype || null };
      } else if (OPTION_PARTS.has(part.fieldname)) {
        options[part.fieldname] = String(part.value);
      } else {
        throw new DomainValidationError(`unknown part "${part.fieldname}": send file, format, fileNamePattern and mapping`);
      }
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new DomainValidationError('the file is larger than UPLOAD_MAX_BYTES');
    rethrowAsBadMultipart(error);
  }
  if (!upload) throw new DomainValidationError('send the table as a `file` part (CSV or .xlsx), or JSON {rows: [...]}');
  return { upload, options };
}

/** @throws DomainValidationError for a body that is neither a valid JSON request nor a readable CSV/.xlsx form. */
export async function readMergeRequest(request: FastifyRequest, maxUploadBytes: number): Promise<MergeRequest> {
  if (request.isMultipart()) {
    const { upload, options } = await formOf(request);
    const table = await readMergeUpload(upload, maxUploadBytes);
    return { table, format: formatOf(options.format), fileNamePattern: options.fileNamePattern, mapping: mappingOf(options.mapping) };
  }
  const body: unknown = request.body;
  const validator = bodyValidator();
  if (!validator.Check(body)) {
    const first = validator.Errors(body)[0];
    throw new DomainValidationError(
      `send JSON {rows: [...], format?, fileNamePattern?, mapping?} or a multipart CSV/.xlsx: ${first ? `${first.instancePath || 'body'} ${first.message}` : 'not an object'}`,
    );
  }
  return { table: tableOfJsonRows(body.rows), format: formatOf(body.format), fileNamePattern: body.fileNamePattern, mapping: body.mapping };
}
