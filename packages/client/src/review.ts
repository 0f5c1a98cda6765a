/**
 * The review of extracted items (issue #16): a document's items, the page image their boxes are
 * drawn on, and the reviewer's three decisions — validate, correct (value and reason), reject.
 */
import type { QuireClient } from './client.js';
import { QuireApiError, detailOf } from './errors.js';
import type { components, operations } from './generated/service.js';
import { unwrap } from './unwrap.js';

/** An extracted item: value, confidence, provenance (page regions, cells, paragraphs) and validation state. */
export type ExtractedItem = components['schemas']['ExtractedItem'];
/** A human correction of an item; every update is a new revision. */
export type Correction = components['schemas']['Correction'];
export type CorrectionBody = operations['createCorrection']['requestBody']['content']['application/json'];
export type CorrectionReason = CorrectionBody['reason'];
export type ValidateBody = NonNullable<operations['validateExtractedItem']['requestBody']>['content']['application/json'];

/** A page's words with their boxes ([0,1], top-left: the frame of `page_region` anchors), read from its text layer or by OCR. */
export type PageWords = components['schemas']['PageWords'];
export type PageWord = components['schemas']['PageWord'];

/** A page drawn as an image (PNG for a PDF page, the uploaded bytes for an image). */
export interface PageImage {
  content_type: string;
  bytes: Uint8Array;
}

/** Filters and paging of `GET /documents/{id}/extracted-items`. */
export type ExtractedItemsQuery = NonNullable<operations['listExtractedItems']['parameters']['query']>;
export type ExtractedItemPage = components['schemas']['ExtractedItemList'];

/** One page of a source document's items (the service pages by default); pass `next_cursor` back as `cursor`. */
export async function pageExtractedItems(client: QuireClient, documentId: string, query: ExtractedItemsQuery = {}): Promise<ExtractedItemPage> {
  return unwrap(await client.service.GET('/documents/{id}/extracted-items', { params: { path: { id: documentId }, query } }));
}

/**
 * The latest run's items of a source document (superseded items hidden), read page after page
 * of the largest size: the service answers one page per call, never the whole list unasked.
 */
export async function listExtractedItems(
  client: QuireClient,
  documentId: string,
  query: Omit<ExtractedItemsQuery, 'limit' | 'cursor' | 'all'> = {},
): Promise<ExtractedItem[]> {
  const items: ExtractedItem[] = [];
  let cursor: string | undefined;
  do {
    const page = await pageExtractedItems(client, documentId, { ...query, limit: 200, ...(cursor === undefined ? {} : { cursor }) });
    items.push(...page.items);
    cursor = page.next_cursor ?? undefined;
  } while (cursor !== undefined);
  return items;
}

/**
 * `GET /documents/{id}/pages/{page_number}/image`. A browser shows the bytes through an object
 * URL: an `<img src>` pointing at the API could not carry the bearer token.
 */
export async function getPageImage(client: QuireClient, documentId: string, pageNumber: number, options: { dpi?: number } = {}): Promise<PageImage> {
  const { data, error, response } = await client.service.GET('/documents/{id}/pages/{page_number}/image', {
    params: { path: { id: documentId, page_number: pageNumber }, query: options.dpi === undefined ? {} : { dpi: options.dpi } },
    parseAs: 'arrayBuffer',
  });
  if (!response.ok || data === undefined) throw new QuireApiError(response.status, detailOf(error));
  return { content_type: response.headers.get('content-type') ?? 'application/octet-stream', bytes: new Uint8Array(data) };
}

/** `GET /documents/{id}/pages/{page_number}/words`: what a reviewer can pick a value from on the page image. */
export async function getPageWords(client: QuireClient, documentId: string, pageNumber: number): Promise<PageWords> {
  return unwrap(await client.service.GET('/documents/{id}/pages/{page_number}/words', { params: { path: { id: documentId, page_number: pageNumber } } }));
}

/** Confirms (default) or rejects an item; error-severity checks make a confirm 422. */
export async function validateItem(client: QuireClient, documentId: string, itemId: string, body: ValidateBody = {}): Promise<ExtractedItem> {
  return unwrap(
    await client.service.POST('/documents/{id}/extracted-items/{item_id}/validate', { params: { path: { id: documentId, item_id: itemId } }, body }),
  );
}

/** Corrects an item's value (it must fit the item's value type, else 422), with a reason. */
export async function correctItem(client: QuireClient, itemId: string, body: CorrectionBody): Promise<Correction> {
  return unwrap(await client.service.POST('/extracted-items/{item_id}/corrections', { params: { path: { item_id: itemId } }, body }));
}
