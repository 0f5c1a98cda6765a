/**
 * A small history router: the console's routes live under /app (the server answers index.html
 * for every /app/… path, so deep links and reloads work). Paths inside the console are written
 * without the /app prefix ("/documents/abc"); this file adds and strips it.
 */
import { type AnchorHTMLAttributes, type MouseEvent, useSyncExternalStore } from 'react';

export const BASE = '/app';

export interface ConsoleLocation {
  /** The path inside the console ("/documents"), never empty. */
  pathname: string;
  search: string;
  hash: string;
}

const listeners = new Set<() => void>();
let current = readLocation();

function readLocation(): ConsoleLocation {
  const { pathname, search, hash } = window.location;
  const inside = pathname.startsWith(BASE) ? pathname.slice(BASE.length) : pathname;
  return { pathname: inside === '' ? '/' : inside, search, hash };
}

function changed(): void {
  current = readLocation();
  for (const listener of listeners) listener();
}

window.addEventListener('popstate', changed);

/** The full URL of a console path ("/documents" → "/app/documents"). */
export function href(to: string): string {
  return `${BASE}${to.startsWith('/') ? to : `/${to}`}`;
}

export function navigate(to: string, options: { replace?: boolean } = {}): void {
  const url = href(to);
  if (options.replace) window.history.replaceState(null, '', url);
  else window.history.pushState(null, '', url);
  changed();
  // A hash names an element to bring into view (a readiness gap's field, say).
  const hash = new URL(url, window.location.origin).hash;
  if (hash) requestAnimationFrame(() => focusTarget(hash.slice(1)));
  else window.scrollTo(0, 0);
}

export function useLocation(): ConsoleLocation {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
  );
}

/** The query string's parameters of the current location. */
export function useSearchParams(): URLSearchParams {
  return new URLSearchParams(useLocation().search);
}

/** Scrolls to and focuses the element with this id (a field input, a section heading). */
export function focusTarget(id: string): void {
  const element = document.getElementById(decodeURIComponent(id));
  if (!element) return;
  element.scrollIntoView({ block: 'center' });
  if (element instanceof HTMLElement) element.focus({ preventScroll: true });
}

/**
 * Matches "/documents/:id" against "/documents/abc" → {id: "abc"}; null when it does not match.
 * Segments are decoded, so an id with reserved characters round-trips.
 */
export function matchPath(pattern: string, pathname: string): Record<string, string> | null {
  const want = pattern.split('/').filter(Boolean);
  const have = pathname.split('/').filter(Boolean);
  if (want.length !== have.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i += 1) {
    if (want[i].startsWith(':')) params[want[i].slice(1)] = decodeURIComponent(have[i]);
    else if (want[i] !== have[i]) return null;
  }
  return params;
}

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string };

/** An anchor that navigates inside the console (a modified or middle click opens a new tab as usual). */
export function Link({ to, onClick, ...rest }: LinkProps) {
  const onLinkClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(to);
  };
  return <a href={href(to)} onClick={onLinkClick} {...rest} />;
}
