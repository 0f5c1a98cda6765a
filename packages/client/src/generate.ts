/** Starting generation: the 409 of hand-edited sections becomes a typed GenerateConflict. */
import type { QuireClient } from './client.js';
import type { components } from './generated/v1.js';
import { GenerateConflict, QuireApiError, detailOf, isRecord } from './errors.js';

export type GenerateBody = components['schemas']['GenerateBody'];
export type GenerateResponse = components['schemas']['GenerateResponse'];

export async function startGeneration(client: QuireClient, documentId: string, body: GenerateBody = {}): Promise<GenerateResponse> {
  const { data, error, response } = await client.v1.POST('/v1/documents/{document_id}/generate', { params: { path: { document_id: documentId } }, body });
  if (data !== undefined) return data;
  const detail = detailOf(error);
  if (response.status === 409 && isRecord(detail) && Array.isArray(detail.editedSectionTitles)) {
    throw new GenerateConflict(
      detail.editedSectionTitles.filter((title): title is string => typeof title === 'string'),
      detail,
    );
  }
  throw new QuireApiError(response.status, detail);
}
