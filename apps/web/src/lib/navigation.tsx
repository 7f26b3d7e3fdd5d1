import { type AnchorHTMLAttributes, type ComponentType, createContext, useContext } from 'react';

/*
 * The links and the location of the components the landing page shares with the rest of the app (layout, home
 * sections). They read them here rather than from React Router, so that the landing page can run without the
 * router's code in its first download (src/landing.tsx): under the app's router they are React Router's own
 * (app/router-navigation.tsx); on the landing page's light start, links that start the full app.
 */

export interface AppLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: string;
}

export interface AppNavLinkProps extends Omit<AppLinkProps, 'className'> {
  /** Active only on the path itself, not below it. */
  end?: boolean;
  className: (state: { isActive: boolean }) => string;
}

export interface Navigation {
  pathname: string;
  search: string;
  Link: ComponentType<AppLinkProps>;
  NavLink: ComponentType<AppNavLinkProps>;
}

function PlainLink({ to, ...props }: AppLinkProps) {
  return <a href={to} {...props} />;
}

function PlainNavLink({ to, end, className, ...props }: AppNavLinkProps) {
  const { pathname } = window.location;
  const isActive = pathname === to || (!end && pathname.startsWith(`${to.replace(/\/$/, '')}/`));
  return (
    <a
      href={to}
      aria-current={isActive ? 'page' : undefined}
      className={className({ isActive })}
      {...props}
    />
  );
}

/** Outside any router (a component rendered alone in a test): the document's own links and location. */
const DOCUMENT_NAVIGATION: Navigation = {
  get pathname() {
    return window.location.pathname;
  },
  get search() {
    return window.location.search;
  },
  Link: PlainLink,
  NavLink: PlainNavLink,
};

const NavigationContext = createContext<Navigation>(DOCUMENT_NAVIGATION);
export const NavigationProvider = NavigationContext.Provider;

export function useNavigation(): Navigation {
  return useContext(NavigationContext);
}

export function AppLink(props: AppLinkProps) {
  const { Link } = useNavigation();
  return <Link {...props} />;
}

export function AppNavLink(props: AppNavLinkProps) {
  const { NavLink } = useNavigation();
  return <NavLink {...props} />;
}
