/**
 * Loading data for a page: `useLoad(fn, deps)` runs the call, keeps its result or error, and
 * offers `reload`. A 401 signs the user out (the token expired); every other error stays on the
 * page for ErrorNotice.
 */
import { QuireApiError } from '@quire/client';
import { type DependencyList, useCallback, useEffect, useState } from 'react';
import { useSession } from './session';

export type Loaded<T> =
  | { state: 'loading'; data: T | undefined; error: undefined }
  | { state: 'ready'; data: T; error: undefined }
  | { state: 'failed'; data: T | undefined; error: unknown };

export function useLoad<T>(fn: () => Promise<T>, deps: DependencyList): Loaded<T> & { reload(): void } {
  const { signOut } = useSession();
  const [loaded, setLoaded] = useState<Loaded<T>>({ state: 'loading', data: undefined, error: undefined });
  const [generation, setGeneration] = useState(0);
  // The caller's deps decide when the call is made again.
  const run = useCallback(fn, deps);

  useEffect(() => {
    let live = true;
    run().then(
      (data) => live && setLoaded({ state: 'ready', data, error: undefined }),
      (error: unknown) => {
        if (!live) return;
        if (error instanceof QuireApiError && error.status === 401) signOut('Your sign-in has expired: sign in again.');
        else setLoaded((previous) => ({ state: 'failed', data: previous.data, error }));
      },
    );
    return () => {
      live = false;
    };
  }, [run, generation, signOut]);

  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  return { ...loaded, reload };
}
