import { REFERRAL_TEXT } from '@ojo/domain/messages';
import { buildReferralLink } from '@ojo/domain/share/share-text';
import { Link } from 'react-router';
import { CookingIcon } from '@/components/ui/icons';
import { Page } from '@/components/ui/page';
import { Spinner } from '@/components/ui/spinner';
import { ROUTES } from '@/config/routes';
import { useHasSession } from '@/lib/use-has-session';
import { referredCount, useReferralInfo } from '../api/get-referral-info';
import { CopyField } from './copy-field';
import { ShareToXLink } from './share-to-x-link';

const cardClass = 'rounded-3xl border border-white/10 bg-arena-900/70 p-6 shadow-2xl shadow-black/30 sm:p-8';

function LoginPrompt() {
  return (
    <div className={`${cardClass} flex flex-col items-start gap-4`}>
      <h2 className="font-display text-2xl font-black uppercase italic text-white">
        Log in to invite friends
      </h2>
      <p className="max-w-xl text-slate-300">
        Your invite link, your invite code and the friends who joined with them appear here once you are
        logged in.
      </p>
      <Link
        to={ROUTES.home.path}
        className="rounded-xl bg-lime px-5 py-3 text-sm font-black uppercase tracking-wider text-arena-950 transition hover:brightness-110"
      >
        Log in on the home page
      </Link>
    </div>
  );
}

function ReferralDetails() {
  const invite = useReferralInfo({ enabled: true });
  if (invite.isPending) {
    return (
      <div className="grid place-items-center py-16">
        <Spinner label="Loading your invite" />
      </div>
    );
  }
  if (invite.isError || !invite.data) {
    return (
      <div role="alert" className={`${cardClass} flex flex-col items-start gap-4`}>
        <p className="text-slate-200">Your invite could not be loaded.</p>
        <button
          type="button"
          onClick={() => invite.refetch()}
          className="rounded-xl bg-white/10 px-4 py-2 text-sm font-bold text-white hover:bg-white/20"
        >
          Try again
        </button>
      </div>
    );
  }
  const referralLink = buildReferralLink(window.location.origin, invite.data.inviteCode);
  const referred = referredCount(invite.data.invitedMap);
  return (
    // Tracks may shrink below the invite link's length: the link truncates instead of widening the page (product.md 9 xs).
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1.6fr)_minmax(0,1fr)]">
      <section aria-labelledby="invite-heading" className={`${cardClass} flex flex-col gap-6`}>
        <h2 id="invite-heading" className="font-display text-2xl font-black uppercase italic text-white">
          Your invite
        </h2>
        <CopyField label="Invite link" value={referralLink} />
        <CopyField label="Invite code" value={invite.data.inviteCode} isProminent />
        <div>
          <ShareToXLink referralLink={referralLink} />
        </div>
      </section>
      <section
        aria-labelledby="referrals-heading"
        className={`${cardClass} flex flex-col justify-between gap-6`}
      >
        <h2 id="referrals-heading" className="font-display text-2xl font-black uppercase italic text-white">
          {REFERRAL_TEXT.myReferrals}
        </h2>
        <div>
          <p className="font-display text-7xl font-black leading-none text-lime" data-testid="referred-count">
            {referred}
          </p>
          <p className="mt-2 text-sm font-bold uppercase tracking-[0.3em] text-slate-400">
            {REFERRAL_TEXT.referred}
          </p>
          <p className="mt-3 text-sm text-slate-400">{REFERRAL_TEXT.referredRule}</p>
        </div>
      </section>
    </div>
  );
}

/** The referral page (product.md 2 Referral): invite link and code with copy, Share to X, My referrals and the note. */
export function ReferralPage() {
  const hasSession = useHasSession();
  return (
    <Page
      title={ROUTES.referral.title}
      description="Invite friends with your link or code. They race, you both climb."
    >
      {hasSession ? <ReferralDetails /> : <LoginPrompt />}
      <p className="mt-8 flex items-center gap-3 rounded-2xl border border-gold/30 bg-gold/10 px-5 py-4 text-gold">
        <CookingIcon className="size-7 shrink-0" data-testid="referral-note-icon" />
        {REFERRAL_TEXT.comingSoon}
      </p>
    </Page>
  );
}
