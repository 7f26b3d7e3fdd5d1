import { useMemo, useState } from 'react';
import { env, gameTitle } from '../config/env';
import { DashScreen } from '../features/dash/components/dash-screen';
import { raceIntro } from '../features/dash/race';
import type { DashRoundView } from '../features/dash/state';
import { createGameApi } from '../lib/api-client';
import type { FrameBridge } from '../lib/frame-bridge';
import { GameNav } from './game-nav';
import { useFrameInit } from './use-frame-init';

/**
 * The coin-race game frame (ARCHITECTURE.md (The coin race)). Until the page's initGameData arrives (product.md 2) it shows the race
 * to watch; with it, it opens the live race again with the session token it carries, and the player can bet. Every
 * screen outside the race is reached through the page.
 */
export function App({ bridge }: { bridge: FrameBridge }) {
  const title = gameTitle(env.productName);
  const init = useFrameInit(bridge);
  const token = init?.token ?? null;
  const [timeline, setTimeline] = useState<DashRoundView['terms']['timeline'] | null>(null);
  const api = useMemo(
    () =>
      createGameApi({
        apiUrl: env.apiUrl,
        saasId: env.saasId,
        getToken: () => bridge.init.getState()?.token ?? null,
      }),
    [bridge],
  );
  return (
    <main className="game" data-session={token ? 'player' : 'spectator'}>
      <title>{title}</title>
      <header className="game__header">
        <h1 className="game__title">{title}</h1>
        <p className="game__lead">{raceIntro(timeline)}</p>
      </header>
      <GameNav send={bridge.send} />
      <DashScreen
        apiUrl={env.apiUrl}
        webOrigin={env.webOrigin}
        token={token}
        api={api}
        send={bridge.send}
        onTimeline={setTimeline}
      />
    </main>
  );
}
