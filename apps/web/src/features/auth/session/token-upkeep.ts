import { isExpired, shouldRenew } from '@ojo/domain/session/token';
import type { SessionKey } from '@/lib/session-storage';

/**
 * Token upkeep of product.md 4, apart from the login state machine: 'When the page becomes visible again', the id token
 * and the session jwt that expire in under 1200 seconds (and are not expired yet) are renewed and stored. The auth
 * store calls `renewExpiringTokens` and hands the new jwt to its state; the provider wires `renewWhenVisible`.
 */
export interface TokenUpkeepDeps {
  api: {
    refreshIdToken(idToken: string): Promise<{ idToken: string }>;
    refreshSessionToken(): Promise<{ sessionToken: string }>;
  };
  session: {
    get(key: SessionKey): string | undefined;
    set(key: SessionKey, value: string): void;
  };
  /** ms since the epoch. */
  now: number;
  /** A renewed session jwt, after it is stored. */
  onSessionToken?(jwt: string): void;
}

/** Renews each stored token that is due; a failed renewal leaves that token as it is. */
export async function renewExpiringTokens(deps: TokenUpkeepDeps): Promise<void> {
  const { api, session, now } = deps;
  const idToken = session.get('idToken');
  const jwt = session.get('jwt');
  const tasks: Promise<void>[] = [];
  if (idToken && shouldRenew(idToken, now) && !isExpired(idToken, now)) {
    tasks.push(api.refreshIdToken(idToken).then((renewed) => session.set('idToken', renewed.idToken)));
  }
  if (jwt && shouldRenew(jwt, now) && !isExpired(jwt, now)) {
    tasks.push(
      api.refreshSessionToken().then((renewed) => {
        session.set('jwt', renewed.sessionToken);
        deps.onSessionToken?.(renewed.sessionToken);
      }),
    );
  }
  await Promise.allSettled(tasks);
}

/** Calls `renew` each time the document becomes visible again; returns the function that stops it. */
export function renewWhenVisible(renew: () => Promise<void>, doc: Document = document): () => void {
  const onVisibilityChange = () => {
    if (doc.visibilityState === 'visible') void renew();
  };
  doc.addEventListener('visibilitychange', onVisibilityChange);
  return () => doc.removeEventListener('visibilitychange', onVisibilityChange);
}
