import { FRAME_POPUP_KINDS, FRAME_ROUTE_NAMES, RULE_KINDS } from '@ojo/domain/enums';
import { advance, createDashRound, type DashRound } from '@ojo/domain/game/dash/round';
import { DEFAULT_DASH_CONFIG } from '@ojo/domain/game/dash/rules';
import { createDashTerms, drawTracks } from '@ojo/domain/game/dash/terms';
import { type PublishedDashRound, publishRound, verifyRound } from '@ojo/domain/game/dash/verify';
import { coinParams, DEFAULT_MARKET_COINS } from '@ojo/domain/game/market/coins';
import { stepAt } from '@ojo/domain/game/market/model';
import { MarketSimulator } from '@ojo/domain/game/market/simulator';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { routeSchema } from '../route';
import { dashRound, publishedDashRound } from './dash';
import { GAME_FRAME_CHANNEL, parseFrameToPage, parsePageToFrame } from './frame';
import { GAME_ROUTES, getBattleProgressRoute, placeBetBody, routePath, ruleQuery } from './http';
import {
  MAX_CLIENT_MESSAGE_BYTES,
  parseClientMessage,
  parseServerMessage,
  type ServerMessage,
  serverMessage,
} from './socket';

// The schemas describe the domain's own types, both ways (checked by the compiler): what parses is a DashRound,
// and a DashRound is what the server may send.
const parsedIsDomain: (value: z.infer<typeof dashRound>) => DashRound = (value) => value;
const domainIsWire: (value: DashRound) => z.infer<typeof dashRound> = (value) => value;
const publishedIsDomain: (value: z.infer<typeof publishedDashRound>) => PublishedDashRound = (value) => value;
const domainIsPublished: (value: PublishedDashRound) => z.infer<typeof publishedDashRound> = (value) => value;

const SEED = '9e'.repeat(32);
const OPENS_AT = 1_750_000_060_000;

/** A round played through the domain, with every state it went through and its publication. */
function playedRound(): { states: DashRound[]; published: PublishedDashRound } {
  const openStep = stepAt(OPENS_AT);
  const market = new MarketSimulator({ coins: DEFAULT_MARKET_COINS, anchorStep: openStep });
  const tracks = drawTracks(
    DEFAULT_MARKET_COINS.map((coin) => coin.symbol),
    SEED,
  );
  const open = market.pricesAtStep(openStep);
  market.addSegment({ fromStep: openStep + 1, seed: SEED });
  const terms = createDashTerms({
    roundId: 'contract-1',
    tracks,
    opensAtMs: OPENS_AT,
    config: DEFAULT_DASH_CONFIG,
    feed: {
      kind: 'simulated',
      reversionPpb: market.reversionPpb,
      coins: tracks.map((symbol) => coinParams(DEFAULT_MARKET_COINS.find((coin) => coin.symbol === symbol)!)),
      openPrices: tracks.map((symbol) => open[symbol]!),
    },
  });
  const { timeline } = terms;
  const bets = tracks.map((track, i) => ({
    betId: `b${i}`,
    playerId: `p${i}`,
    currency: i % 2 ? ('POINT' as const) : ('OJO' as const),
    track,
    amount: 200n + BigInt(i) * 1000n,
  }));
  const states: DashRound[] = [createDashRound(terms, SEED)];
  const step = (event: Parameters<typeof advance>[1], now: number) => {
    const result = advance(states.at(-1)!, event, now);
    if (result.refusal) throw new Error(result.refusal.message);
    states.push(result.state);
    return result;
  };
  step({ type: 'tick' }, timeline.opensAtMs);
  for (const bet of bets) step({ type: 'bet.place', ...bet }, timeline.opensAtMs + 5);
  step(
    { type: 'snapshot', kind: 'start', snapshot: market.snapshotAt(tracks, timeline.closesAtMs) },
    timeline.closesAtMs,
  );
  step(
    { type: 'snapshot', kind: 'end', snapshot: market.snapshotAt(tracks, timeline.raceEndsAtMs) },
    timeline.raceEndsAtMs,
  );
  const settled = step({ type: 'settle', bets }, timeline.raceEndsAtMs + 5);
  const transfers = settled.effects.flatMap((e) =>
    e.type === 'payout' ? [{ betId: e.betId, currency: e.currency, amount: e.amount }] : [],
  );
  const published = publishRound({
    round: states.at(-1)!,
    seed: SEED,
    bets: bets.map((bet) => ({ ...bet, placedAtMs: timeline.opensAtMs + 5 })),
    transfers,
  });
  return { states, published };
}

const { states, published } = playedRound();

describe('game documents: the schemas accept what the domain produces', () => {
  it('every state of a played round parses as a DashRound, unchanged', () => {
    for (const state of states) {
      const wire = JSON.parse(JSON.stringify(domainIsWire(state)));
      expect(parsedIsDomain(dashRound.parse(wire))).toEqual(state);
    }
    expect(new Set(states.map((state) => state.phase))).toEqual(
      new Set(['upcoming', 'betting', 'racing', 'settling', 'results']),
    );
  });

  it('the published round parses and still verifies after the trip', () => {
    const parsed = publishedIsDomain(
      publishedDashRound.parse(JSON.parse(JSON.stringify(domainIsPublished(published)))),
    );
    expect(verifyRound(parsed).valid).toBe(true);
  });

  it('refuses amounts that are not integer strings', () => {
    const state = JSON.parse(JSON.stringify(states.at(-1)));
    for (const bad of [200, '1.5', '-1', '01', '2e3']) {
      expect(
        dashRound.safeParse({ ...state, pools: { ...state.pools, OJO: { ...state.pools.OJO, stakes: bad } } })
          .success,
      ).toBe(false);
    }
  });
});

describe('WebSocket messages (issue: round state, prices 4/s, pool sizes, results, resume from a snapshot)', () => {
  const round = JSON.parse(JSON.stringify(states.at(-1))) as DashRound;
  const messages: ServerMessage[] = [
    {
      type: 'snapshot',
      protocol: 1,
      serverTimeMs: 1,
      round,
      next: null,
      prices: { step: 7, atMs: 1750, prices: [{ symbol: 'BTC', price: '97000000000000000' }] },
      history: [
        {
          roundId: 'contract-1',
          timeline: round.terms.timeline,
          tracks: [...round.terms.tracks],
          commitment: round.commitment,
          outcome: round.outcome!,
        },
      ],
      myBets: [
        {
          betId: 'b0',
          roundId: 'contract-1',
          currency: 'OJO',
          track: round.terms.tracks[0]!,
          amount: '200',
          revision: 0,
          placedAtMs: 5,
          status: 'active',
          returned: null,
        },
      ],
      myResults: [{ roundId: 'contract-1', currency: 'OJO', staked: '400', returned: '380' }],
    },
    { type: 'round', serverTimeMs: 2, round },
    { type: 'prices', tick: { step: 8, atMs: 2000, prices: [] } },
    { type: 'pools', roundId: 'contract-1', pools: round.pools },
    { type: 'result', roundId: 'contract-1', outcome: round.outcome! },
    {
      type: 'bet',
      bet: {
        betId: 'b0',
        roundId: 'contract-1',
        currency: 'OJO',
        track: 'BTC',
        amount: '400',
        revision: 1,
        placedAtMs: 9,
        status: 'active',
        returned: null,
      },
    },
    { type: 'payout', roundId: 'contract-1', betId: 'b0', kind: 'payout', currency: 'OJO', amount: '300' },
    {
      type: 'balance',
      roundId: 'contract-1',
      reason: 'task_reward',
      reward: { currency: 'POINT', amount: '20' },
    },
    { type: 'error', code: 'betting_closed', message: 'Betting for this round has closed.' },
    { type: 'pong', t: 3 },
  ];

  it('parses every server message it defines, as sent', () => {
    for (const message of messages) expect(parseServerMessage(JSON.stringify(message))).toEqual(message);
    expect(new Set(messages.map((m) => m.type)).size).toBe(serverMessage.options.length);
  });

  it('parses client messages and refuses anything else: bad JSON, unknown type, missing token, oversize', () => {
    expect(parseClientMessage(JSON.stringify({ type: 'auth', token: 'jwt' }))).toEqual({
      type: 'auth',
      token: 'jwt',
    });
    expect(
      parseClientMessage(JSON.stringify({ type: 'subscribe', game: 'dash', lastRoundId: 'r-1' })),
    ).not.toBeNull();
    expect(parseClientMessage(JSON.stringify({ type: 'ping', t: 5 }))).toEqual({ type: 'ping', t: 5 });
    expect(parseClientMessage('{')).toBeNull();
    expect(parseClientMessage(JSON.stringify({ type: 'bet' }))).toBeNull();
    expect(parseClientMessage(JSON.stringify({ type: 'auth', token: '' }))).toBeNull();
    expect(parseClientMessage(JSON.stringify({ type: 'subscribe', game: 'splash' }))).toBeNull();
    expect(
      parseClientMessage(JSON.stringify({ type: 'auth', token: 'x'.repeat(MAX_CLIENT_MESSAGE_BYTES) })),
    ).toBeNull();
    expect(
      parseServerMessage(
        JSON.stringify({
          type: 'prices',
          tick: { step: 1, atMs: 1, prices: [{ symbol: 'BTC', price: 1.5 }] },
        }),
      ),
    ).toBeNull();
  });
});

describe('product.md 7 Game and coin: the game calls', () => {
  it('declares each call once, with the spec paths', () => {
    const keys = GAME_ROUTES.map((route) => `${route.method} ${route.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const path of [
      'GET /games/battle/:id/progress',
      'GET /games/battle/ojoCap/pools',
      'GET /props/:id',
      'GET /reward/:a/:b/current',
      'GET /reward/:a/:b/prizes',
      'GET /ladders/lastsettle',
      'GET /ladders',
      'GET /seasons',
      'GET /seasons/:id/settles/myself',
      'GET /messages',
    ])
      expect(keys).toContain(path);
  });

  it('every schema converts to JSON Schema (what OpenAPI is made from)', () => {
    for (const route of GAME_ROUTES) {
      for (const [part, schema] of Object.entries(routeSchema(route))) {
        if (part === 'response') {
          for (const response of Object.values(schema as Record<string, z.ZodType>))
            expect(() => z.toJSONSchema(response)).not.toThrow();
        } else if (schema instanceof z.ZodType)
          expect(() => z.toJSONSchema(schema, { io: 'input' })).not.toThrow();
      }
    }
  });

  it('fills path parameters for clients', () => {
    expect(routePath(getBattleProgressRoute, { id: 'current' })).toBe('/games/battle/current/progress');
    expect(routePath({ path: '/reward/:a/:b/current' }, { a: 'ojo', b: 's 1' })).toBe(
      '/reward/ojo/s%201/current',
    );
    expect(() => routePath(getBattleProgressRoute)).toThrow('needs the parameter id');
  });

  it('takes bet amounts as integer strings only, and the rule kinds of product.md 3', () => {
    const bet = { currency: 'OJO', track: 'BTC', amount: '200', clientBetId: 'abcdefgh12' };
    expect(placeBetBody.safeParse(bet).success).toBe(true);
    for (const amount of [200, '200.5', '-200', ''])
      expect(placeBetBody.safeParse({ ...bet, amount }).success).toBe(false);
    expect(placeBetBody.safeParse({ ...bet, currency: 'ETH' }).success).toBe(false);
    for (const ruleKind of RULE_KINDS) expect(ruleQuery.parse({ ruleKind })).toEqual({ ruleKind });
    expect(ruleQuery.safeParse({ ruleKind: 'OTHER' }).success).toBe(false);
  });
});

describe('product.md 2 Embedded game frame: one protocol for the page and the game', () => {
  const frame = (message: Record<string, unknown>) =>
    parseFrameToPage({ channel: GAME_FRAME_CHANNEL, ...message });

  it("'After load the page sends the frame an initGameData message with the login token and platform 'web'.'", () => {
    const init = {
      channel: GAME_FRAME_CHANNEL,
      type: 'initGameData',
      data: { token: 'jwt', platform: 'web' },
    };
    expect(parsePageToFrame(init)).toEqual(init);
    expect(parsePageToFrame({ ...init, data: { token: 'jwt', platform: 'ios' } })).toBeNull();
    expect(parsePageToFrame({ ...init, data: { token: '', platform: 'web' } })).toBeNull();
    expect(parsePageToFrame({ ...init, channel: 'other' })).toBeNull();
    expect(parsePageToFrame('initGameData')).toBeNull();
  });

  it("'navigate: a named route with an optional query, or an external http URL'", () => {
    for (const route of FRAME_ROUTE_NAMES) expect(frame({ action: 'navigate', route })).not.toBeNull();
    expect(
      frame({ action: 'navigate', route: 'ranks', query: { tab: 'ojo', page: 2, preview: true } }),
    ).not.toBeNull();
    expect(frame({ action: 'navigate', route: 'admin' })).toBeNull();
    expect(frame({ action: 'navigate', url: 'https://bridge.example/deposit' })).not.toBeNull();
    expect(frame({ action: 'navigate', url: 'javascript:alert(1)' })).toBeNull();
    expect(frame({ action: 'navigate', url: '/game' })).toBeNull();
    const many = Object.fromEntries(Array.from({ length: 17 }, (_, i) => [`k${i}`, 'v']));
    expect(frame({ action: 'navigate', route: 'game', query: many })).toBeNull();
  });

  it("back, post, 'popup, with kinds invite, gameTask, checkIn', update keys and permission", () => {
    expect(frame({ action: 'back' })).not.toBeNull();
    expect(frame({ action: 'post', topic: 'balance' })).not.toBeNull();
    for (const kind of FRAME_POPUP_KINDS) expect(frame({ action: 'popup', kind })).not.toBeNull();
    expect(frame({ action: 'popup', kind: 'wallet' })).toBeNull();
    expect(frame({ action: 'update', key: 'STOP_LOADING' })).not.toBeNull();
    expect(
      frame({
        action: 'update',
        key: 'SHARE_RACE',
        share: { roundId: 'r-1', outcome: 'win', currency: 'OJO', payout: '950' },
      }),
    ).not.toBeNull();
    expect(
      frame({ action: 'update', key: 'SHARE_SPLASH', share: { outcome: 'loss', imageIndex: 3 } }),
    ).not.toBeNull();
    expect(
      frame({ action: 'update', key: 'SHARE_SPLASH', share: { outcome: 'loss', imageIndex: 4 } }),
    ).toBeNull();
    expect(frame({ action: 'update', key: 'SHARE_RACE' })).toBeNull();
    expect(frame({ action: 'permission', need: 'login' })).not.toBeNull();
  });

  it('refuses unknown fields, a missing channel and unknown actions', () => {
    expect(frame({ action: 'back', extra: 1 })).toBeNull();
    expect(parseFrameToPage({ action: 'back' })).toBeNull();
    expect(frame({ action: 'eval', code: '1' })).toBeNull();
    expect(parseFrameToPage(null)).toBeNull();
  });
});
