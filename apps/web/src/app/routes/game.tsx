import { env } from '@/config/env';
import { ROUTES } from '@/config/routes';
import { useAuthState } from '@/features/auth/hooks/use-auth';
import { GameFrame } from '@/features/game/components/game-frame';
import { GamePopup } from '@/features/game/components/game-popup';
import { ProviderLoginButton } from '@/features/home/components/login-buttons';
import { GamePopups } from '../game/game-popups';
import { useFrameActions } from '../game/use-frame-actions';

/**
 * /game (product.md 2): the race in its frame, served from the game origin; the page hands it the session token and
 * carries out every action it asks for.
 */
export function Component() {
  const auth = useAuthState();
  const token = auth.status === 'loggedIn' ? auth.jwt : null;
  const actions = useFrameActions({ hasSession: token !== null });
  return (
    <section aria-label={ROUTES.game.title} className="flex min-h-0 w-full flex-1 flex-col">
      <title>{`${ROUTES.game.title} · ${env.productName}`}</title>
      <h1 className="sr-only">{ROUTES.game.title}</h1>
      {token === null ? (
        <div className="flex shrink-0 flex-wrap items-center justify-center gap-4 border-b border-white/10 bg-arena-900/80 px-4 py-3 text-sm text-slate-200">
          <span>Log in to join the live race and place your bets.</span>
          <ProviderLoginButton size="compact" />
        </div>
      ) : null}
      <GameFrame token={token} onMessage={actions.onMessage} title={`${env.productName} race`} />
      <GamePopups kind={actions.popup} onClose={actions.closePopup} />
      <GamePopup
        open={actions.needsLogin && token === null}
        onClose={actions.closeLogin}
        title="Log in to play"
        description="Your bets, tickets and rank are kept with your account."
      >
        <ProviderLoginButton />
      </GamePopup>
    </section>
  );
}
