import type { FrameToPageMessage } from '@ojo/api-contract/game/frame';
import type { FramePopupKind } from '@ojo/domain/enums';
import { resolveFrameNavigation } from '@ojo/domain/routes';
import { buildReferralLink, shareBrand } from '@ojo/domain/share/share-text';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { env } from '@/config/env';
import { AUTH_ROUTES, ROUTES } from '@/config/routes';
import { messagesQueryOptions } from '@/features/game/api/get-messages';
import { gameKeys } from '@/features/game/api/query-keys';
import { raceShareUrl, type SharedRace } from '@/features/game/lib/race-share';
import { useReferralInfo } from '@/features/referral/api/get-referral-info';
import { taskKeys } from '@/features/tasks/api/task-keys';
import { memberKeys } from '@/lib/query-keys';

/**
 * What the page does for each frame action (product.md 2 Frame actions): navigate (a route name with its query, or an
 * external http URL in a new tab), back, post (refetch what the game changed), popup, update (SHARE_RACE and
 * SHARE_SPLASH open the X post with the invite link; STOP_LOADING hides the page's spinner in the frame host) and
 * permission (log in, or create the profile).
 */
export function useFrameActions({ hasSession }: { hasSession: boolean }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [popup, setPopup] = useState<FramePopupKind | null>(null);
  const [needsLogin, setNeedsLogin] = useState(false);
  // Loaded ahead so a share opens its tab within the click (a popup blocker allows no await first).
  const messages = useQuery({ ...messagesQueryOptions(), enabled: hasSession, retry: false });
  const invite = useReferralInfo({ enabled: hasSession });

  const share = useCallback(
    (race: SharedRace) => {
      const code = invite.data?.inviteCode;
      const referralLink = code ? buildReferralLink(window.location.origin, code) : window.location.origin;
      const brand = shareBrand(env.productName, env.social.xUrl);
      window.open(
        raceShareUrl({ messages: messages.data, race, referralLink, brand }),
        '_blank',
        'noopener,noreferrer',
      );
    },
    [invite.data, messages.data],
  );

  const onMessage = useCallback(
    (message: FrameToPageMessage) => {
      switch (message.action) {
        case 'navigate': {
          if ('url' in message) {
            window.open(message.url, '_blank', 'noopener,noreferrer');
            return;
          }
          const target = resolveFrameNavigation(message.route, message.query);
          if (target?.kind === 'internal') navigate(target.path);
          return;
        }
        case 'back':
          if (window.history.length > 1) navigate(-1);
          else navigate(ROUTES.home.path);
          return;
        case 'post':
          void queryClient.invalidateQueries({ queryKey: memberKeys.all });
          void queryClient.invalidateQueries({ queryKey: gameKeys.all });
          // The balance can move by the play task's reward, credited after settlement: its state changed too.
          void queryClient.invalidateQueries({ queryKey: taskKeys.all });
          return;
        case 'popup':
          setPopup(message.kind);
          return;
        case 'update':
          if (message.key === 'SHARE_RACE' || message.key === 'SHARE_SPLASH') share(message.share);
          return;
        case 'permission':
          if (message.need === 'profile') navigate(AUTH_ROUTES.createProfile.path);
          else setNeedsLogin(true);
          return;
      }
    },
    [navigate, queryClient, share],
  );

  return {
    onMessage,
    popup,
    closePopup: () => setPopup(null),
    needsLogin,
    closeLogin: () => setNeedsLogin(false),
  };
}
