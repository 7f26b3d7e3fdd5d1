import { Link } from 'react-router';
import { Page } from '@/components/ui/page';
import { Spinner } from '@/components/ui/spinner';
import { CHECK_IN_ROUTE, ROUTES } from '@/config/routes';
import { useSessionUser } from '@/features/auth/hooks/use-auth';
import { CheckInScreen } from '@/features/check-in/components/check-in-screen';

/** The daily check-in (task 411010): the screen for a logged-in player, the way to log in for anyone else. */
export function Component() {
  const auth = useSessionUser();
  const isPlayer = auth.isFullUser;
  return (
    <Page
      title={CHECK_IN_ROUTE.title}
      description="Check in once every day (UTC) to climb the reward ladder and earn FishXP and OJO."
    >
      {isPlayer ? (
        <CheckInScreen />
      ) : auth.status === 'loggedIn' && !auth.user ? (
        <Spinner label="Loading your account" />
      ) : auth.status === 'loggedIn' ? (
        <p className="text-slate-300">Finish setting up your account to check in.</p>
      ) : (
        <div className="flex flex-col items-start gap-4 rounded-3xl border border-white/10 bg-arena-900/70 p-6">
          <p className="text-slate-300">Log in to check in and collect your daily reward.</p>
          <Link
            to={ROUTES.home.path}
            className="rounded-xl bg-lime px-5 py-3 text-sm font-black uppercase tracking-wider text-arena-950"
          >
            Log in on the home page
          </Link>
        </div>
      )}
    </Page>
  );
}
