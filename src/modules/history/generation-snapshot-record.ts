/** A generation snapshot as read: its own file, so the repository and its decoded-records cache both import it. */
export interface GenerationSnapshotRecord {
  id: string;
  documentId: string;
  runId: string;
  runNumber: number;
  manifest: Record<string, unknown>;
  output: { sections: Array<{ sectionId: string; key: string; title: string; content: string }> };
  manifestHash: string;
  createdAt: string;
}
