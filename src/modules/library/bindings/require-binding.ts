import { NotFoundError } from '../../../kernel/errors.js';
import type { CommandContext } from '../../context.js';
import { type BindingRecord } from './binding.repository.js';

/**
 * A binding of an already gated document; absent, of another document or of another
 * organization → 404.
 *
 * @throws NotFoundError when the binding is not on the document.
 */
export async function requireBinding(ctx: CommandContext, documentId: string, bindingId: string): Promise<BindingRecord> {
  const binding = await ctx.repos.bindings.findById(ctx.actor.org.orgId, documentId, bindingId);
  if (!binding) throw new NotFoundError(`snippet binding ${bindingId} not found`);
  return binding;
}
