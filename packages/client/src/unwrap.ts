/** openapi-fetch answers `{data}` or `{error}`; the client's helpers want the data or a thrown QuireApiError. */
import { QuireApiError, detailOf } from './errors.js';

export function unwrap<D>(result: { data?: D; error?: unknown; response: Response }): D {
  if (result.data === undefined) throw new QuireApiError(result.response.status, detailOf(result.error));
  return result.data;
}
