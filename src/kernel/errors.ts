/**
 * Domain errors. Commands throw these; only `http/plugins/errors.ts` knows how they map to
 * HTTP status codes and `{detail}` bodies. Nothing in this file knows about HTTP.
 */

/** Base class of every error a command may throw on purpose. */
export class DomainError extends Error {
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}

/** The entity does not exist in the caller's organization (also: it exists in another one). */
export class NotFoundError extends DomainError {}

/** The request is well-formed but breaks a domain rule (maps to 422 with a string detail). */
export class DomainValidationError extends DomainError {}

/** A unique key (text key, voice name, …) is already taken in the organization (maps to 409). */
export class ConflictError extends DomainError {
  /** Optional structured detail; when absent the message is the detail. */
  readonly detail: unknown;
  constructor(message: string, detail?: unknown) {
    super(message);
    this.detail = detail ?? message;
  }
}

/** Generation refused because hand-edited sections exist and neither force nor preserveEdited was sent. */
export class GenerateConflictError extends DomainError {
  readonly editedSectionTitles: string[];
  constructor(editedSectionTitles: string[]) {
    super(`hand-edited sections exist: ${editedSectionTitles.join(', ')}`);
    this.editedSectionTitles = editedSectionTitles;
  }
}

/** The bearer token is missing, malformed or does not verify (maps to 401). */
export class UnauthorizedError extends DomainError {}

/** The caller is a member of the organization but its role does not allow this (maps to 403). */
export class ForbiddenError extends DomainError {}

/** The upload is larger than the configured cap (maps to 413). */
export class PayloadTooLargeError extends DomainError {}

/** A service we depend on (a model provider, a tool server) failed; maps to 502, retryable. */
export class UpstreamError extends DomainError {}

/**
 * A capability of this installation is switched off or saturated (the PDF converter is not
 * installed, or every converter stayed busy); maps to 503, with `Retry-After` when waiting helps.
 */
export class ServiceUnavailableError extends DomainError {
  constructor(
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}
