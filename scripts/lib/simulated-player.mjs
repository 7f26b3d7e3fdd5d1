// A simulated player of `npm run bench:players`: the race's WebSocket, held open as the game frame holds it, and a
// loop of actions (scripts/lib/player-mix.mjs) through the public HTTP routes, each call timed.
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { checkInStatusRoute } from '@ojo/api-contract/check-in';
import { JWT_HEADER, SAAS_ID_HEADER } from '@ojo/api-contract/envelope';
import { placeBetRoute } from '@ojo/api-contract/game/http';
import { GAME_SOCKET_PATH } from '@ojo/api-contract/game/socket';
import { pointLedgersRoute } from '@ojo/api-contract/member';
import { routePath } from '@ojo/api-contract/route-path';
import { taskListRoute } from '@ojo/api-contract/tasks';
import { tokenHistoriesRoute } from '@ojo/api-contract/wallet';
import { TASK_LIST_QUERY } from '@ojo/domain/constants';
import { WebSocket } from 'ws';
import { ROUND_ENV, SAAS_ID } from './bench-checkout.mjs';
import { nextAction, thinkTimeMs } from './player-mix.mjs';

/** What the players measured since the last `take()`: every call's latency, errors and the socket's price lag. */
export function createRecorder() {
  let samples = [];
  let lags = [];
  let errors = [];
  return {
    latency: (action, ms) => samples.push({ action, ms }),
    lag: (ms) => lags.push(ms),
    error: (what) => errors.push(what),
    take() {
      const taken = { samples, lagsMs: lags, errors };
      samples = [];
      lags = [];
      errors = [];
      return taken;
    },
  };
}

/** The request of one action of `player` (bets: `round` is the one its socket says is open). */
function requestOf(action, player, round) {
  switch (action) {
    case 'taskList':
      return { method: 'GET', path: `${routePath(taskListRoute)}?${new URLSearchParams(TASK_LIST_QUERY)}` };
    case 'checkInStatus':
      return { method: 'GET', path: routePath(checkInStatusRoute) };
    case 'pointLedger':
      return {
        method: 'GET',
        path: `${routePath(pointLedgersRoute, { id: player.userId })}?offset=0&limit=20&assetType=POINT`,
      };
    case 'walletHistory':
      return { method: 'GET', path: `${routePath(tokenHistoriesRoute)}?from=0&limit=20` };
    case 'bet':
      return {
        method: 'POST',
        path: routePath(placeBetRoute, { id: round.id }),
        body: {
          currency: 'POINT',
          track: round.tracks[Math.floor(Math.random() * round.tracks.length)],
          amount: ROUND_ENV.GAME_MIN_STAKE_POINT,
          clientBetId: randomBytes(12).toString('hex'),
        },
      };
    default:
      throw new Error(`unknown action ${action}`);
  }
}

/** The round a socket message shows, as a player needs it to bet. */
function roundOf(round) {
  if (!round) return null;
  return {
    id: round.terms.roundId,
    phase: round.phase,
    closesAtMs: round.terms.timeline.closesAtMs,
    tracks: round.terms.tracks,
  };
}

const SNAPSHOT_WAIT_MS = 30_000;

/**
 * One simulated player: the race's socket (auth and subscribe as the game frame sends them; every frame parsed) and a
 * loop of actions. `ready` settles once the socket's snapshot arrived (or it failed: an error).
 */
export function startPlayer(apiUrl, player, recorder, thinkMs) {
  const state = { round: null, lastBetRoundId: null, lastStep: -1, stopped: false, timer: undefined };
  const headers = {
    [SAAS_ID_HEADER]: SAAS_ID,
    [JWT_HEADER]: player.token,
    'content-type': 'application/json',
  };

  const act = async () => {
    const action = nextAction({ ...state, nowMs: Date.now() });
    if (action === 'bet') state.lastBetRoundId = state.round.id;
    const request = requestOf(action, player, state.round);
    const started = performance.now();
    try {
      const response = await fetch(`${apiUrl}${request.path}`, {
        method: request.method,
        headers,
        body: request.body ? JSON.stringify(request.body) : undefined,
        signal: AbortSignal.timeout(10_000),
      });
      const text = await response.text();
      recorder.latency(action, performance.now() - started);
      if (!response.ok || JSON.parse(text).success !== true) {
        recorder.error(`${action}: ${response.status} ${text.slice(0, 160)}`);
      }
    } catch (error) {
      recorder.error(`${action}: ${error.message}`);
    }
    if (!state.stopped) state.timer = setTimeout(act, thinkTimeMs(thinkMs, thinkMs / 3));
  };

  const socketUrl = new URL(GAME_SOCKET_PATH, apiUrl);
  socketUrl.protocol = 'ws:';
  const socket = new WebSocket(socketUrl, { perMessageDeflate: false });
  // Settles once the snapshot arrived or the socket failed (recorded as an error), at most SNAPSHOT_WAIT_MS later.
  const ready = new Promise((resolve) => {
    const waited = setTimeout(() => {
      recorder.error(`socket: no snapshot within ${SNAPSHOT_WAIT_MS} ms`);
      resolve();
    }, SNAPSHOT_WAIT_MS);
    const settle = () => {
      clearTimeout(waited);
      resolve();
    };
    socket.on('open', () => {
      socket.send(JSON.stringify({ type: 'auth', token: player.token }));
      socket.send(JSON.stringify({ type: 'subscribe', game: 'dash', lastRoundId: null }));
    });
    socket.on('message', (data) => {
      const message = JSON.parse(String(data));
      if (message.type === 'snapshot') {
        state.round = roundOf(message.round);
        settle();
      } else if (message.type === 'round') {
        state.round = roundOf(message.round);
      } else if (message.type === 'prices') {
        // Outside the race the tick repeats its first or last step (an old time): only a new step has a lag.
        if (message.tick.step > state.lastStep) recorder.lag(Date.now() - message.tick.atMs);
        state.lastStep = message.tick.step;
      } else if (message.type === 'error') {
        recorder.error(`socket: ${message.code} ${message.message}`);
      }
    });
    socket.on('error', (error) => {
      recorder.error(`socket: ${error.message}`);
      settle();
    });
    socket.on('close', (code, reason) => {
      if (!state.stopped) recorder.error(`socket closed: ${code} ${reason}`);
      settle();
    });
  });
  // The first action comes at a random moment of a think time, so the players spread over it.
  state.timer = setTimeout(act, Math.random() * thinkMs);
  return {
    ready,
    stop() {
      state.stopped = true;
      clearTimeout(state.timer);
      socket.terminate();
    },
  };
}
