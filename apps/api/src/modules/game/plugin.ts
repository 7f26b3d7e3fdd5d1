import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import websocket from '@fastify/websocket';
import { GAME_SOCKET_PATH } from '@ojo/api-contract/game/socket';
import { runSingletonLoop, type SingletonLoop } from '@ojo/db/singleton-loop';
import { MARKET_STEP_MS } from '@ojo/domain/game/market/model';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../../config/env';
import { createRoundDriver, GAME_LEASE_NAME } from './dash/drive-rounds';
import { getDashSnapshot } from './dash/get-snapshot';
import { createMemoryBus, createPostgresBus, createRedisBus, type LiveBus } from './live/live-bus';
import { type GameHub, registerGameSocket } from './live/socket';
import { createCoinbaseFeed, type MarketFeed } from './market-feed/market-feed';
import { seasonOpener } from './seasons/seasons';
import { SEASON_LEASE_NAME, type SeasonSettleSummary, settleDueSeasons } from './seasons/settle-season';

export interface GameService {
  bus: LiveBus;
  hub: GameHub;
  /** The real market feed when GAME_MARKET_FEED=coinbase (undefined with the simulator). */
  feed: MarketFeed | undefined;
  /** This node's round scheduler (whether it holds the lease right now); undefined when GAME_SCHEDULER is off. */
  scheduler: SingletonLoop | undefined;
  /** Moves the rounds along once, now (tests on PGlite drive rounds by hand through it). */
  tick(): Promise<void>;
  /**
   * Opens the current week's season and settles every season whose end has passed, now (the pass the `game-seasons`
   * singleton runs on its own every GAME_SEASON_CHECK_MS); answers the seasons it settled.
   */
  settleSeasons(): Promise<SeasonSettleSummary[]>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The coin race's live side: the event bus, this node's socket clients and the round scheduler. */
    game: GameService;
  }
}

/**
 * The coin race's live side: the event bus across nodes (Redis when REDIS_URL is set, else PostgreSQL
 * notifications on PostgreSQL, else in process), the WebSocket at GAME_SOCKET_PATH (outside the saas_id check: a
 * browser cannot set headers on a socket), the round scheduler on whichever node holds the `game-dash` lease and the
 * season scheduler (opens each week's season, settles ended ones) on whichever holds `game-seasons`.
 */
async function gamePlugin(app: FastifyInstance, options: { config: AppConfig }): Promise<void> {
  const { config } = options;
  const settings = config.game;
  const log = app.log.child({ part: 'game' });
  const onError = (error: unknown) => log.warn({ err: error }, 'game bus error');
  const kind =
    settings.bus !== 'auto'
      ? settings.bus
      : config.redisUrl
        ? 'redis'
        : app.database.kind === 'postgres' && config.databaseUrl
          ? 'postgres'
          : 'memory';
  const bus =
    kind === 'redis' && config.redisUrl
      ? createRedisBus(config.redisUrl, settings.busChannel, onError)
      : kind === 'postgres' && config.databaseUrl
        ? createPostgresBus(config.databaseUrl, settings.busChannel, onError)
        : createMemoryBus();

  // GAME_MARKET_FEED=coinbase: rounds race a real exchange's coins (its stand-in locally; market-feed.ts).
  const feed: MarketFeed | undefined =
    settings.marketFeed.kind === 'coinbase'
      ? createCoinbaseFeed({
          feed: app.coinbaseFeeds.at(settings.marketFeed.url),
          products: settings.marketFeed.products,
        })
      : undefined;

  // The socket route in a scope of its own: @fastify/websocket adds two hooks and wraps the handler of every route
  // registered beside it. An upgrade request to any other path is refused before routing (gateUpgrades).
  let registeredHub: GameHub | undefined;
  let injectSocket: FastifyInstance['injectWS'] | undefined;
  await app.register(async (socketScope) => {
    const upgrades = gateUpgrades(socketScope, GAME_SOCKET_PATH);
    await socketScope.register(websocket, {
      // No per-message deflate: the frames are small and compressing each one per client would cost the fan-out its
      // one shared buffer.
      options: { maxPayload: 16 * 1024, perMessageDeflate: false, server: upgrades },
    });
    injectSocket = socketScope.injectWS;
    registeredHub = registerGameSocket(socketScope, bus, {
      maxClients: settings.socketMaxClients,
      sessionCheckMs: settings.socketSessionCheckMs,
      snapshots: { dash: (context) => getDashSnapshot(app.db, context) },
    });
  });
  if (!registeredHub || !injectSocket) throw new Error('the game socket was not registered');
  const hub = registeredHub;
  // Tests open sockets in process through the API itself (the plugin decorates only its scope).
  app.decorate('injectWS', injectSocket);
  const driver = createRoundDriver({
    db: app.db,
    bus,
    config: settings,
    log,
    now: app.now,
    market: app.prices.market,
    feed,
  });

  let scheduler: SingletonLoop | undefined;
  let seasonSettler: SingletonLoop | undefined;
  app.decorate('game', {
    bus,
    hub,
    feed,
    get scheduler() {
      return scheduler;
    },
    tick: () => driver.tick(),
    settleSeasons: () => settleSeasons(),
  });

  const openSeason = seasonOpener(app.db);
  // Seasons keep their own schedule, not the rounds': the week's season is opened (a fresh install, after downtime,
  // before any round of the week settles) and an ended one settled on this pass whether or not a round is played.
  // It is its own singleton rather than a step of the round driver's 250 ms tick, which a settlement of many players
  // would hold up.
  async function settleSeasons(): Promise<SeasonSettleSummary[]> {
    await openSeason(app.now());
    const settled = await settleDueSeasons(app.db, app.now());
    for (const summary of settled)
      log.info(
        {
          season: summary.seasonId,
          currencies: summary.currencies.map((c) => ({
            currency: c.currency,
            pool: c.pool.toString(),
            paid: c.paid.toString(),
            players: c.players,
          })),
        },
        'season settled',
      );
    return settled;
  }

  if (settings.scheduler) {
    app.addHook('onReady', async () => {
      // The rounds move on every market step (250 ms) while this node holds `game-dash`.
      scheduler = runSingletonLoop(app.db, {
        name: GAME_LEASE_NAME,
        ttlMs: settings.leaseMs,
        renewEveryMs: Math.max(250, Math.floor(settings.leaseMs / 3)),
        everyMs: MARKET_STEP_MS,
        step: () => driver.tick(),
        onError: (error, during) =>
          during === 'step'
            ? log.error({ err: error }, 'game round tick failed')
            : log.warn({ err: error }, 'game scheduler lease error'),
        onLease: (event, lease) =>
          log.info({ token: lease.token.toString() }, `game scheduler lease ${event}`),
      });
      // A season pass every GAME_SEASON_CHECK_MS while this node holds `game-seasons`.
      const seasonTtlMs = Math.max(settings.leaseMs, 10_000);
      seasonSettler = runSingletonLoop(app.db, {
        name: SEASON_LEASE_NAME,
        ttlMs: seasonTtlMs,
        renewEveryMs: Math.max(1000, Math.floor(seasonTtlMs / 3)),
        everyMs: settings.seasonCheckMs,
        step: async () => {
          await settleSeasons();
        },
        onError: (error, during) =>
          during === 'step'
            ? log.error({ err: error }, 'season settlement failed')
            : log.warn({ err: error }, 'season settler lease error'),
      });
    });
  }
  app.addHook('preClose', async () => {
    hub.close();
  });
  app.addHook('onClose', async () => {
    await scheduler?.stop();
    await feed?.close();
    await seasonSettler?.stop();
    await bus.close();
  });
}

/**
 * The server @fastify/websocket listens to for upgrade requests (its `server` option; an http.Server that never
 * listens): only the API's upgrade requests to `path` are passed on to it, so only those reach its routing. Any
 * other upgrade request is answered 404 and closed without running a route.
 */
function gateUpgrades(scope: FastifyInstance, path: string): Server {
  const upgrades = createServer();
  const gate = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    if ((request.url ?? '').split('?')[0] === path) {
      upgrades.emit('upgrade', request, socket, head);
      return;
    }
    socket.on('error', () => socket.destroy());
    socket.end('HTTP/1.1 404 Not Found\r\nconnection: close\r\ncontent-length: 0\r\n\r\n');
  };
  scope.server.on('upgrade', gate);
  scope.addHook('onClose', async () => {
    scope.server.off('upgrade', gate);
  });
  return upgrades;
}

export default fp(gamePlugin, { name: 'game', dependencies: ['database', 'prices', 'authenticate'] });
