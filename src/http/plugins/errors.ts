/**
 * The single error mapper: domain errors and framework errors become the contract's
 * `{detail}` bodies. Commands never set status codes; this file never holds a domain rule.
 *
 * | thrown                         | status | detail                                    |
 * |--------------------------------|--------|-------------------------------------------|
 * | schema validation / bad JSON   | 422    | [{loc, msg, type}] (FastAPI's shape)      |
 * | DomainValidationError          | 422    | message                                   |
 * | NotFoundError                  | 404    | message                                   |
 * | ConflictError                  | 409    | message or structured detail              |
 * | GenerateConflictError          | 409    | {blockedEdited: true, editedSectionTitles}|
 * | UnauthorizedError              | 401    | message                                   |
 * | ForbiddenError                 | 403    | message naming the role needed            |
 * | PayloadTooLargeError           | 413    | message                                   |
 * | JSON body over its route's cap | 413    | the limit in bytes (BODY_LIMIT_BYTES)     |
 * | UpstreamError                  | 502    | message (a model or tool server failed)   |
 * | ServiceUnavailableError        | 503    | message (+ Retry-After when waiting helps)|
 * | database unreachable           | 503    | message, Retry-After                      |
 * | FK violation (a race)          | 404    | the parent was deleted meanwhile          |
 * | unique violation / deadlock    | 409    | a concurrent request wrote the same       |
 * | Fastify 4xx (413/415/multipart)| as is  | message                                   |
 * | anything else                  | 500    | "<ErrorClass>: <message>" (stack in log)  |
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import {
  ConflictError,
  DomainValidationError,
  ForbiddenError,
  GenerateConflictError,
  NotFoundError,
  PayloadTooLargeError,
  ServiceUnavailableError,
  UnauthorizedError,
  UpstreamError,
} from '../../kernel/errors.js';
import { translateStorageRace } from '../../modules/storage-races.js';
import { drainUnreadBody } from '../drain-unread-body.js';
import { boundedDetail, toValidationDetail } from './validation-detail.js';

const JSON_TYPE = 'application/json; charset=utf-8';

/** Registers the error and not-found handlers. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // Error bodies are written as they are, never through a route's response schema (a 422 may
    // be the validation array or a domain string under the same status code). A custom
    // serializer leaves the content type unset, so it is named here.
    reply.serializer(JSON.stringify).type(JSON_TYPE);
    // Refused before its whole body was read: discard the rest, so the connection is not wedged.
    drainUnreadBody(request.raw);
    if (error.validation) {
      return reply.status(422).send({ detail: toValidationDetail(error.validation, error.validationContext) });
    }
    if (isBadJson(error)) {
      return reply.status(422).send({ detail: [{ loc: ['body'], msg: `JSON decode error: ${error.message}`, type: 'json_invalid' }] });
    }
    if (error instanceof NotFoundError) return reply.status(404).send({ detail: boundedDetail(error.message) });
    if (error instanceof DomainValidationError) return reply.status(422).send({ detail: boundedDetail(error.message) });
    if (error instanceof GenerateConflictError) {
      return reply.status(409).send({ detail: { blockedEdited: true, editedSectionTitles: error.editedSectionTitles } });
    }
    if (error instanceof ConflictError)
      return reply.status(409).send({ detail: typeof error.detail === 'string' ? boundedDetail(error.detail) : error.detail });
    if (error instanceof UnauthorizedError) {
      return reply.status(401).header('www-authenticate', 'Bearer').send({ detail: error.message });
    }
    if (error instanceof ForbiddenError) return reply.status(403).send({ detail: error.message });
    if (error instanceof PayloadTooLargeError) return reply.status(413).send({ detail: error.message });
    if (error instanceof UpstreamError) return reply.status(502).send({ detail: error.message });
    // Widened first: FastifyError's required `code` would narrow a domain error class to never.
    // A database that does not answer becomes a ServiceUnavailableError here (storage-races.ts).
    const thrown = translateStorageRace(error);
    if (thrown instanceof ServiceUnavailableError) {
      if (thrown.retryAfterSeconds !== undefined) reply.header('retry-after', String(thrown.retryAfterSeconds));
      return reply.status(503).send({ detail: thrown.message });
    }
    // A JSON body over the route's cap: the 413 names the limit (docs/adr/0083-limits-table.md).
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply
        .status(413)
        .send({ detail: `the request body is larger than the limit of ${request.routeOptions.bodyLimit} bytes (BODY_LIMIT_BYTES); nothing was changed` });
    }
    // A race outside any transaction (see storage-races.ts): its 404/409, handled as above.
    if (thrown instanceof NotFoundError) return reply.status(404).send({ detail: thrown.message });
    if (thrown instanceof ConflictError) return reply.status(409).send({ detail: thrown.detail });
    // Framework errors with a client status (415 media type, 413 body too large, …) keep it.
    if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send({ detail: error.message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ detail: `${error.name || 'Error'}: ${error.message}` });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.serializer(JSON.stringify).type(JSON_TYPE);
    reply.status(404).send({ detail: `Not Found: ${request.method} ${request.url.split('?')[0]}` });
  });
}

/** Malformed or empty JSON bodies: the contract wants the 422 array shape, never a 400. */
function isBadJson(error: FastifyError): boolean {
  return (
    error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || (error instanceof SyntaxError && error.statusCode === 400)
  );
}
