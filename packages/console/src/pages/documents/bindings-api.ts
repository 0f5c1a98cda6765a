/**
 * A document's snippet bindings, over the typed client (`client.v1`): list them in binding order,
 * bind, change a binding's roles or ordinal, unbind; and the organization's entities that roles
 * name. Lists follow `X-Next-Cursor` to the last page. A refusal throws QuireApiError with the
 * server's `{detail}`.
 */
import { type QuireClient, type v1, unwrapResult } from '@quire/client';
import { PAGE_SIZE, allPages } from '../../shell/all-pages';

type Schemas = v1.components['schemas'];
export type SnippetBinding = Schemas['SnippetBinding'];
export type Entity = Schemas['Entity'];
export type BindSnippetBody = Schemas['BindSnippetBody'];
export type UpdateBindingBody = Schemas['UpdateDocumentSnippetBody'];

export async function listBindings(client: QuireClient, documentId: string): Promise<SnippetBinding[]> {
  return allPages((cursor) =>
    client.v1.GET('/v1/documents/{document_id}/snippets', { params: { path: { document_id: documentId }, query: { limit: PAGE_SIZE, cursor } } }),
  );
}

export async function bindSnippet(client: QuireClient, documentId: string, body: BindSnippetBody): Promise<SnippetBinding> {
  return unwrapResult(await client.v1.POST('/v1/documents/{document_id}/snippets', { params: { path: { document_id: documentId } }, body }));
}

export async function updateBinding(client: QuireClient, documentId: string, bindingId: string, body: UpdateBindingBody): Promise<SnippetBinding> {
  return unwrapResult(
    await client.v1.PATCH('/v1/documents/{document_id}/snippets/{binding_id}', { params: { path: { document_id: documentId, binding_id: bindingId } }, body }),
  );
}

export async function unbindSnippet(client: QuireClient, documentId: string, bindingId: string): Promise<void> {
  unwrapResult(
    await client.v1.DELETE('/v1/documents/{document_id}/snippets/{binding_id}', { params: { path: { document_id: documentId, binding_id: bindingId } } }),
  );
}

export async function listEntities(client: QuireClient): Promise<Entity[]> {
  return allPages((cursor) => client.v1.GET('/v1/entities', { params: { query: { limit: PAGE_SIZE, cursor } } }));
}
