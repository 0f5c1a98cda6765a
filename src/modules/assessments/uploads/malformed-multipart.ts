/**
 * A broken multipart body (no boundary, a part cut short) surfaces from the parser as a plain
 * `Error`, possibly while a file stream is being read. That is the client's fault: 422, not 500.
 * Errors of our own (domain errors) and I/O errors (which carry a `code`) pass through.
 */
import { DomainError, DomainValidationError } from '../../../kernel/errors.js';

const PARSER_MESSAGES = /multipart|boundary|unexpected end of (form|multipart)|malformed part header/i;

export function isMalformedMultipart(error: unknown): boolean {
  if (!(error instanceof Error) || error instanceof DomainError) return false;
  if ((error as NodeJS.ErrnoException).code !== undefined) return false;
  return PARSER_MESSAGES.test(error.message);
}

/** Rethrows a parser error as a 422 with its message; anything else unchanged. */
export function rethrowAsBadMultipart(error: unknown): never {
  if (isMalformedMultipart(error)) throw new DomainValidationError(`the multipart body is malformed: ${(error as Error).message}`);
  throw error;
}
