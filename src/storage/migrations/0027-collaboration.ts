import type { Kysely } from 'kysely';

/**
 * Working together on a document (issue 33 item 4, ADR 0611): comment threads on a section, their
 * comments, the members each comment mentions, and suggested edits of a section's text. All go
 * with their document (and so with their organization).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('comment_threads')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('document_id', 'text', (c) => c.notNull().references('documents.id').onDelete('cascade'))
    .addColumn('section_id', 'text', (c) => c.notNull().references('sections.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('resolved_by', 'text')
    .addColumn('resolved_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('comment_threads_document_ix').on('comment_threads').columns(['org_id', 'document_id', 'created_at']).execute();

  await db.schema
    .createTable('comments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('thread_id', 'text', (c) => c.notNull().references('comment_threads.id').onDelete('cascade'))
    .addColumn('author_id', 'text', (c) => c.notNull())
    .addColumn('author_email', 'text')
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('comments_thread_ix').on('comments').columns(['org_id', 'thread_id', 'created_at']).execute();

  await db.schema
    .createTable('comment_mentions')
    .addColumn('comment_id', 'text', (c) => c.notNull().references('comments.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('thread_id', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('comment_mentions_pk', ['comment_id', 'user_id'])
    .execute();
  await db.schema.createIndex('comment_mentions_user_ix').on('comment_mentions').columns(['org_id', 'user_id']).execute();

  await db.schema
    .createTable('section_suggestions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('document_id', 'text', (c) => c.notNull().references('documents.id').onDelete('cascade'))
    .addColumn('section_id', 'text', (c) => c.notNull().references('sections.id').onDelete('cascade'))
    .addColumn('base_version', 'integer', (c) => c.notNull())
    .addColumn('base_content', 'text')
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('author_id', 'text', (c) => c.notNull())
    .addColumn('author_email', 'text')
    .addColumn('decided_by', 'text')
    .addColumn('decided_at', 'text')
    .addColumn('decision_note', 'text')
    .addColumn('accepted_version', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('section_suggestions_document_ix').on('section_suggestions').columns(['org_id', 'document_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('section_suggestions').execute();
  await db.schema.dropTable('comment_mentions').execute();
  await db.schema.dropTable('comments').execute();
  await db.schema.dropTable('comment_threads').execute();
}
