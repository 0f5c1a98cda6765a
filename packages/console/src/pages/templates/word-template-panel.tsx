/**
 * The Word template of a template or of one document (issue #30): which file is in use (a
 * document's own, or its template's — "inherited"), its report, download and remove; and, for a
 * role that may change it, an upload that is checked first — the report shown before anything is
 * stored — then stored. A file the server refuses (422) shows its report: nothing was stored.
 */
import type { QuireClient } from '@quire/client';
import { type FormEvent, useEffect, useState } from 'react';
import { ErrorNotice } from '../../shell/api-errors';
import { formatDate } from '../../shell/format-date';
import { useLoad } from '../../shell/use-load';
import {
  type WordTemplateInfo,
  type WordTemplateOwner,
  type WordTemplateReport,
  downloadWordTemplate,
  getWordTemplate,
  inspectWordTemplate,
  removeWordTemplate,
  saveBlob,
  storeWordTemplate,
} from './word-template-api';
import { WordTemplateReportView } from './word-template-report';
import './word-templates.css';

/** The panel's anchor, for the readiness checklist's links. */
export const WORD_TEMPLATE_ANCHOR = 'word-template';

function sizeText(bytes: number): string {
  return bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

function CurrentFile(props: {
  info: WordTemplateInfo | null;
  owner: WordTemplateOwner;
  busy: boolean;
  canEdit: boolean;
  onDownload(): void;
  onRemove(): void;
}) {
  const { info, owner } = props;
  if (!info)
    return (
      <p data-testid="word-template-status">
        No Word template: {owner.kind === 'template' ? 'documents made from this template export' : 'this document exports'} with the built-in layout.
      </p>
    );
  return (
    <>
      <p data-testid="word-template-status">
        {info.inherited ? 'Uses its template’s Word template (inherited): ' : owner.kind === 'document' ? 'Uses its own Word template: ' : 'Word template: '}
        <strong>{info.fileName}</strong> ({sizeText(info.sizeBytes)}, uploaded {formatDate(info.uploadedAt)}).
      </p>
      <div className="form-actions">
        <button type="button" className="button-quiet" onClick={props.onDownload}>
          Download {info.fileName}
        </button>
        {props.canEdit && !info.inherited ? (
          <button type="button" className="button-danger" disabled={props.busy} onClick={props.onRemove}>
            {owner.kind === 'document' ? 'Remove this document’s Word template' : 'Remove Word template'}
          </button>
        ) : null}
      </div>
      <details>
        <summary>Report of the stored file</summary>
        <WordTemplateReportView report={info.report} title={`Report of ${info.fileName}`} />
      </details>
    </>
  );
}

export function WordTemplatePanel(props: {
  client: QuireClient;
  owner: WordTemplateOwner;
  canEdit: boolean;
  /** After a store or a removal. */
  onChanged?(): void;
  /** Whenever the Word template in use is read (null: none). */
  onInfo?(info: WordTemplateInfo | null): void;
}) {
  const { client, owner, canEdit, onChanged, onInfo } = props;
  const ownerKey = owner.kind === 'template' ? owner.slug : owner.documentId;
  const current = useLoad(() => getWordTemplate(client, owner), [client, owner.kind, ownerKey]);
  useEffect(() => {
    if (current.state === 'ready') onInfo?.(current.data);
  }, [current.state, current.data, onInfo]);
  const [file, setFile] = useState<File | null>(null);
  const [checked, setChecked] = useState<WordTemplateReport | null>(null);
  const [refused, setRefused] = useState<{ detail: string; report: WordTemplateReport } | null>(null);
  const [error, setError] = useState<unknown>(undefined);
  const [busy, setBusy] = useState(false);
  const [inputKey, setInputKey] = useState(0);

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
  const reset = () => {
    setFile(null);
    setChecked(null);
    setInputKey((k) => k + 1);
  };
  const store = (chosen: File) =>
    act(async () => {
      const outcome = await storeWordTemplate(client, owner, chosen);
      if (!outcome.stored) return setRefused({ detail: outcome.detail, report: outcome.report });
      reset();
      current.reload();
      onChanged?.();
    });
  // A template's file is checked against the template first; a document's is checked as it is stored.
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    setRefused(null);
    if (owner.kind === 'document') return void store(file);
    void act(async () => setChecked(await inspectWordTemplate(client, file, owner.slug)));
  };
  const remove = () =>
    act(async () => {
      await removeWordTemplate(client, owner);
      current.reload();
      onChanged?.();
    });
  const download = (info: WordTemplateInfo) => act(async () => saveBlob(await downloadWordTemplate(client, owner), info.fileName));

  return (
    <section className="card word-template" aria-labelledby="word-template-title" id={WORD_TEMPLATE_ANCHOR} tabIndex={-1} data-testid="word-template-panel">
      <h2 id="word-template-title">Word template</h2>
      <ErrorNotice error={current.error} title="Could not read the Word template" />
      {current.state === 'loading' && current.data === undefined ? <p role="status">Loading the Word template…</p> : null}
      {current.data !== undefined ? (
        <CurrentFile
          info={current.data}
          owner={owner}
          busy={busy}
          canEdit={canEdit}
          onDownload={() => current.data && void download(current.data)}
          onRemove={() => void remove()}
        />
      ) : null}
      <ErrorNotice error={error} />
      {canEdit ? (
        <UploadForm
          owner={owner}
          inputKey={inputKey}
          busy={busy}
          hasFile={file !== null}
          onFile={(chosen) => {
            setFile(chosen);
            setChecked(null);
            setRefused(null);
          }}
          onSubmit={submit}
        />
      ) : (
        <p className="hint">Your role can read the Word template but not change it.</p>
      )}
      {checked && file ? <CheckedFile report={checked} file={file} busy={busy} onStore={() => void store(file)} onCancel={reset} /> : null}
      {refused ? (
        <div data-testid="word-template-refused">
          <p className="notice notice-error" role="alert">
            <strong>Not stored: </strong>
            {refused.detail || 'the file has errors.'}
          </p>
          <WordTemplateReportView report={refused.report} title="Why it was refused" />
        </div>
      ) : null}
    </section>
  );
}

function UploadForm(props: {
  owner: WordTemplateOwner;
  inputKey: number;
  busy: boolean;
  hasFile: boolean;
  onFile(file: File | null): void;
  onSubmit(event: FormEvent): void;
}) {
  const isDocument = props.owner.kind === 'document';
  return (
    <form className="word-upload" onSubmit={props.onSubmit} aria-label={isDocument ? 'Upload this document’s Word template' : 'Upload a Word template'}>
      <div className="field">
        <label htmlFor="word-template-file">{isDocument ? 'A Word file (.docx) for this document only' : 'Word file (.docx)'}</label>
        <input
          key={props.inputKey}
          id="word-template-file"
          type="file"
          accept=".docx,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
          onChange={(event) => props.onFile(event.target.files?.[0] ?? null)}
        />
      </div>
      <button type="submit" disabled={props.busy || !props.hasFile}>
        {props.busy ? 'Working…' : isDocument ? 'Upload for this document' : 'Check file'}
      </button>
    </form>
  );
}

function CheckedFile(props: { report: WordTemplateReport; file: File; busy: boolean; onStore(): void; onCancel(): void }) {
  return (
    <div data-testid="word-template-checked">
      <WordTemplateReportView report={props.report} title={`Report of ${props.file.name}`} />
      <div className="form-actions">
        <button type="button" disabled={props.busy || !props.report.valid} onClick={props.onStore}>
          Store Word template
        </button>
        <button type="button" className="button-quiet" onClick={props.onCancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}
