/** The generation area's repositories over one database handle (the db or a transaction). */
import type { Kysely } from 'kysely';
import type { Database } from '../../storage/schema.js';
import { GenerationSnapshotRepository } from '../history/generation-snapshot.repository.js';
import { SnapshotRepository } from '../history/snapshot.repository.js';
import { RunEventRepository } from './run-event.repository.js';
import { RunRepository } from './run.repository.js';
import { SynthesizedContextRepository } from './synthesized-context.repository.js';

export function generationRepos(db: Kysely<Database>) {
  return {
    runs: new RunRepository(db),
    events: new RunEventRepository(db),
    synthesized: new SynthesizedContextRepository(db),
    snapshots: new SnapshotRepository(db),
    generationSnapshots: new GenerationSnapshotRepository(db),
  };
}
