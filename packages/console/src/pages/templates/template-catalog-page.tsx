/** The templates the organization can start a document from. */
import { listTemplates } from '@quire/client';
import { ErrorNotice } from '../../shell/api-errors';
import { ListViewControls, type SortChoice, useListView } from '../../shell/list-view-controls';
import { can } from '../../shell/can';
import { usePageTitle } from '../../shell/page-title';
import { Link } from '../../shell/router';
import { useReadySession } from '../../shell/session';
import { useLoad } from '../../shell/use-load';

/** Newest first by default (ADR 0683); a title search lists best match first. */
const ORDERS: readonly SortChoice<'newest' | 'oldest'>[] = [
  { value: 'newest', label: 'Newest first' },
  { value: 'oldest', label: 'Oldest first' },
];

export function TemplateCatalogPage() {
  usePageTitle('Templates');
  const session = useReadySession();
  const view = useListView(ORDERS);
  const templates = useLoad(() => listTemplates(session.client, { order: view.sort, q: view.q || undefined }), [session.client, view.sort, view.q]);
  const mayCreate = can(session.role, 'document.create');
  return (
    <section aria-labelledby="templates-title">
      <h1 id="templates-title">Templates</h1>
      {mayCreate ? null : <p className="notice">Your role ({session.role ?? 'none'}) can read documents but not create them.</p>}
      <ListViewControls noun="templates" filterLabel="Title contains" choices={ORDERS} />
      <ErrorNotice error={templates.error} title="Could not list the templates" />
      {templates.state === 'loading' ? <p role="status">Loading templates…</p> : null}
      {templates.data?.length === 0 ? <p className="empty">{view.q ? 'No template matches this search.' : 'This organization has no templates.'}</p> : null}
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
