import type { ServerMessage } from '@ojo/api-contract/game/socket';
import { gameVerifyPath } from '@ojo/domain/routes';
import { type ComponentProps, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { GameApi } from '../../../lib/api-client';
import type { FrameAction } from '../../../lib/frame-bridge';
import { useBalances } from '../hooks/use-balances';
import { useDashSocket, useServerNow } from '../hooks/use-dash-socket';
import { buildLanes, phaseClock } from '../race';
import { raceShareFacts } from '../share-facts';
import { activeBets, type DashRoundView, type MyBet, myResultOf, returnedByCurrency } from '../state';
import { BetPanel } from './bet-panel';
import { Fairness } from './fairness';
import { MyBets } from './my-bets';
import { PhaseBar } from './phase-bar';
import { RaceTrack } from './race-track';
import { ResultPanel } from './result-panel';
import { RoundHistory } from './round-history';
import { type TaskReward, TaskRewardNotice } from './task-reward-notice';

interface DashScreenProps {
  apiUrl: string;
  /** The page's origin: the Verify link opens its verify page in a new tab. */
  webOrigin: string;
  /** Null until the page sends initGameData: the race shows, bets wait for the player. */
  token: string | null;
  api: GameApi;
  send(action: FrameAction): void;
  /** The timeline of the round last known (on screen, just finished or in the history): the intro's race length. */
  onTimeline?(timeline: DashRoundView['terms']['timeline'] | null): void;
}

/** The Dash race: live lanes, countdown, bets, result and history, fed by the game socket. */
export function DashScreen({ apiUrl, webOrigin, token, api, send, onTimeline }: DashScreenProps) {
  const loaded = useRef(false);
  const { balances, refresh: refreshBalances } = useBalances(api, token);
  const [taskReward, setTaskReward] = useState<TaskReward | null>(null);
  const onMessage = useCallback(
    (message: ServerMessage) => {
      if (message.type === 'snapshot' && !loaded.current) {
        loaded.current = true;
        send({ action: 'update', key: 'STOP_LOADING' });
      }
      // A payout, or a reward a background job credited after settlement: the page refetches the balance, and the
      // bet panel reads its own again.
      if (message.type === 'payout' || message.type === 'balance') {
        send({ action: 'post', topic: 'balance' });
        refreshBalances();
      }
      if (message.type === 'balance') setTaskReward(message.reward);
    },
    [send, refreshBalances],
  );
  const { state, status, recordBet } = useDashSocket(apiUrl, token, onMessage);
  const now = useServerNow(state.clockOffsetMs);

  useEffect(() => {
    if (status === 'unauthorized') send({ action: 'permission', need: 'login' });
  }, [status, send]);

  const raceRef = useRef<HTMLDivElement>(null);
  const onBet = useCallback(
    (bet: MyBet) => {
      recordBet(bet);
      send({ action: 'post', topic: 'balance' });
      refreshBalances();
    },
    [recordBet, send, refreshBalances],
  );
  // On a narrow screen the bet panel sits below the race: once a bet is placed the player is brought back to the
  // race they bet on (no move when it is already in view, as beside the panel on a wide screen).
  const onPlaced = useCallback(
    (bet: MyBet) => {
      onBet(bet);
      raceRef.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
    },
    [onBet],
  );

  const round = state.round;
  const timeline =
    round?.terms.timeline ?? state.previous?.round.terms.timeline ?? state.history[0]?.timeline ?? null;
  useEffect(() => {
    onTimeline?.(timeline);
  }, [onTimeline, timeline]);
  const lanes = useMemo(
    () => (round ? buildLanes(round, state.prices, now) : []),
    [round, state.prices, now],
  );
  const bets = activeBets(state);
  const myTracks = useMemo(() => new Set(bets.map((bet) => bet.track)), [bets]);
  // The result of a round the player bet on: the balance is read again (a round nobody of ours bet on moves nothing).
  const settledWithMyBets = round?.outcome && bets.length > 0 ? round.terms.roundId : null;
  useEffect(() => {
    if (settledWithMyBets !== null) refreshBalances();
  }, [settledWithMyBets, refreshBalances]);

  if (status === 'unauthorized') {
    return (
      <div className="empty">
        <p>Your session ended. Log in again to play.</p>
        <button type="button" className="cta" onClick={() => send({ action: 'permission', need: 'login' })}>
          Log in
        </button>
      </div>
    );
  }
  if (!state.ready || !round) {
    return (
      <div className="empty" role="status">
        <span className="spinner" aria-hidden />
        <p>{state.ready ? 'The next round is about to start…' : 'Connecting to the race…'}</p>
      </div>
    );
  }

  const roundId = round.terms.roundId;
  const previousBets = state.previous ? activeBets(state, state.previous.myBets) : [];
  // The share tells what the player did in that round: the page writes the post from these facts.
  const share =
    (shown: DashRoundView, shownBets: MyBet[]) =>
    (result: Parameters<ComponentProps<typeof ResultPanel>['onShare']>[0]) =>
      send({
        action: 'update',
        key: 'SHARE_RACE',
        share: { roundId: shown.terms.roundId, ...result, ...raceShareFacts(shown, shownBets) },
      });
  return (
    <div className="dash">
      <div className="dash__main">
        <div className="dash__race" ref={raceRef} data-testid="race">
          <PhaseBar round={round} clock={phaseClock(round, now)} />
          <Fairness round={round} next={state.next} />
          {taskReward ? <TaskRewardNotice reward={taskReward} onClose={() => setTaskReward(null)} /> : null}
          {status === 'reconnecting' ? (
            <p className="note note--error" role="status">
              Connection lost, reconnecting…
            </p>
          ) : null}
          <RaceTrack lanes={lanes} myTracks={myTracks} started={round.startSnapshot !== null} />
        </div>
        {round.outcome ? (
          <ResultPanel
            round={round}
            bets={bets}
            returned={returnedByCurrency(state, roundId)}
            onShare={share(round, bets)}
          />
        ) : state.previous ? (
          <ResultPanel
            round={state.previous.round}
            last
            bets={previousBets}
            returned={returnedByCurrency(state, state.previous.round.terms.roundId, state.previous.myBets)}
            onShare={share(state.previous.round, previousBets)}
          />
        ) : null}
        <RoundHistory
          rounds={state.history}
          myResultOf={(id) => myResultOf(state, id)}
          onVerify={(id) => send({ action: 'navigate', url: `${webOrigin}${gameVerifyPath(id)}` })}
        />
      </div>
      <aside className="dash__side">
        {token ? (
          <BetPanel
            round={round}
            api={api}
            balances={balances}
            onPlaced={onPlaced}
            onUnauthorized={() => send({ action: 'permission', need: 'login' })}
          />
        ) : (
          <section className="panel bet" aria-labelledby="bet-title">
            <h2 id="bet-title" className="panel__title">
              Place your bets
            </h2>
            <p className="muted">Log in to bet on this race with OJO or FishXP.</p>
            <button
              type="button"
              className="cta"
              onClick={() => send({ action: 'permission', need: 'login' })}
            >
              Log in to play
            </button>
          </section>
        )}
        {token ? <MyBets round={round} bets={bets} api={api} onChanged={onBet} /> : null}
      </aside>
    </div>
  );
}
