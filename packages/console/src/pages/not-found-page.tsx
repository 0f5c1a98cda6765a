import { Link } from '../shell/router';
import { usePageTitle } from '../shell/page-title';

export function NotFoundPage() {
  usePageTitle('Not found');
  return (
    <section>
      <h1>Page not found</h1>
      <p>
        This address is not a page of the console. <Link to="/documents">Go to your documents</Link>.
      </p>
    </section>
  );
}
