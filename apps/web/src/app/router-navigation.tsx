import { type ReactNode, useMemo } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { type AppLinkProps, type AppNavLinkProps, NavigationProvider } from '@/lib/navigation';

function RouterLink(props: AppLinkProps) {
  return <Link {...props} />;
}

function RouterNavLink(props: AppNavLinkProps) {
  return <NavLink {...props} />;
}

/** The shared components' links and location (lib/navigation.tsx), under the app's router: React Router's. */
export function RouterNavigation({ children }: { children: ReactNode }) {
  const { pathname, search } = useLocation();
  const navigation = useMemo(
    () => ({ pathname, search, Link: RouterLink, NavLink: RouterNavLink }),
    [pathname, search],
  );
  return <NavigationProvider value={navigation}>{children}</NavigationProvider>;
}
