/** Placeholder until the library pages land (issue #16, part B). */
import { usePageTitle } from '../../shell/page-title';

export function LibraryPlaceholder() {
  usePageTitle('Library');
  return (
    <section>
      <h1>Library</h1>
      <p>Texts, snippets, risk blocks, voices, tool registrations and webhooks come here.</p>
    </section>
  );
}
