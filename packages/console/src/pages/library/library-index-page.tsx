/** The library's front page: what each collection holds, and a link to it (the owners-only ones for owners). */
import { can } from '../../shell/can';
import { usePageTitle } from '../../shell/page-title';
import { Link } from '../../shell/router';
import { useReadySession } from '../../shell/session';

const COLLECTIONS = [
  { path: '/library/texts', title: 'Texts', about: 'Phrase atoms the templates reuse, by key.' },
  { path: '/library/risk-blocks', title: 'Risk blocks', about: 'Analyses a reviewer approves before a document using them is finalized.' },
  { path: '/library/voices', title: 'Voices', about: 'Writing styles with sample passages.' },
  { path: '/library/snippets', title: 'Snippets', about: 'Ordered bundles of texts and risk blocks a document binds.' },
  { path: '/library/entities', title: 'Entities', about: "The parties a document's snippets name by role." },
] as const;

const OWNER_COLLECTIONS = [
  { path: '/library/tool-registrations', title: 'Tool registrations', about: 'Tools a generation may call (owners).' },
  { path: '/library/webhooks', title: 'Webhooks', about: 'Endpoints told when runs end (owners).' },
] as const;

export function LibraryIndexPage() {
  usePageTitle('Library');
  const session = useReadySession();
  const shown = [...COLLECTIONS, ...(can(session.role, 'tools.manage') ? OWNER_COLLECTIONS : [])];
  return (
    <section aria-labelledby="library-title">
      <h1 id="library-title">Library</h1>
      <ul className="cards">
        {shown.map((collection) => (
          <li key={collection.path} className="card">
            <h2>
              <Link to={collection.path}>{collection.title}</Link>
            </h2>
            <p>{collection.about}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
