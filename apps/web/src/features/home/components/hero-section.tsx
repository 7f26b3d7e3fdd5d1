import { isHeroCarSlid } from '@ojo/domain/constants';
import { HOME_TEXT } from '@ojo/domain/messages';
import type { ReactNode } from 'react';
import { env } from '@/config/env';
import { AUTH_ROUTES, ROUTES } from '@/config/routes';
import { useHomeLoginActions } from '@/lib/login-actions';
import { AppLink } from '@/lib/navigation';
import { HERO_CAR_SRC } from '../hero-image';
import { useScrollCondition } from '../hooks/use-scrolled-past';
import { OldUserLoginButtons, RecommendedLogin } from './login-buttons';
import { SnapSection } from './snap-section';

/** Referral entry (product.md 2 Home): the inviteCode and sourceType of the page's query. */
export interface ReferralEntry {
  entryCode: string | null;
  entrySourceType: string | null;
}

interface HeroSectionProps extends ReferralEntry {
  /** The invite code field (the referral feature's, composed in src/app). */
  renderReferralField?: (entry: ReferralEntry) => ReactNode;
}

/** The title with the product name picked out; the whole text stays the spec's 'Welcome to <product name>'. */
function WelcomeTitle() {
  const title = HOME_TEXT.welcomeTitle(env.productName);
  const at = title.lastIndexOf(env.productName);
  return (
    <h1
      id="hero-title"
      className="font-display text-5xl font-black uppercase italic leading-[0.95] tracking-tight text-white sm:text-6xl xl:text-7xl 3xl:text-8xl"
    >
      {title.slice(0, at)}
      <span className="block bg-gradient-to-r from-lime via-cyan to-lime bg-clip-text text-transparent">
        {title.slice(at)}
      </span>
    </h1>
  );
}

const HERO_CARD =
  'flex w-full flex-col items-start gap-5 rounded-3xl border border-white/10 bg-arena-900/60 p-5 backdrop-blur sm:w-auto sm:p-6';
const PRIMARY_LINK =
  'inline-flex items-center justify-center rounded-2xl bg-lime px-6 py-3.5 text-sm font-black uppercase tracking-wide text-arena-950 transition hover:brightness-110 sm:text-base';
const SECONDARY_LINK =
  'inline-flex items-center justify-center rounded-2xl border border-white/20 px-6 py-3.5 text-sm font-black uppercase tracking-wide text-white transition hover:border-lime/60 hover:text-lime sm:text-base';

/** A logged-in player without a profile: the one step left before tasks, badges and races count. */
function CreateProfileCall() {
  return (
    <div className={HERO_CARD}>
      <div>
        <h2 className="font-display text-xl font-black text-white">One step left: your on-chain profile</h2>
        <p className="mt-1 max-w-md text-sm text-slate-300">
          Pick your handle to start earning FishXP, collecting badges and racing.
        </p>
      </div>
      <AppLink to={AUTH_ROUTES.createProfile.path} className={PRIMARY_LINK}>
        Create your profile
      </AppLink>
    </div>
  );
}

/** A logged-in player: where to go next, in place of the login buttons. */
function PlayCall() {
  return (
    <div className={HERO_CARD}>
      <p className="text-sm font-bold text-slate-300">You're in. Pick your next move.</p>
      <div className="flex flex-wrap gap-3">
        <AppLink to={ROUTES.game.path} className={PRIMARY_LINK}>
          Play now
        </AppLink>
        <AppLink to={ROUTES.task.path} className={SECONDARY_LINK}>
          Start earning
        </AppLink>
      </div>
    </div>
  );
}

export function HeroSection({ entryCode, entrySourceType, renderReferralField }: HeroSectionProps) {
  const { call } = useHomeLoginActions();
  const isCarSlid = useScrollCondition(isHeroCarSlid);
  return (
    <SnapSection aria-labelledby="hero-title" className="overflow-hidden">
      <div
        aria-hidden
        className="pointer-events-none absolute -right-40 top-10 hidden size-[36rem] lg:block rounded-full bg-[radial-gradient(circle,rgb(124_77_255/0.35),transparent_65%)]"
      />
      <div className="relative mx-auto grid w-full max-w-7xl items-center gap-10 px-4 py-10 sm:px-6 lg:grid-cols-[1.05fr_1fr] lg:py-0 3xl:max-w-[96rem]">
        <div className="flex flex-col items-start gap-6">
          <p className="inline-flex items-center gap-2 rounded-full border border-white/10 bg-white/5 px-3 py-1 text-xs font-bold uppercase tracking-[0.25em] text-slate-300">
            <span aria-hidden className="size-2 animate-pulse rounded-full bg-hot" />
            Live coin races
          </p>
          <WelcomeTitle />
          <p className="max-w-xl text-lg font-medium text-slate-300 sm:text-xl">{HOME_TEXT.tagline}</p>
          {call === 'login' ? (
            // Marked for index.css: a logged-in player's browser hides it in the prerendered page.
            <div className={HERO_CARD} data-login-call>
              <RecommendedLogin />
              {renderReferralField?.({ entryCode, entrySourceType })}
              <div className="h-px w-full bg-white/10" />
              <OldUserLoginButtons />
            </div>
          ) : null}
          {call === 'createProfile' ? <CreateProfileCall /> : null}
          {call === 'play' ? <PlayCall /> : null}
        </div>
        <div className="relative">
          <div aria-hidden className="absolute inset-x-8 bottom-6 h-10 rounded-[100%] bg-lime/20 blur-2xl" />
          <img
            src={HERO_CAR_SRC}
            alt="A purple race car with gold coin wheels"
            width={800}
            height={360}
            fetchPriority="high"
            data-testid="hero-car"
            data-slid={isCarSlid}
            className={`relative h-auto w-full transition-transform duration-700 ease-out ${
              isCarSlid ? '-translate-x-1/3' : 'translate-x-0'
            }`}
          />
        </div>
      </div>
    </SnapSection>
  );
}
