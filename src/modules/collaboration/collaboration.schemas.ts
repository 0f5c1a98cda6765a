/** Wire schemas of comments, mentions and suggested edits (issue 33 item 4, ADR 0611). */
import { Type } from 'typebox';
import { LIMITS } from '../../kernel/limits.js';
import { Nullable, Ref, StringEnum } from '../../kernel/schema.js';

export const THREAD_STATUSES = ['open', 'resolved'] as const;
export const SUGGESTION_STATUSES = ['pending', 'accepted', 'rejected'] as const;
const COMMENT_CHARS = 10_000;
const MAX_MENTIONS = 50;

export const Person = Type.Object(
  {
    userId: Type.String(),
    email: Nullable(Type.String()),
    name: Type.String({ description: 'what to show: the part of the e-mail before @, or the sign-in subject' }),
  },
  { $id: 'Person', description: 'A member of the organization as colleagues see them (no role)' },
);

const mentionIds = Type.Optional(
  Type.Array(Type.String(), {
    maxItems: MAX_MENTIONS,
    description: 'user ids of members to mention (a member picker); `@e-mail` or `@name` in the text mentions too',
  }),
);

export const CreateCommentBody = Type.Object(
  { body: Type.String({ minLength: 1, maxLength: COMMENT_CHARS, description: 'the comment text' }), mentions: mentionIds },
  { $id: 'CreateCommentBody', additionalProperties: false },
);

export const UpdateCommentBody = Type.Object(
  { body: Type.String({ minLength: 1, maxLength: COMMENT_CHARS, description: 'the new text (mentions are read again)' }), mentions: mentionIds },
  { $id: 'UpdateCommentBody', additionalProperties: false },
);

export const Comment = Type.Object(
  {
    id: Type.String(),
    threadId: Type.String(),
    author: Ref(Person),
    body: Type.String(),
    mentions: Type.Array(Ref(Person), { description: 'the members this comment mentions' }),
    edited: Type.Boolean({ description: 'true when the author changed the text after posting' }),
    createdAt: Type.String({ format: 'date-time' }),
    updatedAt: Type.String({ format: 'date-time' }),
  },
  { $id: 'Comment' },
);

export const CommentThread = Type.Object(
  {
    id: Type.String(),
    documentId: Type.String(),
    sectionId: Type.String(),
    status: StringEnum(THREAD_STATUSES),
    resolvedBy: Nullable(Ref(Person)),
    resolvedAt: Nullable(Type.String({ format: 'date-time' })),
    createdAt: Type.String({ format: 'date-time' }),
    comments: Type.Array(Ref(Comment), { description: 'the opening comment first, then the replies, oldest first' }),
  },
  { $id: 'CommentThread' },
);

export const ThreadQuery = Type.Object({
  section_id: Type.Optional(Type.String({ description: 'only threads on this section' })),
  status: Type.Optional(StringEnum(THREAD_STATUSES, { description: 'only open or only resolved threads' })),
  mentions: Type.Optional(StringEnum(['me'] as const, { description: '`me`: only threads with a comment that mentions the caller' })),
});

export const CommentDeleted = Type.Object(
  { ok: Type.Boolean(), threadDeleted: Type.Boolean({ description: 'true when it was the last comment, so the thread went too' }) },
  { $id: 'CommentDeleted' },
);

export const CreateSuggestionBody = Type.Object(
  {
    content: Type.String({ maxLength: LIMITS.templateChars, description: "the proposed new text of the section's output" }),
    baseVersion: Type.Optional(
      Type.Integer({ minimum: 0, description: 'the section version the proposal was written against (default: the current one); 409 when no longer current' }),
    ),
    note: Type.Optional(Type.String({ maxLength: COMMENT_CHARS, description: 'why, in a sentence' })),
  },
  { $id: 'CreateSuggestionBody', additionalProperties: false },
);

export const DecideSuggestionBody = Type.Object(
  { note: Type.Optional(Type.String({ maxLength: COMMENT_CHARS, description: 'a word to the author' })) },
  { $id: 'DecideSuggestionBody', additionalProperties: false },
);

export const SuggestionQuery = Type.Object({
  section_id: Type.Optional(Type.String({ description: 'only suggestions for this section' })),
  status: Type.Optional(StringEnum(SUGGESTION_STATUSES, { description: 'only suggestions in this state' })),
});

const DiffPart = Type.Object({ op: StringEnum(['equal', 'insert', 'delete'] as const), text: Type.String() });

export const Suggestion = Type.Object(
  {
    id: Type.String(),
    documentId: Type.String(),
    sectionId: Type.String(),
    status: StringEnum(SUGGESTION_STATUSES),
    content: Type.String({ description: 'the proposed text' }),
    note: Nullable(Type.String()),
    baseVersion: Type.Integer({ description: 'the section version it was made against (0: before any output)' }),
    baseContent: Nullable(Type.String({ description: 'the text of that version' })),
    currentVersion: Type.Integer({ description: "the section's version now" }),
    stale: Type.Boolean({ description: 'true when the section changed since: accepting answers 409' }),
    diff: Type.Array(DiffPart, { description: 'from the base text to the proposal, word by word' }),
    author: Ref(Person),
    createdAt: Type.String({ format: 'date-time' }),
    decidedBy: Nullable(Ref(Person)),
    decidedAt: Nullable(Type.String({ format: 'date-time' })),
    decisionNote: Nullable(Type.String()),
    acceptedVersion: Nullable(Type.Integer({ description: 'the section version the acceptance wrote' })),
  },
  { $id: 'Suggestion' },
);

export const COLLABORATION_SCHEMAS = [
  Person,
  CreateCommentBody,
  UpdateCommentBody,
  Comment,
  CommentThread,
  CommentDeleted,
  CreateSuggestionBody,
  DecideSuggestionBody,
  Suggestion,
];
