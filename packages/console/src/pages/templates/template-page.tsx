/**
 * One template: what it is, a way to start a document from it, its Word template — the
 * customer's own .docx that documents made from it export through — and documents by the
 * hundred from a spreadsheet (merge runs) (issue #30).
 */
import { unwrap } from '@quire/client';
import { ErrorNotice } from '../../shell/api-errors';
import { can } from '../../shell/can';
import { usePageTitle } from '../../shell/page-title';
import { Link } from '../../shell/router';
import { useReadySession } from '../../shell/session';
import { useLoad } from '../../shell/use-load';
import type { PageProps } from '../page-entry';
import { MergeRunsList } from './merge-runs-list';
import { MergeStartPanel } from './merge-start-panel';
import { WordTemplatePanel } from './word-template-panel';

export function TemplatePage({ params }: PageProps) {
  const session = useReadySession();
  const { client } = session;
  const slug = params.slug;
  const template = useLoad(async () => unwrap(await client.v1.GET('/v1/templates/{slug}', { params: { path: { slug } } })), [client, slug]);
  usePageTitle(template.data ? template.data.document.title : 'Template');
  if (template.state === 'failed') return <ErrorNotice error={template.error} title="Could not load the template" />;
  if (!template.data) return <p role="status">Loading the template…</p>;
  const { document } = template.data;
  return (
    <div className="template-page">
      <div className="page-head">
        <div>
          <p className="crumbs">
            <Link to="/templates">Templates</Link> /
          </p>
          <h1>{document.title}</h1>
        </div>
        {can(session.role, 'document.create') ? (
          <div className="form-actions">
            <Link to={`/templates/${encodeURIComponent(slug)}/new`} className="button">
              New document
            </Link>
          </div>
        ) : null}
      </div>
      <WordTemplatePanel client={client} owner={{ kind: 'template', slug }} canEdit={can(session.role, 'wordtemplate.edit')} />
      {can(session.role, 'document.create') ? <MergeStartPanel client={client} slug={slug} fields={template.data.fields} /> : null}
      <MergeRunsList client={client} slug={slug} />
    </div>
  );
}
