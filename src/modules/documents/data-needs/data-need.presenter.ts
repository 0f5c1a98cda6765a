/** Data-needs on the wire: the DataNeedCreateBody keys, read back. */
import type { DataNeedRecord } from './data-need.repository.js';

export function presentDataNeed(need: DataNeedRecord) {
  return {
    id: need.id,
    documentId: need.documentId,
    ordinal: need.ordinal,
    kind: need.kind,
    output_key: need.outputKey,
    name: need.name,
    args_json: need.args,
    depends_on: need.dependsOn,
    prompt_body: need.promptBody,
    tool_ref: need.toolRef,
    tools_available: need.toolsAvailable,
    createdAt: need.createdAt,
    updatedAt: need.updatedAt,
  };
}
