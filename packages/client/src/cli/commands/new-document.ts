/** `quire new <template> --field k=v …`: a document from a template (by slug or id). */
import { createDocument } from '../../documents.js';
import { QuireApiError } from '../../errors.js';
import { findTemplate } from '../../templates.js';
import { type CommandContext, requireArg } from '../context.js';
import { UsageError } from '../usage-error.js';

export async function newDocument(ctx: CommandContext): Promise<number> {
  const name = requireArg(ctx, 0, 'template');
  const fields = fieldAssignments(ctx.options.field ?? []);
  const client = ctx.client();
  const template = await findTemplate(client, name);
  if (!template) throw new QuireApiError(404, `no template "${name}"; \`quire templates\` lists them`);
  const created = await createDocument(client, { templateId: template.id, fields, ...(ctx.options.title ? { title: ctx.options.title } : {}) });
  ctx.result(created, `Created ${created.document.id} "${created.document.title}" from ${template.slug ?? template.id}.`);
  return 0;
}

/** `k=v` pairs (the value may contain `=`); a pair without `=` or key is a usage error. */
export function fieldAssignments(pairs: string[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const pair of pairs) {
    const at = pair.indexOf('=');
    if (at <= 0) throw new UsageError(`--field takes key=value, got "${pair}"`);
    fields[pair.slice(0, at)] = pair.slice(at + 1);
  }
  return fields;
}
