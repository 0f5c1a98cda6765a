/**
 * The media types `sniff-file.ts` gives the files it can process (those with a `kind`). An
 * accepted upload is stored, and served back by `GET /documents/{id}/content`, with one of
 * them, so the contract names them (docs/adr/0771-binary-answers-typed-errors.md). A module of
 * its own so the route that declares them does not load the sniffer.
 */

/** MIME types of the OOXML parts we accept. */
export const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const DOCM_MIME = 'application/vnd.ms-word.document.macroEnabled.12';
export const XLSM_MIME = 'application/vnd.ms-excel.sheet.macroEnabled.12';

export const IMAGE_MIME_TYPES = ['image/png', 'image/jpeg', 'image/tiff', 'image/bmp', 'image/webp', 'image/gif'] as const;

/** The text flavours the sniffer tells apart: CSV, TSV, Markdown, plain text. */
export const TEXT_MIME_TYPES = ['text/csv', 'text/tab-separated-values', 'text/markdown', 'text/plain'] as const;

export const KIND_MIME_TYPES: readonly string[] = ['application/pdf', ...IMAGE_MIME_TYPES, DOCX_MIME, DOCM_MIME, XLSX_MIME, XLSM_MIME, ...TEXT_MIME_TYPES];
