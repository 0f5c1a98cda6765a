/** What a page is to the shell: a path pattern, a title, the navigation section it belongs to. */
import type { ComponentType } from 'react';

export type Section = 'documents' | 'templates' | 'assessments' | 'library' | 'none';

export interface PageProps {
  /** The pattern's `:name` segments, decoded. */
  params: Record<string, string>;
}

export interface PageEntry {
  /** "/documents/:documentId" (inside /app). */
  path: string;
  title: string;
  section: Section;
  component: ComponentType<PageProps>;
}
