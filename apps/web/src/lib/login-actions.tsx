import type { LoginProvider, SourceType } from '@ojo/domain/enums';
import type { PlayerCall } from '@ojo/domain/session/user';
import { createContext, type ReactNode, useContext, useMemo } from 'react';

/**
 * What the home page's login buttons do (product.md 2 Home, product.md 4 Login). The login feature provides the
 * handlers once, around the app, with <HomeLoginActionsProvider value={...}>; the hero and the header buttons read
 * them from here.
 */
export interface HomeLoginActions {
  /** 'Login with <provider>' for new users, with the invite fields the login body carries (product.md 5 Other). */
  onLoginWithProvider?: (referralCode: string, sourceType: SourceType) => void;
  /** The old-user logins (Twitter, Apple, Google) that lead to the migration. */
  onOldUserLogin?: (provider: LoginProvider) => void;
  /** A full user sees no login buttons (product.md 2 Home, product.md 4 'A full user ...'). */
  isFullUser?: boolean;
  /** True while a login runs: the buttons are disabled. */
  isLoggingIn?: boolean;
  /** What the hero offers in place of the login buttons (login, nothing while the user loads, profile, play). */
  call?: PlayerCall;
}

const HomeLoginActionsContext = createContext<HomeLoginActions>({});

export function HomeLoginActionsProvider({
  value,
  children,
}: {
  value: HomeLoginActions;
  children: ReactNode;
}) {
  return <HomeLoginActionsContext.Provider value={value}>{children}</HomeLoginActionsContext.Provider>;
}

export interface ResolvedHomeLoginActions {
  loginWithProvider: (referralCode: string, sourceType: SourceType) => void;
  oldUserLogin: (provider: LoginProvider) => void;
  isFullUser: boolean;
  isLoggingIn: boolean;
  call: PlayerCall;
}

const notMounted = () => {
  throw new Error('The login feature is not mounted: wrap the app in the auth provider (features/auth).');
};

/** The handlers in force. The auth feature always provides them; a missing one is a wiring bug, not a state. */
export function useHomeLoginActions(): ResolvedHomeLoginActions {
  const actions = useContext(HomeLoginActionsContext);
  return useMemo(
    () => ({
      loginWithProvider: actions.onLoginWithProvider ?? notMounted,
      oldUserLogin: actions.onOldUserLogin ?? notMounted,
      isFullUser: actions.isFullUser ?? false,
      isLoggingIn: actions.isLoggingIn ?? false,
      call: actions.call ?? (actions.isFullUser ? 'play' : 'login'),
    }),
    [actions],
  );
}
