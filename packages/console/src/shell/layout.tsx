/**
 * The frame around every signed-in page: a skip link, the navigation (Documents, Templates,
 * Assessments, Library), the organization switcher, the user's role, and sign-out.
 */
import type { ReactNode } from 'react';
import { NAV_PAGES, type PageEntry } from '../pages/registry';
import { Link } from './router';
import { useReadySession } from './session';

export function Layout({ current, children }: { current: PageEntry; children: ReactNode }) {
  const session = useReadySession();
  return (
    <div className="layout">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="topbar">
        <Link to="/documents" className="brand">
          Quire
        </Link>
        <nav aria-label="Main">
          <ul className="nav-list">
            {NAV_PAGES.map((entry) => (
              <li key={entry.path}>
                <Link to={entry.path} aria-current={entry.section === current.section ? 'page' : undefined}>
                  {entry.title}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="account">
          <OrgSwitcher />
          <span className="role" data-testid="role">
            Role: <strong>{session.role ?? 'none'}</strong>
          </span>
          <span className="email">{session.email}</span>
          <button type="button" className="button-quiet" onClick={() => session.signOut()}>
            Sign out
          </button>
        </div>
      </header>
      <main id="main" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}

function OrgSwitcher() {
  const session = useReadySession();
  if (session.orgs.length === 0) return <span className="org">No organization</span>;
  return (
    <label className="org">
      Organization{' '}
      <select value={session.org ?? ''} onChange={(event) => session.switchOrg(event.target.value)}>
        {session.orgs.map((org) => (
          <option key={org.slug} value={org.slug}>
            {org.displayName} ({org.role})
          </option>
        ))}
      </select>
    </label>
  );
}
