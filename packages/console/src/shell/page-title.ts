/** Sets the tab's title for the page shown (screen readers announce it; history lists it). */
import { useEffect } from 'react';

export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · Quire`;
  }, [title]);
}
