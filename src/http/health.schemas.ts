/** `GET /health`'s answer. */
import { Type } from 'typebox';
import { StringEnum } from '../kernel/schema.js';

export const HealthResponse = Type.Object(
  {
    status: StringEnum(['ok', 'unavailable'], { description: 'ok (200) or unavailable (503: the database did not answer)' }),
    database: StringEnum(['sqlite', 'postgres'], { description: 'the database dialect' }),
    version: Type.String({ description: 'the service version' }),
  },
  { $id: 'HealthResponse' },
);

/** `GET /ready`'s 200 answer (a 503 answers `ErrorResponse`, its detail naming what is down). */
export const ReadyResponse = Type.Object(
  {
    status: StringEnum(['ready']),
    database: StringEnum(['sqlite', 'postgres'], { description: 'the database dialect' }),
    jobs: StringEnum(['running', 'not-run-here'], { description: 'not-run-here in a process that runs no jobs (ROLE=api)' }),
  },
  { $id: 'ReadyResponse' },
);

/** The probes' schemas: components of the whole-service document only (the probes are not /v1). */
export const PROBE_SCHEMAS = [HealthResponse, ReadyResponse];
