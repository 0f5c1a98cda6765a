/**
 * The document's discussion and proposals, loaded once for the whole workspace (one request
 * each, not one per section) and handed to each section card with a reload.
 */
import { type CommentThread, type Person, type Suggestion, listDocumentThreads, listPeople, listSuggestions } from '@quire/client';
import type { QuireClient } from '@quire/client';
import { useLoad } from '../../shell/use-load';

export interface Collaboration {
  threads: CommentThread[];
  suggestions: Suggestion[];
  people: Person[];
  error: unknown;
  reload(): void;
}

export function useCollaboration(client: QuireClient, documentId: string, refresh: number): Collaboration {
  const loaded = useLoad(async () => {
    const [threads, suggestions, people] = await Promise.all([
      listDocumentThreads(client, documentId),
      listSuggestions(client, documentId, { status: 'pending' }),
      listPeople(client),
    ]);
    return { threads, suggestions, people };
  }, [client, documentId, refresh]);
  return {
    threads: loaded.data?.threads ?? [],
    suggestions: loaded.data?.suggestions ?? [],
    people: loaded.data?.people ?? [],
    error: loaded.error,
    reload: loaded.reload,
  };
}
