/** All org-scoped repositories over one database handle (the db or a transaction). */
import type { Kysely } from 'kysely';
import type { Database } from '../storage/schema.js';
import { DataNeedRepository } from './data-needs/data-need.repository.js';
import { GatheredValueRepository } from './data-needs/gathered-value.repository.js';
import { DocumentRepository } from './documents/document.repository.js';
import { FieldRepository } from './documents/field.repository.js';
import { SectionVersionRepository } from './sections/section-version.repository.js';
import { SectionRepository } from './sections/section.repository.js';

export interface Repos {
  documents: DocumentRepository;
  fields: FieldRepository;
  sections: SectionRepository;
  sectionVersions: SectionVersionRepository;
  dataNeeds: DataNeedRepository;
  gathered: GatheredValueRepository;
}

export function createRepos(db: Kysely<Database>): Repos {
  return {
    documents: new DocumentRepository(db),
    fields: new FieldRepository(db),
    sections: new SectionRepository(db),
    sectionVersions: new SectionVersionRepository(db),
    dataNeeds: new DataNeedRepository(db),
    gathered: new GatheredValueRepository(db),
  };
}
