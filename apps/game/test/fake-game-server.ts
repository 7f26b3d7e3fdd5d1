import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { dashRound, myBet } from '@ojo/api-contract/game/dash';
import { placeBetRoute } from '@ojo/api-contract/game/http';
import {
  GAME_SOCKET_PATH,
  parseClientMessage,
  type ServerMessage,
  serverMessage,
} from '@ojo/api-contract/game/socket';
import { DASH_TERMS_FORMAT } from '@ojo/domain/game/dash/terms';
import { MARKET_MODEL, MARKET_STEP_MS } from '@ojo/domain/game/market/model';
import { PRICE_DECIMALS } from '@ojo/domain/game/market/price';
import { type WebSocket, WebSocketServer } from 'ws';
import type { z } from 'zod';

/**
 * A stand-in for the game server, for the frame's own tests and for looking at the screens: one socket at
 * GAME_SOCKET_PATH and the bet call, speaking the contract (every message it sends is checked against the
 * contract's schema first, so the fake cannot drift from it). Rounds run on a short timeline; prices random-walk.
 * The end-to-end tests use the real server, never this.
 */

type Round = z.infer<typeof dashRound>;
type Bet = z.infer<typeof myBet>;

export interface FakeGameServer {
  url: string;
  tokens: Set<string>;
  /** Moves the round to its next phase at once. */
  advance(): void;
  round(): Round;
  close(): Promise<void>;
}

const TRACKS = ['BTC', 'ETH', 'SOL', 'DOGE', 'PEPE'];
const zero = () => ({ bets: 0, stakes: '0', byTrack: {} as Record<string, string> });

export async function startFakeGameServer(
  options: { phaseMs?: number; port?: number } = {},
): Promise<FakeGameServer> {
  const phaseMs = options.phaseMs ?? 8000;
  const tokens = new Set<string>(['fake-token']);
  const clients = new Set<WebSocket>();
  const bets = new Map<string, Bet>();
  let prices = TRACKS.map((_, i) => 10n ** 12n * BigInt(100 + i * 37));
  let step = 0;
  let counter = 0;
  let history: Round[] = [];

  const check = (message: ServerMessage) => serverMessage.parse(message);
  const broadcast = (message: ServerMessage) => {
    const text = JSON.stringify(check(message));
    for (const client of clients) client.send(text);
  };
  const quotes = (atMs: number) => ({
    atMs,
    quotes: TRACKS.map((symbol, i) => ({
      symbol,
      price: String(prices[i]),
      sourceTimeMs: atMs,
      tradeId: null,
    })),
  });

  const newRound = (now: number): Round => {
    counter += 1;
    return {
      terms: {
        format: DASH_TERMS_FORMAT,
        game: 'dash',
        roundId: `r${String(counter).padStart(6, '0')}`,
        tracks: TRACKS,
        timeline: {
          opensAtMs: now,
          closesAtMs: now + phaseMs,
          raceEndsAtMs: now + 2 * phaseMs,
          resultsEndAtMs: now + 3 * phaseMs,
        },
        feeBps: 500,
        minStake: { OJO: '200', POINT: '100' },
        maxStake: { OJO: null, POINT: null },
        carryIn: { OJO: '0', POINT: '0' },
        snapshotDeadlineMs: 5000,
        feed: {
          kind: 'simulated',
          model: MARKET_MODEL,
          stepMs: MARKET_STEP_MS,
          priceDecimals: PRICE_DECIMALS,
          reversionPpb: 0,
          openStep: step,
          openPrices: prices.map(String),
          coins: TRACKS.map((symbol, i) => ({
            symbol,
            basePrice: String(prices[i]),
            volatilityPpb: 1000,
            marketWeightBps: 0,
          })),
        },
      },
      commitment: 'a'.repeat(64),
      phase: 'betting',
      pools: { OJO: zero(), POINT: zero() },
      startSnapshot: null,
      endSnapshot: null,
      voided: null,
      outcome: null,
      settledAtMs: null,
    };
  };

  let round = newRound(Date.now());

  const settle = (now: number) => {
    const start = round.startSnapshot?.quotes ?? [];
    const tracks = TRACKS.map((symbol, i) => {
      const startPrice = BigInt(start[i]?.price ?? '1');
      return { symbol, lane: i + 1, startPrice, endPrice: prices[i] ?? 1n };
    });
    const ranked = [...tracks].sort((a, b) =>
      (b.endPrice - b.startPrice) * a.startPrice > (a.endPrice - a.startPrice) * b.startPrice ? 1 : -1,
    );
    const winners = ranked.slice(0, 2).map((t) => t.symbol);
    const settlement = (currency: 'OJO' | 'POINT') => {
      const pool = round.pools[currency];
      const stakes = BigInt(pool.stakes);
      const fee = (stakes * 500n) / 10_000n;
      const winning = [...bets.values()].filter(
        (b) => b.currency === currency && b.status === 'active' && winners.includes(b.track),
      );
      const winningStakes = winning.reduce((s, b) => s + BigInt(b.amount), 0n);
      let paid = 0n;
      for (const bet of winning) {
        const amount = ((stakes - fee) * BigInt(bet.amount)) / winningStakes;
        paid += amount;
        bets.set(bet.betId, { ...bet, returned: String(amount) });
        broadcast({
          type: 'payout',
          roundId: round.terms.roundId,
          betId: bet.betId,
          kind: 'payout',
          currency,
          amount: String(amount),
        });
      }
      const distributable = stakes - fee;
      return {
        bets: pool.bets,
        stakes: pool.stakes,
        carryIn: '0',
        fee: String(fee),
        distributable: String(distributable),
        winningBets: winning.length,
        winningStakes: String(winningStakes),
        paidOut: String(paid),
        remainder: winning.length ? String(distributable - paid) : '0',
        carryOut: winning.length ? '0' : String(distributable),
      };
    };
    round = {
      ...round,
      phase: 'results',
      endSnapshot: quotes(now),
      settledAtMs: now,
      outcome: {
        kind: 'settled',
        winners,
        tracks: tracks.map((t) => ({
          symbol: t.symbol,
          lane: t.lane,
          place: ranked.indexOf(t) + 1,
          startPrice: String(t.startPrice),
          endPrice: String(t.endPrice),
          changeNum: String(t.endPrice - t.startPrice),
          changeDen: String(t.startPrice),
        })),
        currencies: { OJO: settlement('OJO'), POINT: settlement('POINT') },
      },
    };
  };

  const advance = () => {
    const now = Date.now();
    if (round.phase === 'betting') round = { ...round, phase: 'racing', startSnapshot: quotes(now) };
    else if (round.phase === 'racing') settle(now);
    else {
      history = [round, ...history].slice(0, 20);
      bets.clear();
      round = newRound(now);
    }
    broadcast({ type: 'round', serverTimeMs: now, round });
  };
  const phaseTimer = setInterval(() => {
    const t = round.terms.timeline;
    const now = Date.now();
    const end =
      round.phase === 'betting' ? t.closesAtMs : round.phase === 'racing' ? t.raceEndsAtMs : t.resultsEndAtMs;
    if (now >= end) advance();
  }, 100);
  const priceTimer = setInterval(() => {
    step += 1;
    prices = prices.map((p) => p + (p * BigInt(Math.round((Math.random() - 0.48) * 2000))) / 1_000_000n);
    broadcast({
      type: 'prices',
      tick: {
        step,
        atMs: Date.now(),
        prices: TRACKS.map((symbol, i) => ({ symbol, price: String(prices[i]) })),
      },
    });
  }, MARKET_STEP_MS);

  const snapshot = (): ServerMessage => ({
    type: 'snapshot',
    protocol: 1,
    serverTimeMs: Date.now(),
    round,
    next: null,
    prices: {
      step,
      atMs: Date.now(),
      prices: TRACKS.map((symbol, i) => ({ symbol, price: String(prices[i]) })),
    },
    history: history
      .filter((r) => r.outcome)
      .map((r) => ({
        roundId: r.terms.roundId,
        timeline: r.terms.timeline,
        tracks: r.terms.tracks,
        commitment: r.commitment,
        outcome: r.outcome!,
      })),
    myBets: [...bets.values()],
    myResults: [],
  });

  const readBody = (request: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let text = '';
      request.on('data', (chunk) => {
        text += chunk;
      });
      request.on('end', () => resolve(text));
    });

  const server: Server = createServer(async (request, response) => {
    response.setHeader('access-control-allow-origin', '*');
    response.setHeader('access-control-allow-headers', '*');
    response.setHeader('access-control-allow-methods', 'GET,POST,PUT,DELETE');
    if (request.method === 'OPTIONS') return void response.end();
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    const match = /^\/games\/battle\/([^/]+)\/bets$/.exec(path);
    if (request.method === placeBetRoute.method && match) {
      if (!tokens.has(String(request.headers.jwt_token)))
        return send(401, { success: false, code: '401', message: 'Log in first.', data: null });
      const body = placeBetRoute.body.parse(JSON.parse(await readBody(request)));
      if (match[1] !== round.terms.roundId || round.phase !== 'betting') {
        return send(409, {
          success: false,
          code: 'BETTING_CLOSED',
          message: 'Betting is closed for this round.',
          data: null,
        });
      }
      const bet: Bet = {
        betId: `b-${body.clientBetId}`,
        roundId: round.terms.roundId,
        currency: body.currency,
        track: body.track,
        amount: body.amount,
        revision: 0,
        placedAtMs: Date.now(),
        status: 'active',
        returned: null,
      };
      bets.set(bet.betId, bet);
      const pool = round.pools[body.currency];
      pool.bets += 1;
      pool.stakes = String(BigInt(pool.stakes) + BigInt(body.amount));
      pool.byTrack[body.track] = String(BigInt(pool.byTrack[body.track] ?? '0') + BigInt(body.amount));
      broadcast({ type: 'pools', roundId: round.terms.roundId, pools: round.pools });
      broadcast({ type: 'bet', bet });
      return send(200, { success: true, code: '0', message: 'ok', data: bet });
    }
    send(404, { success: false, code: '404', message: 'Not found', data: null });
  });
  const sockets = new WebSocketServer({ server, path: GAME_SOCKET_PATH });
  sockets.on('connection', (socket) => {
    socket.on('message', (data) => {
      const message = parseClientMessage(String(data));
      if (!message) return socket.close(4400);
      if (message.type === 'auth') {
        if (!tokens.has(message.token)) return socket.close(4401);
      } else if (message.type === 'subscribe') {
        // Without auth the client watches (as the real server allows); with it, it is that player.
        clients.add(socket);
        socket.send(JSON.stringify(check(snapshot())));
      }
    });
    socket.on('close', () => clients.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    tokens,
    advance,
    round: () => round,
    close: async () => {
      clearInterval(phaseTimer);
      clearInterval(priceTimer);
      for (const client of sockets.clients) client.terminate();
      sockets.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

// `npx tsx test/fake-game-server.ts` serves it on port 3101 for looking at the screens.
if (import.meta.url === `file://${process.argv[1]}`) {
  const fake = await startFakeGameServer({ port: Number(process.env.FAKE_GAME_PORT ?? 3101) });
  console.info(`fake game server at ${fake.url}`);
}
