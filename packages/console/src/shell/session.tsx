/**
 * Who is signed in, in which organization, with which role. The token and the chosen
 * organization are kept in this origin's localStorage, so a new tab, a reload or a pasted link
 * is signed in for the token's life, and never sent anywhere but in the Authorization header of
 * the API calls (see docs/adr/0551-one-sign-in-per-browser.md). Every tab follows the stored
 * sign-in through the `storage` event: a sign-out (or a new sign-in) in one tab reaches the others.
 * When the token's `exp` passes, the session ends and the sign-in page says why — whether or not
 * a call was under way — rather than each later call failing with a 401. `exp` is the server's
 * time, so it is moved onto this device's clock by the skew the server's `Date` header shows.
 * An OIDC sign-in that came with a refresh token is renewed before the token expires instead, by
 * one tab at a time, and every tab's calls read the current token (docs/adr/0671-console-oidc-refresh.md).
 */
import { errorText } from './api-errors';
import {
  type MemberRole,
  type OrgSummary,
  type QuireClient,
  QuireApiError,
  createQuireClient,
  listOrgs,
  refreshOidcToken,
  revokeOidcToken,
  unwrap,
} from '@quire/client';
import { type ReactNode, createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { randomUrlSafe } from './pkce';
import { serverSettings } from './server-settings';
import { localExpiry, tokenLifetime } from './token-expiry';
import { RETRY_AFTER_MS, oneTabAtATime, renewalOutcome, renewalTime } from './token-renewal';

const STORAGE_KEY = 'quire.console.session';
/** Why the last sign-in of this browser ended, written before it is removed, for the tabs that follow. */
const ENDED_KEY = 'quire.console.session-ended';

interface Stored {
  token: string;
  org: string | undefined;
  /** One sign-in through its renewals: a renewal keeps it, a new sign-in makes a new one. */
  id: string;
  /** The provider's refresh token (OIDC sign-ins whose provider gave one). */
  refreshToken?: string;
  /** A renewed token's expiry on this device's clock (from the renewal's expiresIn). */
  expiresAt?: number;
}

export type SessionState =
  | { status: 'loading' }
  /** reason: why the user is signed out (an expiry); error: why the last sign-in failed. */
  | { status: 'signed-out'; reason: string | undefined; error?: unknown }
  /** The sign-in is kept, but the account could not be loaded (no network, the server down): try again. */
  | { status: 'unreachable'; reason: string }
  | {
      status: 'ready';
      client: QuireClient;
      email: string | null;
      /** The organization the calls act in (null: the user has none). */
      org: string | null;
      role: MemberRole | null;
      orgs: OrgSummary[];
      /** When the token expires, on this device's clock (ms); undefined: it names no expiry. */
      expiresAt: number | undefined;
    };

export type Session = SessionState & {
  /** refreshToken: the OIDC provider's, when it gave one; the sign-in is then renewed before it expires. */
  signIn(token: string, refreshToken?: string | null): Promise<void>;
  signOut(reason?: string): void;
  /** Ends a sign-in that failed away from the sign-in page (the OIDC callback), with its error shown there. */
  failSignIn(error: unknown): void;
  switchOrg(slug: string): void;
  /** Loads the account again after it could not be reached. */
  retry(): void;
};

const SessionContext = createContext<Session | null>(null);

export const EXPIRED = 'Your sign-in has expired: sign in again.';
export const SIGNED_OUT_ELSEWHERE = 'You signed out in another tab.';
/** setTimeout's longest delay (about 24.8 days); a later expiry is simply checked again then. */
const MAX_TIMER_MS = 2 ** 31 - 1;

function parseStored(raw: string | null): Stored | undefined {
  try {
    if (!raw) return undefined;
    const parsed = JSON.parse(raw) as Partial<Stored>;
    if (typeof parsed.token !== 'string') return undefined;
    return {
      token: parsed.token,
      org: typeof parsed.org === 'string' ? parsed.org : undefined,
      // A sign-in kept before sign-ins had ids is its own token's.
      id: typeof parsed.id === 'string' ? parsed.id : parsed.token,
      ...(typeof parsed.refreshToken === 'string' ? { refreshToken: parsed.refreshToken } : {}),
      ...(typeof parsed.expiresAt === 'number' ? { expiresAt: parsed.expiresAt } : {}),
    };
  } catch {
    return undefined;
  }
}

function readStored(): Stored | undefined {
  return parseStored(localStorage.getItem(STORAGE_KEY));
}

/** ended: why the sign-in ends, for the other tabs (undefined: it is not ending). */
function writeStored(stored: Stored | undefined, ended?: string): void {
  if (stored) {
    localStorage.removeItem(ENDED_KEY);
    localStorage.setItem(STORAGE_KEY, JSON.stringify(stored));
  } else {
    if (ended) localStorage.setItem(ENDED_KEY, ended);
    localStorage.removeItem(STORAGE_KEY);
  }
}

/** The same sign-in in the same organization, whichever tab wrote it: only the session's page needs loading anew otherwise. */
function sameSignIn(a: Stored | undefined, b: Stored | undefined): boolean {
  return a?.id === b?.id && a?.org === b?.org;
}

/** The token of this sign-in as it is now: renewals (in any tab) reach calls of a client made before them. */
function currentToken(stored: Stored): () => string {
  return () => {
    const now = readStored();
    return now?.id === stored.id ? now.token : stored.token;
  };
}

/** Loads who the token belongs to; throws QuireApiError (401 for a bad token). */
async function load(stored: Stored): Promise<SessionState> {
  const client = createQuireClient({ baseUrl: serverSettings.baseUrl, token: currentToken(stored), org: stored.org });
  const [answer, orgs] = await Promise.all([client.v1.GET('/v1/whoami'), listOrgs(client)]);
  const me = unwrap(answer);
  const now = readStored();
  const token = now?.id === stored.id ? now : stored;
  const expiresAt = token.expiresAt ?? localExpiry(token.token, Date.parse(answer.response.headers.get('date') ?? ''), Date.now());
  return { status: 'ready', client, email: me.user.email, org: me.activeOrg, role: me.activeRole, orgs: orgs.orgs, expiresAt };
}

/**
 * Renews the sign-in whose token is `token`, in one tab at a time. Answers the sign-in as kept
 * afterwards: renewed here, renewed by another tab meanwhile, or gone (signed out meanwhile).
 */
async function renew(token: string): Promise<Stored | undefined> {
  return oneTabAtATime(async () => {
    const before = readStored();
    // Another tab renewed it while this one waited (or the sign-in ended): nothing to spend.
    if (!before?.refreshToken || before.token !== token) return before;
    const answer = await refreshOidcToken(serverSettings.baseUrl, before.refreshToken);
    const after = readStored();
    const renewed: Stored = {
      ...before,
      token: answer.token,
      // A rotating provider spent the old refresh token: only the new one renews from now on.
      refreshToken: answer.refreshToken ?? before.refreshToken,
      ...(answer.expiresIn === null ? {} : { expiresAt: Date.now() + answer.expiresIn * 1000 }),
    };
    if (after?.id !== before.id) {
      // Signed out while the renewal was under way: the new refresh token must not outlive it.
      if (renewed.refreshToken) void revokeOidcToken(serverSettings.baseUrl, renewed.refreshToken).catch(() => undefined);
      return after;
    }
    writeStored({ ...renewed, org: after.org });
    return readStored();
  });
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<SessionState>(() => (readStored() ? { status: 'loading' } : { status: 'signed-out', reason: undefined }));
  const [stored, setStored] = useState<Stored | undefined>(readStored);

  const expiresAt = state.status === 'ready' ? state.expiresAt : undefined;
  const renewable = stored?.refreshToken !== undefined;
  const token = stored?.token;
  useEffect(() => {
    if (expiresAt === undefined || token === undefined) return;
    let live = true;
    const end = (reason: string) => {
      writeStored(undefined, reason);
      setStored(undefined);
      setState({ status: 'signed-out', reason });
    };
    // Renewed (here or in another tab): this tab follows the new token and its expiry, without loading anew.
    const follow = (next: Stored | undefined) => {
      if (!live || !next) return;
      setStored(next);
      const nextExpiry = next.expiresAt ?? localExpiry(next.token, undefined, Date.now());
      setState((previous) => (previous.status === 'ready' ? { ...previous, expiresAt: nextExpiry } : previous));
    };
    const renewNow = () =>
      renew(token).then(follow, (error: unknown) => {
        if (!live) return;
        const outcome = renewalOutcome(error);
        if (outcome.end) return end(outcome.reason);
        // The provider or Quire could not be reached: try again, until the token expires.
        timer = setTimeout(() => (expiresAt <= Date.now() ? end(EXPIRED) : void renewNow()), Math.max(0, Math.min(RETRY_AFTER_MS, expiresAt - Date.now())));
      });
    let timer: ReturnType<typeof setTimeout>;
    const dueAt = renewable ? renewalTime(expiresAt, tokenLifetime(token)) : expiresAt;
    const wait = () => {
      if (expiresAt - Date.now() <= 0) return end(EXPIRED);
      const left = dueAt - Date.now();
      if (left <= 0) return void renewNow();
      timer = setTimeout(wait, Math.min(left, MAX_TIMER_MS));
    };
    wait();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [expiresAt, renewable, token]);

  // Another tab signed out, signed in anew or switched organization: this tab follows it.
  useEffect(() => {
    const follow = (event: StorageEvent) => {
      if (event.storageArea !== localStorage || (event.key !== STORAGE_KEY && event.key !== null)) return;
      const next = parseStored(event.newValue);
      setStored((previous) => (sameSignIn(previous, next) && previous?.token === next?.token ? previous : next));
      // A renewal in another tab: the same session with the new token's expiry (its calls read the token itself).
      if (next?.expiresAt !== undefined) {
        const renewedUntil = next.expiresAt;
        setState((previous) => (previous.status === 'ready' ? { ...previous, expiresAt: renewedUntil } : previous));
      }
      // The tab that ended the sign-in says why (an expiry, a refused renewal, a sign-out); whichever tab ends an expired one first, it stays the expiry.
      const ended = localStorage.getItem(ENDED_KEY) ?? undefined;
      if (!next)
        setState((previous) => ({
          status: 'signed-out',
          reason:
            previous.status === 'ready' && previous.expiresAt !== undefined && previous.expiresAt <= Date.now() ? EXPIRED : (ended ?? SIGNED_OUT_ELSEWHERE),
        }));
    };
    window.addEventListener('storage', follow);
    return () => window.removeEventListener('storage', follow);
  }, []);

  // Loaded anew for a new sign-in or organization, not for a renewed token.
  const signInKey = stored ? JSON.stringify([stored.id, stored.org]) : undefined;
  const storedNow = useRef(stored);
  storedNow.current = stored;
  // A failure to reach the server keeps the sign-in: only a refused token ends it.
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  useEffect(() => {
    const stored = storedNow.current;
    if (!stored) return;
    let live = true;
    setState({ status: 'loading' });
    load(stored).then(
      (next) => live && setState(next),
      (error: unknown) => {
        if (!live) return;
        const refused = error instanceof QuireApiError && (error.status === 401 || error.status === 403);
        if (!refused) {
          setState({ status: 'unreachable', reason: `Could not load your account: ${errorText(error)}` });
          return;
        }
        writeStored(undefined);
        setStored(undefined);
        const reason =
          error instanceof QuireApiError && error.status === 401
            ? 'Your sign-in has expired or the token was refused: sign in again.'
            : `Could not load your account: ${errorText(error)}`;
        setState({ status: 'signed-out', reason });
      },
    );
    return () => {
      live = false;
    };
  }, [signInKey, attempt]);

  const signIn = useCallback(async (token: string, refreshToken?: string | null) => {
    const next: Stored = { token, org: undefined, id: randomUrlSafe(16), ...(refreshToken ? { refreshToken } : {}) };
    // Check the token before keeping it, so a wrong one shows its error on the sign-in form.
    await load(next);
    writeStored(next);
    setStored(next);
  }, []);
  const signOut = useCallback((reason?: string) => {
    // The refresh token is revoked at the provider (when it can be), so no copy of it renews anything.
    const refreshToken = readStored()?.refreshToken;
    if (refreshToken) void revokeOidcToken(serverSettings.baseUrl, refreshToken).catch(() => undefined);
    writeStored(undefined, SIGNED_OUT_ELSEWHERE);
    setStored(undefined);
    setState({ status: 'signed-out', reason });
  }, []);
  const failSignIn = useCallback((error: unknown) => {
    writeStored(undefined);
    setStored(undefined);
    setState({ status: 'signed-out', reason: undefined, error });
  }, []);
  const switchOrg = useCallback((slug: string) => {
    setStored((previous) => {
      if (!previous) return previous;
      const next = { ...previous, org: slug };
      writeStored(next);
      return next;
    });
  }, []);

  const value = useMemo<Session>(() => ({ ...state, signIn, signOut, failSignIn, switchOrg, retry }), [state, signIn, signOut, failSignIn, switchOrg, retry]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside SessionProvider');
  return session;
}

/** The signed-in session; pages render only inside it. */
export function useReadySession(): Extract<SessionState, { status: 'ready' }> & Session {
  const session = useSession();
  if (session.status !== 'ready') throw new Error('a page rendered without a signed-in session');
  return session;
}
