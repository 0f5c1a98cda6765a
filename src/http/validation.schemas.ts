/** The FastAPI-shaped validation error body (`HTTPValidationError`). */
import { Type } from 'typebox';
import { Ref } from '../kernel/schema.js';

export const ValidationError = Type.Object(
  {
    loc: Type.Array(Type.Union([Type.String(), Type.Integer()]), { description: 'where: ["body", "title"], ["query", "dry_run"], …' }),
    msg: Type.String(),
    type: Type.String(),
    ctx: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
    input: Type.Optional(Type.Unknown()),
  },
  { $id: 'ValidationError' },
);

export const HTTPValidationError = Type.Object({ detail: Type.Array(Ref(ValidationError)) }, { $id: 'HTTPValidationError' });
