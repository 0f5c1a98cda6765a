/**
 * The zip-bomb check a processor makes before inflating an OOXML package (docx, xlsx). Defence in
 * depth behind `validateUpload`, which applies the upload's own limits: a processor may run on a
 * file stored before those limits were tightened, or be called directly.
 */
import { procError } from './processing-error.js';
import type { ProcessingError } from './types.js';
import { readZipDirectory } from './zip-directory.js';

/** Uncompressed bytes a processor agrees to inflate from an OOXML package. */
const MAX_OOXML_UNCOMPRESSED = 256 * 1024 * 1024;

/** An error when the zip's central directory announces more than the cap or an expansion ratio above 200 (nothing is inflated to find out). */
export function zipBombError(bytes: Buffer, component: string): ProcessingError | null {
  const dir = readZipDirectory(bytes);
  if (!dir) return procError('corrupt', 'source_unavailable', component, 'the archive cannot be opened');
  if (dir.total_uncompressed > MAX_OOXML_UNCOMPRESSED || dir.total_uncompressed / Math.max(1, bytes.length) > 200) {
    return procError('zip_bomb_suspected', 'policy', component, `the archive would expand to ${dir.total_uncompressed} bytes; not processed`);
  }
  return null;
}
