/** A new assessment from dropped (or chosen) files, with each file's upload and extraction progress. */
import { type DragEvent, type FormEvent, useState } from 'react';
import { ErrorNotice } from '../../shell/api-errors';
import { navigate } from '../../shell/router';
import { useReadySession } from '../../shell/session';
import { useLoad } from '../../shell/use-load';
import { listLinkableDocuments } from './assessment-api';
import { type FileProgress, uploadAssessment } from './file-uploads';

export function NewAssessmentForm({ onCreated }: { onCreated(): void }) {
  const { client } = useReadySession();
  const linkable = useLoad(() => listLinkableDocuments(client), [client]);
  const [name, setName] = useState('');
  const [linked, setLinked] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState<FileProgress[]>([]);
  const [running, setRunning] = useState(false);
  const [error, setError] = useState<unknown>(undefined);
  const [assessmentId, setAssessmentId] = useState<string | null>(null);
  const [over, setOver] = useState(false);

  const add = (list: FileList | null) => {
    if (!list) return;
    setFiles((current) => [...current, ...Array.from(list)]);
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setOver(false);
    add(event.dataTransfer.files);
  };
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!name.trim()) return setError(new Error('Give the assessment a name.'));
    if (files.length === 0) return setError(new Error('Add at least one file.'));
    setError(undefined);
    setRunning(true);
    setProgress(files.map((f) => ({ name: f.name, size: f.size, stage: 'waiting', detail: 'waiting' })));
    const report = (index: number, change: Partial<FileProgress>) => setProgress((list) => list.map((p, i) => (i === index ? { ...p, ...change } : p)));
    try {
      const id = await uploadAssessment(client, { name: name.trim(), linkedDocumentId: linked || undefined, files }, report);
      setAssessmentId(id);
      onCreated();
    } catch (e) {
      setError(e);
    } finally {
      setRunning(false);
    }
  };

  return (
    <form className="card" onSubmit={submit} aria-labelledby="new-assessment-title">
      <h2 id="new-assessment-title">New assessment</h2>
      <ErrorNotice error={error} />
      <label htmlFor="assessment-name">Name</label>
      <input id="assessment-name" value={name} onChange={(e) => setName(e.target.value)} required aria-required="true" />
      <label htmlFor="assessment-linked">Feeds document (optional)</label>
      <select id="assessment-linked" value={linked} onChange={(e) => setLinked(e.target.value)}>
        <option value="">None</option>
        {(linkable.data ?? []).map((d) => (
          <option key={d.id} value={d.id}>
            {d.title}
          </option>
        ))}
      </select>
      <div
        className={over ? 'drop-zone drop-zone-over' : 'drop-zone'}
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        data-testid="drop-zone"
      >
        <p>Drop PDFs, images, .docx, spreadsheets or text files here, or</p>
        <label htmlFor="assessment-files" className="button button-quiet">
          Choose files
        </label>
        <input id="assessment-files" className="visually-hidden" type="file" multiple onChange={(e) => add(e.target.files)} />
      </div>
      {files.length > 0 && progress.length === 0 ? (
        <ul className="file-list">
          {files.map((f, i) => (
            <li key={`${f.name}:${i}`}>
              {f.name} <span className="hint">({Math.ceil(f.size / 1024)} KB)</span>
            </li>
          ))}
        </ul>
      ) : null}
      {progress.length > 0 ? (
        <table className="table" data-testid="upload-progress">
          <caption className="visually-hidden">Upload and extraction progress</caption>
          <thead>
            <tr>
              <th scope="col">File</th>
              <th scope="col">Progress</th>
            </tr>
          </thead>
          <tbody>
            {progress.map((p, i) => (
              <tr key={`${p.name}:${i}`} data-stage={p.stage}>
                <td>{p.name}</td>
                <td>
                  <span className={`badge badge-stage-${p.stage}`} role="status">
                    {p.stage === 'extracting' ? `extracting (${p.detail})` : p.stage === 'done' ? `done: ${p.detail}` : p.detail}
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <div className="actions">
        <button type="submit" disabled={running}>
          {running ? 'Uploading…' : 'Create assessment'}
        </button>
        {assessmentId && !running ? (
          <button type="button" className="button-quiet" onClick={() => navigate(`/assessments/${encodeURIComponent(assessmentId)}`)}>
            Open the assessment
          </button>
        ) : null}
      </div>
    </form>
  );
}
