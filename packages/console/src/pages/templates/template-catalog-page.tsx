/** The templates the organization can start a document from. */
import { listTemplates } from '@quire/client';
import { ErrorNotice } from '../../shell/api-errors';
import { can } from '../../shell/can';
import { usePageTitle } from '../../shell/page-title';
import { Link } from '../../shell/router';
import { useReadySession } from '../../shell/session';
import { useLoad } from '../../shell/use-load';

export function TemplateCatalogPage() {
  usePageTitle('Templates');
  const session = useReadySession();
  const templates = useLoad(() => listTemplates(session.client), [session.client]);
  const mayCreate = can(session.role, 'document.create');
  return (
    <section aria-labelledby="templates-title">
      <h1 id="templates-title">Templates</h1>
      {mayCreate ? null : <p className="notice">Your role ({session.role ?? 'none'}) can read documents but not create them.</p>}
      <ErrorNotice error={templates.error} title="Could not list the templates" />
      {templates.state === 'loading' ? <p role="status">Loading templates…</p> : null}
      {templates.data?.length === 0 ? <p className="empty">This organization has no templates.</p> : null}
      <ul className="cards" data-testid="template-catalog">
        {templates.data?.map((template) => (
          <li key={template.id} className="card">
            <h2>
              <Link to={`/templates/${encodeURIComponent(template.slug ?? template.id)}`}>{template.title}</Link>
            </h2>
            {template.description ? <p>{template.description}</p> : null}
            {mayCreate ? (
              <Link
                to={`/templates/${encodeURIComponent(template.slug ?? template.id)}/new`}
                className="button"
                aria-label={`New document from ${template.title}`}
              >
                New document
              </Link>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
