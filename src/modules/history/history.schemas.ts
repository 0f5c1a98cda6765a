/** Wire schemas of version history, under the contract's exact names. */
import { Type } from 'typebox';
import { Nullable } from '../../kernel/schema.js';

export const CreateSnapshotBody = Type.Object(
  { label: Type.Optional(Nullable(Type.String({ description: 'omitted: an automatic "Version N"' }))) },
  { $id: 'CreateSnapshotBody', additionalProperties: false },
);

export const DeleteSnapshotResponse = Type.Object({ ok: Type.Boolean() }, { $id: 'DeleteSnapshotResponse' });

export const HISTORY_SCHEMAS = [CreateSnapshotBody, DeleteSnapshotResponse];
