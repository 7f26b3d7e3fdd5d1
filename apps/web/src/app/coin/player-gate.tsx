import { smartAccountAddress } from '@ojo/domain/session/user';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Address } from 'viem';
import { Spinner } from '@/components/ui/spinner';
import { ROUTES } from '@/config/routes';
import { useSessionUser } from '@/features/auth/hooks/use-auth';

/** The coin screens for a logged-in player with a smart account; the way to log in for anyone else. */
export function PlayerGate({ children }: { children: (account: Address) => ReactNode }) {
  const auth = useSessionUser();
  const account = auth.status === 'loggedIn' ? (smartAccountAddress(auth.user) as Address | null) : null;
  if (auth.status === 'loggedIn' && auth.isFullUser && account) return <>{children(account)}</>;
  if (auth.status === 'loggedIn' && !auth.user) return <Spinner label="Loading your account" />;
  if (auth.status === 'loggedIn')
    return <p className="text-slate-300">Finish setting up your account first.</p>;
  return (
    <div className="flex flex-col items-start gap-4 rounded-3xl border border-white/10 bg-arena-900/70 p-6">
      <p className="text-slate-300">Log in to buy and redeem OJO.</p>
      <Link
        to={ROUTES.home.path}
        className="rounded-xl bg-lime px-5 py-3 text-sm font-black uppercase tracking-wider text-arena-950"
      >
        Log in on the home page
      </Link>
    </div>
  );
}
