/** @quire/client: the typed client of the Quire API. */
export { createQuireClient, type QuireClient, type QuireClientOptions } from './client.js';
export { DEFAULT_RETRY_POLICY, RETRYABLE_STATUSES, type RetryPolicy, retryingFetch, retryAfterMs } from './retry.js';
export { GenerateConflict, ProgressDeadlineExceeded, ProgressStreamInterrupted, QuireApiError, detailMessage } from './errors.js';
export { devLogin, exchangeOidcCode, getOidcSignIn, type OidcCodeExchange, refreshOidcToken, revokeOidcToken, whoami } from './auth.js';
export { unwrap } from './unwrap.js';
export { nextCursorOf, walkPages, type PageResult } from './pages.js';
export { findTemplate, listTemplates, type TemplateSummary } from './templates.js';
export { listOrgs, type MemberRole, type OrgSummary } from './orgs.js';
export { listDocuments, type DocumentListQuery, type DocumentPage, type DocumentSummary } from './document-list.js';
export {
  createDocument,
  getDocument,
  getFields,
  getReadiness,
  putFields,
  type CreateDocumentBody,
  type DocumentDetail,
  type DocumentHeader,
  type FieldModel,
  type FieldValues,
  type SectionSummary,
} from './documents.js';
export { startGeneration, type GenerateBody, type GenerateResponse } from './generate.js';
export { discardSectionDraft, getSectionDraft, regenerateSection, saveSectionDraft, type SectionDraft } from './section-edits.js';
export { followProgress, type FollowOptions } from './follow-progress.js';
export { followLive, type FollowLiveOptions, type LiveEvent } from './follow-live.js';
export {
  isTerminal,
  type EventFrame,
  type ProgressEvent,
  type ProgressEventName,
  type ProgressEventOf,
  type Readiness,
  type ReadinessGap,
  type TerminalEvent,
} from './progress-events.js';
export { exportDocx, type ExportedDocx } from './export-docx.js';
export {
  createSnapshot,
  diffGenerationSnapshots,
  exportPdf,
  listGenerationSnapshots,
  listSectionVersions,
  listSnapshots,
  putSectionOutput,
  restoreSectionVersion,
  restoreSnapshot,
  setDocumentState,
  type DocumentState,
  type GenerationSnapshotDiff,
  type GenerationSnapshotSummary,
  type SectionVersion,
  type Snapshot,
  type Source,
} from './history.js';
export {
  addAssessmentDocuments,
  createAssessment,
  getAssessment,
  type AssessmentStatus,
  type CreatedAssessment,
  type UploadFile,
  type UploadResult,
} from './assessments.js';
export {
  correctItem,
  getPageImage,
  getPageWords,
  listExtractedItems,
  pageExtractedItems,
  validateItem,
  type Correction,
  type CorrectionBody,
  type CorrectionReason,
  type ExtractedItem,
  type PageImage,
  type PageWord,
  type PageWords,
  type ValidateBody,
  type ExtractedItemsQuery,
  type ExtractedItemPage,
} from './review.js';
export type * as v1 from './generated/v1.js';
export type * as service from './generated/service.js';
export { unwrap as unwrapResult } from './unwrap.js';
export {
  downloadMergeResult,
  failedMergeRows,
  getMergeRun,
  putTemplateWordTemplate,
  startMergeRun,
  type MergeRun,
  type MergeRunRow,
  type WordTemplateInfo,
} from './merge-runs.js';
export {
  decideSuggestion,
  deleteComment,
  editComment,
  listDocumentThreads,
  listPeople,
  listSuggestions,
  listThreads,
  openCommentThread,
  proposeSuggestion,
  replyToThread,
  setThreadResolved,
  type Comment,
  type CommentThread,
  type Person,
  type Suggestion,
  type ThreadFilter,
} from './collaboration.js';
