/**
 * Table types of working together on a document (migration 0027): comment threads on a section,
 * their comments and mentions, and suggested edits. Text ids and ISO timestamps.
 */

/** A thread (`cth_`) on one section: open until an editor resolves it. */
export interface CommentThreadTable {
  id: string;
  org_id: string;
  document_id: string;
  section_id: string;
  /** `open` | `resolved`. */
  status: string;
  resolved_by: string | null;
  resolved_at: string | null;
  created_at: string;
}

/** A comment (`cmt_`) of a thread; the first one opens it. */
export interface CommentTable {
  id: string;
  org_id: string;
  thread_id: string;
  author_id: string;
  author_email: string | null;
  body: string;
  created_at: string;
  updated_at: string;
}

/** A member a comment mentions, by user id. */
export interface CommentMentionTable {
  comment_id: string;
  user_id: string;
  org_id: string;
  thread_id: string;
}

/** A suggested edit (`sug_`): the proposed text and the section version it was made against. */
export interface SectionSuggestionTable {
  id: string;
  org_id: string;
  document_id: string;
  section_id: string;
  base_version: number;
  base_content: string | null;
  content: string;
  note: string | null;
  /** `pending` | `accepted` | `rejected`. */
  status: string;
  author_id: string;
  author_email: string | null;
  decided_by: string | null;
  decided_at: string | null;
  decision_note: string | null;
  /** The section version the acceptance wrote. */
  accepted_version: number | null;
  created_at: string;
}

export interface CollaborationTables {
  comment_threads: CommentThreadTable;
  comments: CommentTable;
  comment_mentions: CommentMentionTable;
  section_suggestions: SectionSuggestionTable;
}
