/**
 * Who is signed in, in which organization, with which role. The token and the chosen
 * organization are kept in this origin's localStorage, so a new tab, a reload or a pasted link
 * is signed in for the token's life, and never sent anywhere but in the Authorization header of
 * the API calls (see docs/adr/0551-one-sign-in-per-browser.md). Every tab follows the stored
 * sign-in through the `storage` event: a sign-out (or a new sign-in) in one tab reaches the others.
 * When the token's `exp` passes, the session ends and the sign-in page says why — whether or not
 * a call was under way — rather than each later call failing with a 401. `exp` is the server's
 * time, so it is moved onto this device's clock by the skew the server's `Date` header shows.
 */
import { errorText } from './api-errors';
import { type MemberRole, type OrgSummary, type QuireClient, QuireApiError, createQuireClient, listOrgs, unwrap } from '@quire/client';
import { type ReactNode, createContext, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { serverSettings } from './server-settings';
import { localExpiry } from './token-expiry';

const STORAGE_KEY = 'quire.console.session';

interface Stored {
  token: string;
  org: string | undefined;
}

export type SessionState =
  | { status: 'loading' }
  /** reason: why the user is signed out (an expiry); error: why the last sign-in failed. */
  | { status: 'signed-out'; reason: string | undefined; error?: unknown }
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
  signIn(token: string): Promise<void>;
  signOut(reason?: string): void;
  /** Ends a sign-in that failed away from the sign-in page (the OIDC callback), with its error shown there. */
  failSignIn(error: unknown): void;
  switchOrg(slug: string): void;
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
    return typeof parsed.token === 'string' ? { token: parsed.token, org: typeof parsed.org === 'string' ? parsed.org : undefined } : undefined;
  } catch {
    return undefined;
  }
}

function readStored(): Stored | undefined {
  return parseStored(localStorage.getItem(STORAGE_KEY));
}

function writeStored(stored: Stored | undefined): void {
  if (stored) localStorage.setItem(STORAGE_KEY, JSON.stringify(stored));
  else localStorage.removeItem(STORAGE_KEY);
}

/** The same sign-in, whichever tab wrote it (a `storage` event fires for every write, even an equal one). */
function sameStored(a: Stored | undefined, b: Stored | undefined): boolean {
  return a?.token === b?.token && a?.org === b?.org;
}

/** Loads who the token belongs to; throws QuireApiError (401 for a bad token). */
async function load(stored: Stored): Promise<SessionState> {
  const client = createQuireClient({ baseUrl: serverSettings.baseUrl, token: stored.token, org: stored.org });
  const [answer, orgs] = await Promise.all([client.v1.GET('/v1/whoami'), listOrgs(client)]);
  const me = unwrap(answer);
  const expiresAt = localExpiry(stored.token, Date.parse(answer.response.headers.get('date') ?? ''), Date.now());
  return { status: 'ready', client, email: me.user.email, org: me.activeOrg, role: me.activeRole, orgs: orgs.orgs, expiresAt };
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<SessionState>(() => (readStored() ? { status: 'loading' } : { status: 'signed-out', reason: undefined }));
  const [stored, setStored] = useState<Stored | undefined>(readStored);

  const expiresAt = state.status === 'ready' ? state.expiresAt : undefined;
  useEffect(() => {
    if (expiresAt === undefined) return;
    const end = () => {
      writeStored(undefined);
      setStored(undefined);
      setState({ status: 'signed-out', reason: EXPIRED });
    };
    let timer: ReturnType<typeof setTimeout>;
    const wait = () => {
      const left = expiresAt - Date.now();
      if (left <= 0) return end();
      timer = setTimeout(wait, Math.min(left, MAX_TIMER_MS));
    };
    wait();
    return () => clearTimeout(timer);
  }, [expiresAt]);

  // Another tab signed out, signed in anew or switched organization: this tab follows it.
  useEffect(() => {
    const follow = (event: StorageEvent) => {
      if (event.storageArea !== localStorage || (event.key !== STORAGE_KEY && event.key !== null)) return;
      const next = parseStored(event.newValue);
      setStored((previous) => (sameStored(previous, next) ? previous : next));
      // Every tab ends an expired sign-in at once; whichever tab clears it first, the reason stays the expiry.
      if (!next)
        setState((previous) => ({
          status: 'signed-out',
          reason: previous.status === 'ready' && previous.expiresAt !== undefined && previous.expiresAt <= Date.now() ? EXPIRED : SIGNED_OUT_ELSEWHERE,
        }));
    };
    window.addEventListener('storage', follow);
    return () => window.removeEventListener('storage', follow);
  }, []);

  useEffect(() => {
    if (!stored) return;
    let live = true;
    setState({ status: 'loading' });
    load(stored).then(
      (next) => live && setState(next),
      (error: unknown) => {
        if (!live) return;
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
  }, [stored]);

  const signIn = useCallback(async (token: string) => {
    const next = { token, org: undefined };
    // Check the token before keeping it, so a wrong one shows its error on the sign-in form.
    await load(next);
    writeStored(next);
    setStored(next);
  }, []);
  const signOut = useCallback((reason?: string) => {
    writeStored(undefined);
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

  const value = useMemo<Session>(() => ({ ...state, signIn, signOut, failSignIn, switchOrg }), [state, signIn, signOut, failSignIn, switchOrg]);
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
