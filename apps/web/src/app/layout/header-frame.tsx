import { lazy, type ReactNode, Suspense } from 'react';
import { LogoMark, WalletIcon } from '@/components/ui/icons';
import { env } from '@/config/env';
import { AUTH_ROUTES, ROUTES } from '@/config/routes';
import { useHomeLoginActions } from '@/lib/login-actions';
import { AppLink, useNavigation } from '@/lib/navigation';
import { MainNav } from './main-nav';
import { MobileMenu } from './mobile-menu';
import { SocialLinks } from './social-links';

/** The balances (and the member calls' schemas with them) load once a player is logged in, not with the landing page. */
const HeaderBalances = lazy(async () => ({
  default: (await import('@/features/member/components/header-balances')).HeaderBalances,
}));

const HEADER_LINK =
  'items-center gap-1.5 whitespace-nowrap rounded-xl border bg-white/5 px-3 py-2 text-sm font-bold uppercase tracking-wide transition hover:border-lime/60 hover:text-lime';

/**
 * The shared header of product.md 2: brand, top navigation, social links, the way to Create profile or to the wallet,
 * the player's FishXP and OJO, and the login/logout slot (given: the app's, or the landing page's light start's; see
 * header.tsx). The session's call comes with the login actions, which the login feature computes from the session.
 */
export function HeaderFrame({ authSlot }: { authSlot: ReactNode }) {
  const { isFullUser: isPlayer, call } = useHomeLoginActions();
  const { pathname } = useNavigation();
  return (
    <header className="sticky top-0 z-30 border-b border-white/10 bg-arena-950/80 backdrop-blur-xl">
      <div className="mx-auto flex h-[58px] max-w-7xl items-center gap-3 px-4 sm:px-6">
        <AppLink
          to={ROUTES.home.path}
          className="flex shrink-0 items-center gap-2 font-display text-lg font-black uppercase italic tracking-tight text-white"
        >
          <LogoMark className="size-8 shrink-0" />
          {/* The brand text leaves its room to the header's buttons on phones (an old user has two) and between md
              and lg, where the navigation joins the row: the mark alone, the name still read out. */}
          <span className="max-sm:sr-only md:max-lg:sr-only">{env.productName}</span>
        </AppLink>
        <nav aria-label="Main" className="ml-6 hidden md:block">
          <MainNav variant="bar" />
        </nav>
        <div className="ml-auto flex min-w-0 items-center gap-2 sm:gap-3">
          {/* From xl only: at lg a player's Wallet, balances and Logout take the row (the footer has them too). */}
          <SocialLinks className="hidden xl:flex" />
          {call === 'createProfile' && pathname !== AUTH_ROUTES.createProfile.path ? (
            // Narrower screens get it from the hero and the menu: the header row has no room left there.
            <AppLink
              to={AUTH_ROUTES.createProfile.path}
              className={`hidden border-lime/60 text-lime xl:inline-flex ${HEADER_LINK}`}
            >
              Create your profile
            </AppLink>
          ) : null}
          {call === 'play' ? (
            <AppLink
              to={ROUTES.wallet.path}
              className={`hidden border-white/15 text-white lg:inline-flex ${HEADER_LINK}`}
            >
              <WalletIcon className="size-4" />
              Wallet
            </AppLink>
          ) : null}
          {isPlayer ? (
            <Suspense fallback={null}>
              <HeaderBalances />
            </Suspense>
          ) : null}
          {authSlot}
          <MobileMenu />
        </div>
      </div>
    </header>
  );
}
