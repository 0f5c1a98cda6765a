/**
 * Starting a merge run from a spreadsheet (issue #30, item 2): the CSV or .xlsx is previewed
 * first — which column fills which field (changeable here), the columns nothing takes, the
 * required fields nothing fills, the first rows as they will be filled and named, the rows that
 * will fail and why — and only then run. Nothing is created until "Start".
 */
import type { FieldModel, QuireClient } from '@quire/client';
import { type FormEvent, useState } from 'react';
import { ErrorNotice } from '../../shell/api-errors';
import { navigate } from '../../shell/router';
import { type MergeFormat, type MergePreview, previewMerge, startMerge } from './merge-api';
import { MergePreviewView } from './merge-preview-view';
import './word-templates.css';

export function MergeStartPanel({ client, slug, fields }: { client: QuireClient; slug: string; fields: FieldModel[] }) {
  const [file, setFile] = useState<File | null>(null);
  const [format, setFormat] = useState<MergeFormat>('docx');
  const [mapping, setMapping] = useState<Record<string, string | null>>({});
  const [preview, setPreview] = useState<MergePreview | null>(null);
  const [error, setError] = useState<unknown>(undefined);
  const [busy, setBusy] = useState(false);

  const act = async (action: () => Promise<void>) => {
    setBusy(true);
    setError(undefined);
    try {
      await action();
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };
  const showPreview = (chosen: File, nextMapping: Record<string, string | null>, nextFormat: MergeFormat) =>
    act(async () => setPreview(await previewMerge(client, slug, { file: chosen, mapping: nextMapping, format: nextFormat })));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (file) void showPreview(file, mapping, format);
  };
  const remap = (column: string, field: string | null) => {
    const next = { ...mapping, [column]: field };
    setMapping(next);
    if (file) void showPreview(file, next, format);
  };
  const start = () =>
    act(async () => {
      if (!file) return;
      const run = await startMerge(client, slug, { file, mapping, format });
      navigate(`/templates/${encodeURIComponent(slug)}/merge-runs/${encodeURIComponent(run.id)}`);
    });

  return (
    <section className="card" aria-labelledby="merge-title" data-testid="merge-start">
      <h2 id="merge-title">Documents from a spreadsheet</h2>
      <p className="hint">One document per row: the first row names the columns, each column fills a field.</p>
      <form onSubmit={submit} aria-label="Preview a merge run">
        <div className="field">
          <label htmlFor="merge-file">Spreadsheet (.csv or .xlsx)</label>
          <input
            id="merge-file"
            type="file"
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              setMapping({});
              setPreview(null);
            }}
          />
        </div>
        <div className="field">
          <label htmlFor="merge-format">Each document as</label>
          <select id="merge-format" value={format} onChange={(event) => setFormat(event.target.value as MergeFormat)}>
            <option value="docx">Word (.docx)</option>
            <option value="pdf">PDF</option>
          </select>
        </div>
        <button type="submit" disabled={busy || !file}>
          {busy ? 'Working…' : 'Preview'}
        </button>
      </form>
      <ErrorNotice error={error} />
      {preview ? <MergePreviewView preview={preview} fields={fields} busy={busy} onRemap={remap} onStart={() => void start()} /> : null}
    </section>
  );
}
