import type { LoginProvider, SourceType } from '@ojo/domain/enums';
import { type MouseEvent, Suspense, useMemo } from 'react';
import { Toaster } from '@/components/ui/toaster';
import { ROUTES } from '@/config/routes';
import { AuthSlotFrame } from '@/features/auth/components/auth-slot-frame';
import { HeaderLoginButtons } from '@/features/home/components/header-login-buttons';
import { type HomeLoginActions, HomeLoginActionsProvider } from '@/lib/login-actions';
import {
  type AppLinkProps,
  type AppNavLinkProps,
  type Navigation,
  NavigationProvider,
} from '@/lib/navigation';
import { HeaderFrame } from './layout/header-frame';
import { Shell } from './layout/shell';
import { Component as HomeRoute } from './routes/home';

/** What the landing page's light start asks of the whole app (src/landing.tsx). */
export interface HandOver {
  /** Starts the whole app at `to` (a link followed). */
  navigate(to: string): void;
  /** Starts the whole app and runs the login there (product.md 4). */
  loginWithProvider(referralCode: string, sourceType: SourceType): void;
  /** An old user's login, which leaves the page and needs nothing of the app. */
  oldUserLogin(provider: LoginProvider): void;
}

/** A plain click: the others (new tab, download...) are the browser's. */
function isPlainClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  return (
    !event.defaultPrevented &&
    event.button === 0 &&
    !event.metaKey &&
    !event.ctrlKey &&
    !event.shiftKey &&
    !event.altKey &&
    !event.currentTarget.target
  );
}

/** The visitor is logged out (src/landing.tsx starts this page only then): the login call, as the login feature says. */
const VISITOR = { isFullUser: false, isLoggingIn: false, call: 'login' } as const;

/**
 * The landing page as a visitor who is not logged in sees it, without the router and the query library: the same
 * frame, header and home page as the app's (it is also what the build prerenders, so it hydrates node for node).
 * A followed link or a login hands over to the whole app, which renders the same page and goes on from there.
 */
export function LandingPage({ search, handOver }: { search: string; handOver: HandOver }) {
  const navigation = useMemo<Navigation>(() => {
    const follow = (to: string, event: MouseEvent<HTMLAnchorElement>) => {
      if (!isPlainClick(event)) return;
      event.preventDefault();
      // This very page: what the router does (a new page starts at the top), without starting the app.
      if (to === window.location.pathname && !window.location.search) window.scrollTo(0, 0);
      else handOver.navigate(to);
    };
    function Link({ to, onClick, ...props }: AppLinkProps) {
      return (
        <a
          href={to}
          onClick={(event) => {
            onClick?.(event);
            follow(to, event);
          }}
          {...props}
        />
      );
    }
    function NavLink({ to, end: _end, className, onClick, ...props }: AppNavLinkProps) {
      // Only the landing page's own link is active here.
      const isActive = to === ROUTES.home.path;
      return (
        <Link
          to={to}
          onClick={onClick}
          aria-current={isActive ? 'page' : undefined}
          className={className({ isActive })}
          {...props}
        />
      );
    }
    return { pathname: ROUTES.home.path, search, Link, NavLink };
  }, [search, handOver]);
  const actions = useMemo<HomeLoginActions>(
    () => ({
      ...VISITOR,
      onLoginWithProvider: handOver.loginWithProvider,
      onOldUserLogin: handOver.oldUserLogin,
    }),
    [handOver],
  );
  return (
    <NavigationProvider value={navigation}>
      <HomeLoginActionsProvider value={actions}>
        <Shell
          header={
            <HeaderFrame
              authSlot={
                <AuthSlotFrame>
                  <HeaderLoginButtons revealOnScroll />
                </AuthSlotFrame>
              }
            />
          }
          isRace={false}
        >
          {/* Where the app has its page's Suspense boundary: the markup has its marks, hydration expects them. */}
          <Suspense fallback={null}>
            <HomeRoute />
          </Suspense>
        </Shell>
        <Toaster />
      </HomeLoginActionsProvider>
    </NavigationProvider>
  );
}
