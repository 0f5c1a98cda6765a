/** `quire fields <document>`: the field rows, enum options included. */
import { getFields } from '../../documents.js';
import { type CommandContext, requireArg } from '../context.js';
import { table } from '../table.js';

export async function fields(ctx: CommandContext): Promise<number> {
  const rows = await getFields(ctx.client(), requireArg(ctx, 0, 'document'));
  ctx.result(
    { fields: rows },
    rows.length === 0
      ? 'No fields.'
      : table(
          ['KEY', 'VALUE', 'TYPE', 'REQUIRED', 'OPTIONS'],
          rows.map((f) => [f.key, f.value.replace(/\r?\n/g, ' ⏎ '), f.valueType ?? 'string', f.isRequired ? 'yes' : '', (f.options ?? []).join(' | ')]),
        ),
  );
  return 0;
}
