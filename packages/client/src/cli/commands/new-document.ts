/** `quire new <template> --field k=v …`: a document from a template (by slug or id). */
import { createDocument, getFields } from '../../documents.js';
import { QuireApiError } from '../../errors.js';
import { findTemplate } from '../../templates.js';
import { type CommandContext, requireArg } from '../context.js';
import { fieldAssignments, refuseUnknownFields } from '../field-names.js';

export async function newDocument(ctx: CommandContext): Promise<number> {
  const name = requireArg(ctx, 0, 'template');
  const fields = fieldAssignments(ctx.options.field ?? []);
  const client = ctx.client();
  const template = await findTemplate(client, name);
  if (!template) throw new QuireApiError(404, `no template "${name}"; \`quire templates\` lists them`);
  // A template is a document: its fields are the ones a new document gets.
  if (Object.keys(fields).length > 0) refuseUnknownFields(fields, await getFields(client, template.id));
  const created = await createDocument(client, { templateId: template.id, fields, ...(ctx.options.title ? { title: ctx.options.title } : {}) });
  ctx.result(created, `Created ${created.document.id} "${created.document.title}" from ${template.slug ?? template.id}.`);
  return 0;
}
