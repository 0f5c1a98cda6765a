/**
 * Small factories for command tests: each inserts one row through the repositories (never raw
 * SQL) and returns its record, with sensible defaults that the overrides replace.
 *
 *   const org = await buildOrg(db);
 *   const doc = await buildDocument(db, { orgId: org.id, title: 'Letter' });
 *   await buildSection(db, { orgId: org.id, documentId: doc.id, status: 'edited' });
 */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Membership, OrgActor } from '../../src/kernel/actor.js';
import { newId } from '../../src/kernel/ids.js';
import { createRepos } from '../../src/modules/repos.js';
import type { DataNeedRecord } from '../../src/modules/documents/data-needs/data-need.repository.js';
import type { DocumentRecord } from '../../src/modules/documents/document.repository.js';
import type { FieldRecord } from '../../src/modules/documents/fields/field.repository.js';
import type { SectionRecord } from '../../src/modules/documents/sections/section.repository.js';
import type { RiskBlockRecord } from '../../src/modules/library/risk-blocks/risk-block.repository.js';
import type { TextRecord } from '../../src/modules/library/texts/text.repository.js';
import type { Database } from '../../src/storage/schema.js';

/** What factories stamp rows with unless told otherwise. */
export const FACTORY_TIME = '2026-01-01T00:00:00.000Z';

const unique = () => randomBytes(4).toString('hex');

export interface TestOrg {
  id: string;
  slug: string;
  displayName: string;
}

/** An organization (unique slug unless given). */
export async function buildOrg(db: Kysely<Database>, overrides: Partial<Omit<TestOrg, 'id'>> = {}): Promise<TestOrg> {
  const slug = overrides.slug ?? `org-${unique()}`;
  const displayName = overrides.displayName ?? `Org ${slug}`;
  const id = await createRepos(db).identity.ensureOrganization(slug, displayName);
  return { id, slug, displayName };
}

/** The caller acting in `org` (a member; no database row needed by commands). */
export function actorFor(org: TestOrg, overrides: Partial<OrgActor> = {}): OrgActor {
  const membership: Membership = { orgId: org.id, slug: org.slug, displayName: org.displayName, isDefault: true, role: 'owner' };
  return {
    userId: 'usr_test',
    subject: 'test-user',
    email: 'tester@example.com',
    memberships: [membership],
    org: membership,
    bearerToken: 'test-token',
    bearerTokenExpiresAt: '2099-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** A document instance (a template with `isTemplate: true`, which also gets a slug). */
export async function buildDocument(db: Kysely<Database>, overrides: Partial<DocumentRecord> & { orgId: string }): Promise<DocumentRecord> {
  const { orgId, ...rest } = overrides;
  const isTemplate = rest.isTemplate ?? false;
  return createRepos(db).documents.insert(orgId, {
    id: newId('doc'),
    slug: isTemplate ? `tpl-${unique()}` : null,
    title: 'Engagement letter',
    description: null,
    isTemplate,
    templateId: null,
    state: 'draft',
    config: {},
    createdBy: 'tester@example.com',
    createdAt: FACTORY_TIME,
    updatedAt: FACTORY_TIME,
    ...rest,
  });
}

/** A template: a document with `isTemplate: true` and a slug. */
export async function buildTemplate(db: Kysely<Database>, overrides: Partial<DocumentRecord> & { orgId: string }): Promise<DocumentRecord> {
  return buildDocument(db, { isTemplate: true, title: 'Letter template', ...overrides });
}

/** A string field at the end of the document's fields. */
export async function buildField(db: Kysely<Database>, overrides: Partial<FieldRecord> & { orgId: string; documentId: string }): Promise<FieldRecord> {
  const { orgId, ...rest } = overrides;
  const fields = createRepos(db).fields;
  const existing = await fields.listByDocument(orgId, rest.documentId);
  const field: FieldRecord = {
    id: newId('fld'),
    key: `field_${unique()}`,
    value: 'value',
    valueType: 'string',
    isRequired: false,
    label: null,
    description: null,
    options: null,
    ordinal: existing.length,
    ...rest,
  };
  await fields.insert(orgId, field, FACTORY_TIME);
  return field;
}

/** A templated section at the end of the document. */
export async function buildSection(db: Kysely<Database>, overrides: Partial<SectionRecord> & { orgId: string; documentId: string }): Promise<SectionRecord> {
  const { orgId, ...rest } = overrides;
  const sections = createRepos(db).sections;
  const existing = await sections.listByDocument(orgId, rest.documentId);
  const key = rest.key ?? `section_${unique()}`;
  return sections.insert(orgId, {
    id: newId('sec'),
    key,
    ordinal: existing.length,
    title: `Section ${key}`,
    renderMode: 'templated',
    outputType: 'markdown',
    prompt: null,
    outputTemplate: 'Text of {{ document.title }}',
    content: null,
    status: 'empty',
    createdAt: FACTORY_TIME,
    updatedAt: FACTORY_TIME,
    ...rest,
  });
}

/** A `static` data-need (value = its output key) at the end of the document's needs. */
export async function buildDataNeed(db: Kysely<Database>, overrides: Partial<DataNeedRecord> & { orgId: string; documentId: string }): Promise<DataNeedRecord> {
  const { orgId, ...rest } = overrides;
  const needs = createRepos(db).dataNeeds;
  const existing = await needs.listByDocument(orgId, rest.documentId);
  const outputKey = rest.outputKey ?? `need_${unique()}`;
  return needs.insert(orgId, {
    id: newId('dn'),
    ordinal: existing.length,
    kind: 'static',
    outputKey,
    name: null,
    args: { value: outputKey },
    dependsOn: null,
    promptBody: null,
    toolRef: null,
    toolsAvailable: null,
    createdAt: FACTORY_TIME,
    updatedAt: FACTORY_TIME,
    ...rest,
  });
}

/** A library text (phrase atom). */
export async function buildText(db: Kysely<Database>, overrides: Partial<TextRecord> & { orgId: string }): Promise<TextRecord> {
  const { orgId, ...rest } = overrides;
  return createRepos(db).texts.insert(orgId, {
    id: newId('txt'),
    key: `text_${unique()}`,
    value: 'Standard wording',
    valueType: 'string',
    name: null,
    description: null,
    headingTemplate: null,
    narrativeTemplate: null,
    bullets: [],
    entityRolesUsed: [],
    createdAt: FACTORY_TIME,
    updatedAt: FACTORY_TIME,
    ...rest,
  });
}

/** A draft risk block. */
export async function buildRiskBlock(db: Kysely<Database>, overrides: Partial<RiskBlockRecord> & { orgId: string }): Promise<RiskBlockRecord> {
  const { orgId, ...rest } = overrides;
  return createRepos(db).riskBlocks.insert(orgId, {
    id: newId('rb'),
    key: `risk_${unique()}`,
    heading: 'Data transfer risk',
    template: 'Transfers to {{ country }} need safeguards.',
    status: 'draft',
    statutoryRef: null,
    appliesTo: null,
    approvedBy: null,
    approvedAt: null,
    createdAt: FACTORY_TIME,
    updatedAt: FACTORY_TIME,
    ...rest,
  });
}
