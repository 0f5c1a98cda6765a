/** What a non-owner sees on an owners-only library page (tool registrations, webhooks): why, not a 403. */
import { usePageTitle } from '../../shell/page-title';
import { Link } from '../../shell/router';

export function OwnersOnly({ title, role }: { title: string; role: string | null | undefined }) {
  usePageTitle(title);
  return (
    <section aria-labelledby="owners-only-title">
      <p className="crumbs">
        <Link to="/library">Library</Link>
      </p>
      <h1 id="owners-only-title">{title}</h1>
      <p className="notice">
        Only the organization's owners manage {title.toLowerCase()}; your role is {role ?? 'none'}.
      </p>
    </section>
  );
}
