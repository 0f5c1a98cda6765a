/** The one message compose-docx.worker.ts posts back to compose-in-worker.ts. */
export type ComposeWorkerResponse = { ok: true; bytes: Uint8Array } | { ok: false; message: string };
