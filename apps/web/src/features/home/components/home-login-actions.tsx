import type { LoginProvider, SourceType } from '@ojo/domain/enums';
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { toast } from '@/components/ui/toast';

/**
 * What the home page's login buttons do (spec 2 Home, spec 4 Login). The login feature (issue 4) provides the
 * handlers once, around the app, with <HomeLoginActionsProvider value={...}>; the hero and the header buttons read
 * them from here. Without a provider the buttons say honestly that login is not there yet.
 */
export interface HomeLoginActions {
  /** 'Login with <provider>' for new users, with the invite fields the login body carries (spec 5 Other). */
  onLoginWithProvider?: (inviteCode: string, sourceType: SourceType) => void;
  /** The old-user logins (Twitter, Apple, Google) that lead to the migration. */
  onOldUserLogin?: (provider: LoginProvider) => void;
  /** A full user sees no login buttons (spec 2 Home, spec 4 'A full user ...'). */
  isFullUser?: boolean;
  /** True while a login runs: the buttons are disabled. */
  isLoggingIn?: boolean;
}

export const LOGIN_COMING_SOON = 'Login is coming soon';

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
  loginWithProvider: (inviteCode: string, sourceType: SourceType) => void;
  oldUserLogin: (provider: LoginProvider) => void;
  isFullUser: boolean;
  isLoggingIn: boolean;
}

const comingSoon = () => toast.info(LOGIN_COMING_SOON);

/** The handlers in force: the provided ones, or a 'Login is coming soon' toast for each missing one. */
export function useHomeLoginActions(): ResolvedHomeLoginActions {
  const actions = useContext(HomeLoginActionsContext);
  return useMemo(
    () => ({
      loginWithProvider: actions.onLoginWithProvider ?? comingSoon,
      oldUserLogin: actions.onOldUserLogin ?? comingSoon,
      isFullUser: actions.isFullUser ?? false,
      isLoggingIn: actions.isLoggingIn ?? false,
    }),
    [actions],
  );
}
