/** The library's front page: what each collection holds, and a link to it. */
import { usePageTitle } from '../../shell/page-title';
import { Link } from '../../shell/router';

const COLLECTIONS = [
  { path: '/library/texts', title: 'Texts', about: 'Phrase atoms the templates reuse, by key.' },
  { path: '/library/risk-blocks', title: 'Risk blocks', about: 'Analyses a reviewer approves before a document using them is finalized.' },
  { path: '/library/voices', title: 'Voices', about: 'Writing styles with sample passages.' },
  { path: '/library/snippets', title: 'Snippets', about: 'Ordered bundles of texts and risk blocks a document binds.' },
] as const;

export function LibraryIndexPage() {
  usePageTitle('Library');
  return (
    <section aria-labelledby="library-title">
      <h1 id="library-title">Library</h1>
      <ul className="cards">
        {COLLECTIONS.map((collection) => (
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
