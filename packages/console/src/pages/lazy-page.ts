/**
 * A page whose code loads when it is first opened (its own chunk), for the pages that carry a
 * heavy library no other page needs: the new-document interview (re2js, through
 * `@quire/interview`), a document's workspace (marked, diff) and the review screen. The first
 * load of the console then skips them (ADR 0767); the shell's Suspense shows "Loading the page…".
 */
import { type ComponentType, lazy } from 'react';
import type { PageProps } from './page-entry';

export function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType<PageProps>): ComponentType<PageProps> {
  return lazy(async () => ({ default: pick(await load()) }));
}
