/** A stored Word template as `GET …/word-template` answers it. */
import type { WordTemplateRecord } from './word-template.repository.js';

export interface WordTemplateView {
  fileName: string;
  sizeBytes: number;
  sha256: string;
  uploadedAt: string;
  uploadedBy: string | null;
  inherited: boolean;
  fileUrl: string;
  report: WordTemplateRecord['report'];
}

/** @param ownerPath the owner's URL (`/v1/templates/letter`, `/v1/documents/doc_…`) */
export function presentWordTemplate(record: WordTemplateRecord, ownerPath: string, inherited: boolean): WordTemplateView {
  return {
    fileName: record.fileName,
    sizeBytes: record.sizeBytes,
    sha256: record.sha256,
    uploadedAt: record.uploadedAt,
    uploadedBy: record.uploadedBy,
    inherited,
    fileUrl: `${ownerPath}/word-template/file`,
    report: record.report,
  };
}
