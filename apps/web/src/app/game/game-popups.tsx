import type { FramePopupKind } from '@ojo/domain/enums';
import { FRAME_POPUP_TO_PATH } from '@ojo/domain/routes';
import { buildReferralLink } from '@ojo/domain/share/share-text';
import { Link } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { useAuthState, useSessionUser } from '@/features/auth/hooks/use-auth';
import { CheckInScreen } from '@/features/check-in/components/check-in-screen';
import { GamePopup } from '@/features/game/components/game-popup';
import { ProviderLoginButton } from '@/features/home/components/login-buttons';
import { useReferralInfo } from '@/features/referral/api/get-referral-info';
import { CopyField } from '@/features/referral/components/copy-field';
import { ShareToXLink } from '@/features/referral/components/share-to-x-link';
import { PlayGameTask } from '@/features/tasks/components/play-game-task';
import { TaskList } from '@/features/tasks/components/task-list';
import { useHasSession } from '@/lib/use-has-session';
import { useOnTaskDone } from '../tasks/use-on-task-done';

/**
 * The frame's popups (product.md 2: invite, gameTask, checkIn), composed from the features they belong to. Each shows over
 * the race, which keeps running; each also links to its full screen (FRAME_POPUP_TO_PATH).
 */
const POPUPS: Record<FramePopupKind, { title: string; description: string }> = {
  checkIn: { title: 'Daily check-in', description: 'Check in once a day (UTC) for OJO and FishXP.' },
  invite: {
    title: 'Invite friends',
    description: 'Share your invite link: friends who join count as your referrals.',
  },
  gameTask: { title: 'Game tasks', description: 'Finish tasks to earn points you can race with.' },
};

const OPEN_LINK = 'self-start text-sm font-bold text-lime underline underline-offset-4';

export function GamePopups({ kind, onClose }: { kind: FramePopupKind | null; onClose(): void }) {
  const popup = kind ? POPUPS[kind] : null;
  return (
    <GamePopup
      open={kind !== null}
      onClose={onClose}
      title={popup?.title ?? ''}
      description={popup?.description ?? ''}
    >
      {kind === 'checkIn' ? <CheckInPopup /> : null}
      {kind === 'invite' ? <InvitePopup /> : null}
      {kind === 'gameTask' ? <GameTaskPopup /> : null}
      {kind ? (
        <Link to={FRAME_POPUP_TO_PATH[kind]} className={OPEN_LINK} onClick={onClose}>
          Open the full screen
        </Link>
      ) : null}
    </GamePopup>
  );
}

function CheckInPopup() {
  const { isFullUser } = useSessionUser();
  if (isFullUser) return <CheckInScreen />;
  return <p className="text-sm text-slate-300">Log in to check in and collect your daily reward.</p>;
}

/**
 * The player's tasks as the task page lists them (product.md 2 Task page): each with its state and its action (Go,
 * Verify), over the race. A logged-out player is asked to log in; the list shows once they have.
 */
function GameTaskPopup() {
  const hasSession = useHasSession();
  const onTaskDone = useOnTaskDone();
  if (!hasSession) {
    return (
      <div className="flex flex-col items-start gap-3">
        <p className="text-sm text-slate-300">Log in to see your tasks and start earning.</p>
        <ProviderLoginButton />
      </div>
    );
  }
  // The player comes back from a platform's connect page to the task page, which resumes the task (product.md 4).
  return (
    <div className="flex flex-col gap-3">
      <PlayGameTask />
      <TaskList onTaskDone={onTaskDone} resumeStoredTask={false} />
    </div>
  );
}

function InvitePopup() {
  const auth = useAuthState();
  const invite = useReferralInfo({ enabled: auth.status === 'loggedIn' });
  if (auth.status !== 'loggedIn')
    return <p className="text-sm text-slate-300">Log in to get your invite link.</p>;
  if (invite.isPending) return <Spinner label="Loading your invite" />;
  if (invite.isError || !invite.data)
    return <p className="text-sm text-slate-300">Your invite could not be loaded.</p>;
  const referralLink = buildReferralLink(window.location.origin, invite.data.inviteCode);
  return (
    <div className="flex flex-col gap-4">
      <CopyField label="Invite link" value={referralLink} />
      <div>
        <ShareToXLink referralLink={referralLink} />
      </div>
    </div>
  );
}
