/**
 * The one constructor of a `ProcessingError`, so every error a processor, loader or the model
 * half of `prc_llm_fields` reports has the same shape (`page_number` null when the error is not
 * about one page).
 */
import type { ErrorCategory, ProcessingError } from './types.js';

/** A categorised processing error. */
export function procError(code: string, category: ErrorCategory, component: string, message: string, page: number | null = null): ProcessingError {
  return { code, category, component, message, page_number: page };
}
