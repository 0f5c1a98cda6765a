/** Section drafts on the wire (ADR 0621). */
import { Type } from 'typebox';
import { LIMITS } from '../../../../kernel/limits.js';
import { Nullable } from '../../../../kernel/schema.js';

export const SectionDraftBody = Type.Object(
  {
    content: Type.String({ maxLength: LIMITS.templateChars, description: 'the text typed so far (Markdown), not yet published' }),
    baseVersion: Type.Optional(Nullable(Type.Integer({ minimum: 1, description: 'the section version the edit started from' }))),
  },
  { $id: 'SectionDraftBody', additionalProperties: false },
);

export const SectionDraft = Type.Object(
  {
    sectionId: Type.String(),
    content: Type.String(),
    baseVersion: Nullable(Type.Integer({ description: 'the section version the edit started from, when sent' })),
    updatedBy: Nullable(Type.String({ description: 'who saved it last' })),
    updatedAt: Type.String(),
  },
  { $id: 'SectionDraft' },
);

export const SECTION_DRAFT_SCHEMAS = [SectionDraftBody, SectionDraft];
