/**
 * Generates a built-in template's document offline through the real service (the same start-up
 * as `npm start`, SQLite in a temp dir, `LLM_PROVIDER=offline`), as a user would: create with
 * fields, generate, follow the progress stream; then reads back its sections, sources and the
 * check stage's verdicts from the run's generation snapshot.
 */
import { collectEvents } from '../../test/support/sse.js';
import type { TestServer } from '../../test/support/test-server.js';

export interface GeneratedDocument {
  /** The document's id (to act on it after the run: finalize, export). */
  id: string;
  template: string;
  sections: Array<{ id: string; title: string; renderMode: string; content: string }>;
  sources: Array<{ n: number; title: string; text: string }>;
  fields: Array<{ label: string; value: string }>;
  /** The run's computed decisions (what a sentence may state without a source). */
  decisions: Array<{ label: string; outcomeLabel: string | null; reasons: string[] }>;
  /** Sentences the check stage flagged, per section id. */
  flagged: Map<string, string[]>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- API answers read loosely, field by field
async function json(server: TestServer, token: string, method: string, url: string, body?: unknown): Promise<any> {
  const res = await server.call(method, url, { token, org: 'acme', body });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as Record<string, unknown>;
}

type Manifest = {
  sources?: Array<{ n: number; title: string; text: string }>;
  unsupported_sections?: Array<{ sectionId: string; claims: Array<{ sentence: string }> }>;
};

export async function generateOffline(server: TestServer, token: string, template: string, fields: Record<string, unknown>): Promise<GeneratedDocument> {
  const created = await json(server, token, 'POST', '/v1/documents', { templateId: template, fields });
  const id = (created.document as { id: string }).id;
  await json(server, token, 'POST', `/v1/documents/${id}/generate`, {});
  const events = await collectEvents(`${server.url}/v1/documents/${id}/progress`, token, { org: 'acme' });
  if (events.at(-1)?.event !== 'pipeline_finished') throw new Error(`${template}: the run ended with ${events.at(-1)?.event}`);
  const doc = await json(server, token, 'GET', `/v1/documents/${id}`);
  const snapshots = await json(server, token, 'GET', `/v1/documents/${id}/generation-snapshots`);
  const items = (Array.isArray(snapshots) ? snapshots : []) as Array<{ id: string }>;
  const full = items[0] ? await json(server, token, 'GET', `/v1/documents/${id}/generation-snapshots/${items[0].id}`) : {};
  const manifest = (full.manifest ?? {}) as Manifest;
  const sections = ((doc.sections ?? []) as Array<Record<string, unknown>>).map((s) => ({
    id: String(s.id),
    title: String(s.title),
    renderMode: String(s.renderMode ?? s.render_mode ?? ''),
    content: String(s.content ?? s.output ?? ''),
  }));
  const flagged = new Map((manifest.unsupported_sections ?? []).map((u) => [u.sectionId, u.claims.map((c) => c.sentence)]));
  const fieldRows = (doc.fields ?? []) as Array<{ key: string; label: string | null; value: string | null }>;
  const docFields = fieldRows.filter((f) => f.value !== null && f.value !== '').map((f) => ({ label: f.label ?? f.key, value: String(f.value) }));
  const decisions = ((doc.decisions ?? []) as Array<{ label: string; outcomeLabel: string | null; reasons: string[] }>).map((d) => ({
    label: d.label,
    outcomeLabel: d.outcomeLabel,
    reasons: d.reasons,
  }));
  return { id, template, sections, sources: manifest.sources ?? [], fields: docFields, decisions, flagged };
}
