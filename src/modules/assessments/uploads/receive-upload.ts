/**
 * The one upload sequence of the assessment area's multipart routes (`POST /assessments`,
 * `POST /assessments/{id}/documents`, `POST /documents`): refuse a body that is not multipart,
 * run the gates that must pass before a byte is read, receive the parts (streamed to the blob
 * store with the size cap), check the field names, hand the files to the use case, and remove
 * the stored blobs when anything after receiving fails, so a refused request keeps nothing.
 * Receiving maps its own failures (413 too large, 422 malformed); the unread rest of a refused
 * body is drained by the error handler (http/plugins/errors.ts), so the connection stays usable.
 */
import type { FastifyRequest } from 'fastify';
import { requireOrg } from '../../../kernel/actor.js';
import { DomainValidationError } from '../../../kernel/errors.js';
import type { BlobStore } from '../../../storage/blobs/blob-store.js';
import { type ReceivedMultipart, discardFiles, receiveMultipart } from './receive-multipart.js';

/** Where the files go and how large one may be. */
export interface UploadTarget {
  blobs: BlobStore;
  maxBytes: number;
}

/** One upload route's part of the sequence. */
export interface UploadSteps<P, T> {
  /** The 422 message for a body that is not multipart/form-data. */
  notMultipart: string;
  /** Gates that must pass before the body is read (context, tenancy): a refusal stores nothing. */
  prepare(): P | Promise<P>;
  /** The accepted non-file field names; absent when the use case checks its own fields. */
  fields?: readonly string[];
  /** Refuse a request without any file (422). */
  requireFiles?: boolean;
  /** The use case over the received files; when it throws, their blobs are removed. */
  use(prepared: P, received: ReceivedMultipart): Promise<T>;
}

/**
 * Runs the upload sequence around `steps.use`.
 *
 * @throws DomainValidationError when the body is not multipart or malformed, a field is unknown, or a required file is missing.
 * @throws PayloadTooLargeError when a file exceeds `target.maxBytes` (nothing is kept).
 * @throws whatever `prepare` or `use` throws (after the received blobs are removed).
 */
export async function receiveUpload<P, T>(request: FastifyRequest, target: UploadTarget, steps: UploadSteps<P, T>): Promise<T> {
  if (!request.isMultipart()) throw new DomainValidationError(steps.notMultipart);
  const prepared = await steps.prepare();
  // The blobs belong to the active organization (prepare has just required one).
  const orgId = requireOrg(request.actor).org.orgId;
  const received = await receiveMultipart(request.parts(), target.blobs, orgId, target.maxBytes);
  try {
    checkReceived(received, steps);
    return await steps.use(prepared, received);
  } catch (error) {
    await discardFiles(target.blobs, orgId, received.files);
    throw error;
  }
}

function checkReceived(received: ReceivedMultipart, steps: Pick<UploadSteps<unknown, unknown>, 'fields' | 'requireFiles'>): void {
  if (steps.fields) {
    const allowed = new Set(steps.fields);
    const unknown = Object.keys(received.fields).filter((f) => !allowed.has(f));
    if (unknown.length > 0) throw new DomainValidationError(`unknown field(s): ${unknown.join(', ')}`);
  }
  if (steps.requireFiles && received.files.length === 0) throw new DomainValidationError('no file: send one or more `files` parts');
}
