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
