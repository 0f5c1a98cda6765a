/**
 * `quire fields <document> [--field k=v …]`: with `--field`, sets those fields (merged by key;
 * an unknown key is refused before anything is sent), then shows the field rows, enum options
 * included.
 */
import { getFields, putFields } from '../../documents.js';
import { type CommandContext, requireArg } from '../context.js';
import { fieldAssignments, refuseUnknownFields } from '../field-names.js';
import { table } from '../table.js';

export async function fields(ctx: CommandContext): Promise<number> {
  const documentId = requireArg(ctx, 0, 'document');
  const assigned = fieldAssignments(ctx.options.field ?? []);
  const client = ctx.client();
  let rows = await getFields(client, documentId);
  const setting = Object.keys(assigned).length > 0;
  if (setting) {
    refuseUnknownFields(assigned, rows);
    await putFields(client, documentId, assigned);
    rows = await getFields(client, documentId);
  }
  const head = setting ? `Set ${Object.keys(assigned).join(', ')} on ${documentId}.\n` : '';
  ctx.result(
    { fields: rows },
    head +
      (rows.length === 0
        ? 'No fields.'
        : table(
            ['KEY', 'VALUE', 'TYPE', 'REQUIRED', 'OPTIONS'],
            rows.map((f) => [f.key, f.value.replace(/\r?\n/g, ' ⏎ '), f.valueType ?? 'string', f.isRequired ? 'yes' : '', (f.options ?? []).join(' | ')]),
          )),
  );
  return 0;
}
