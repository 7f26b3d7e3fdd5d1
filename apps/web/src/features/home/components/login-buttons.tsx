import type { LoginProvider } from '@ojo/domain/enums';
import { HOME_TEXT } from '@ojo/domain/messages';
import { useId } from 'react';
import { ArrowRightIcon, StarIcon } from '@/components/ui/icons';
import { ShortLabel } from '@/components/ui/short-label';
import { env } from '@/config/env';
import { useHomeLoginActions } from '@/lib/login-actions';
import { getLoginReferralFields } from '@/lib/referral-selection';

const OLD_USER_PROVIDERS: ReadonlyArray<{ provider: LoginProvider; label: string }> = [
  { provider: 'twitter', label: 'Twitter' },
  { provider: 'apple', label: 'Apple' },
  { provider: 'google', label: 'Google' },
];

function ProviderIcon({ provider }: { provider: LoginProvider }) {
  const common = {
    focusable: false,
    viewBox: '0 0 24 24',
    className: 'size-5',
  } as const;
  switch (provider) {
    case 'twitter':
      return (
        <svg aria-hidden="true" {...common} fill="currentColor">
          <path d="M4 3h4.6l4.1 5.6L17.6 3H20l-6.2 7.1L21 21h-4.6l-4.5-6.1L6.4 21H4l6.8-7.7L4 3Zm3.2 1.6 9.8 14.8h1.6L8.8 4.6H7.2Z" />
        </svg>
      );
    case 'apple':
      return (
        <svg aria-hidden="true" {...common} fill="currentColor">
          <path d="M16.4 12.6c0-2.3 1.9-3.4 2-3.5-1.1-1.6-2.8-1.8-3.4-1.8-1.4-.2-2.8.8-3.5.8s-1.8-.8-3-.8C7 7.3 5.6 8.2 4.8 9.6c-1.6 2.8-.4 6.9 1.2 9.1.8 1.1 1.7 2.3 2.8 2.3s1.6-.7 3-.7 1.8.7 3 .7 2-1.1 2.8-2.2c.9-1.3 1.2-2.5 1.3-2.6-.1 0-2.5-1-2.5-3.6ZM14.2 5.8c.6-.8 1.1-1.8.9-2.8-.9 0-2 .6-2.6 1.4-.6.7-1.1 1.7-1 2.7 1 .1 2-.5 2.7-1.3Z" />
        </svg>
      );
    case 'google':
      return (
        <svg aria-hidden="true" {...common}>
          <path
            fill="#4285F4"
            d="M21.6 12.2c0-.7-.1-1.4-.2-2H12v3.8h5.4a4.6 4.6 0 0 1-2 3v2.5h3.2c1.9-1.7 3-4.3 3-7.3Z"
          />
          <path
            fill="#34A853"
            d="M12 22c2.7 0 5-.9 6.6-2.4l-3.2-2.5c-.9.6-2 1-3.4 1-2.6 0-4.8-1.8-5.6-4.1H3.1v2.6A10 10 0 0 0 12 22Z"
          />
          <path fill="#FBBC05" d="M6.4 14c-.2-.6-.3-1.3-.3-2s.1-1.4.3-2V7.4H3.1a10 10 0 0 0 0 9.2L6.4 14Z" />
          <path
            fill="#EA4335"
            d="M12 5.9c1.5 0 2.8.5 3.8 1.5l2.9-2.9A10 10 0 0 0 3.1 7.4L6.4 10c.8-2.3 3-4.1 5.6-4.1Z"
          />
        </svg>
      );
  }
}

/**
 * 'Login with <provider>' (product.md 2 Home), sending the selected or empty invite code with its source type. The
 * compact one (header) reads 'Login' where the whole label does not fit the header row (product.md 9 breakpoints).
 */
export function ProviderLoginButton({
  size = 'large',
  describedBy,
}: {
  size?: 'large' | 'compact';
  /** Id of a note about the button, e.g. 'Recommended for new users'. */
  describedBy?: string;
}) {
  const { loginWithProvider, isLoggingIn } = useHomeLoginActions();
  const label = HOME_TEXT.loginWith(env.providerName);
  const onClick = () => {
    const { referralCode, sourceType } = getLoginReferralFields();
    loginWithProvider(referralCode, sourceType);
  };
  const sizing =
    size === 'large'
      ? 'w-full px-5 py-4 text-sm sm:w-auto sm:px-7 sm:text-base'
      : 'whitespace-nowrap px-4 py-2 text-sm';
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={isLoggingIn}
      aria-describedby={describedBy}
      className={`group relative inline-flex items-center justify-center gap-2 rounded-2xl bg-lime font-black uppercase tracking-wide text-arena-950 shadow-[0_0_40px_-8px] shadow-lime/70 transition hover:-translate-y-0.5 hover:brightness-110 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-lime disabled:cursor-wait disabled:opacity-60 ${sizing}`}
    >
      {size === 'compact' ? (
        // Phones have no room for the whole label beside the brand; md to lg, none beside the navigation.
        <ShortLabel label={label} restClassName="max-sm:sr-only md:max-lg:sr-only" />
      ) : (
        label
      )}
      <ArrowRightIcon className="size-4 shrink-0 transition group-hover:translate-x-0.5" />
    </button>
  );
}

/** The new-user login with its 'Recommended for new users' mark. */
export function RecommendedLogin() {
  const noteId = useId();
  return (
    <div className="flex w-full flex-col items-start gap-2 sm:w-auto">
      <span
        id={noteId}
        className="inline-flex items-center gap-1.5 rounded-full border border-lime/40 bg-lime/10 px-3 py-1 text-xs font-bold uppercase tracking-widest text-lime"
      >
        <StarIcon className="size-3.5" />
        {HOME_TEXT.recommendedForNewUsers}
      </span>
      <ProviderLoginButton describedBy={noteId} />
    </div>
  );
}

/** The old-user login icons: Twitter, Apple, Google (product.md 2 Home), each a button with its own name. */
export function OldUserLoginButtons() {
  const { oldUserLogin, isLoggingIn } = useHomeLoginActions();
  return (
    <div className="flex flex-wrap items-center gap-3">
      <span className="text-sm text-slate-400">Old user? Log in with</span>
      <ul className="flex items-center gap-2">
        {OLD_USER_PROVIDERS.map(({ provider, label }) => (
          <li key={provider}>
            <button
              type="button"
              aria-label={`Log in with ${label}`}
              title={label}
              disabled={isLoggingIn}
              onClick={() => oldUserLogin(provider)}
              className="grid size-11 place-items-center rounded-xl border border-white/15 bg-white/5 text-white transition hover:border-white/40 hover:bg-white/10 disabled:opacity-50"
            >
              <ProviderIcon provider={provider} />
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
