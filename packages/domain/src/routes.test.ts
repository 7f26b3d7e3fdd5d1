import { describe, expect, it } from 'vitest';
import { FRAME_POPUP_KINDS, FRAME_ROUTE_NAMES } from './enums';
import {
  FRAME_POPUP_TO_PATH,
  FRAME_ROUTE_TO_PATH,
  isExternalHttpUrl,
  isGameHostOrigin,
  ROUTES,
  resolveFrameNavigation,
  TOP_NAVIGATION,
} from './routes';

describe('spec 2 Route list', () => {
  it('holds every route of the spec', () => {
    expect(Object.values(ROUTES).sort()).toEqual(
      [
        '/',
        '/mint-badge',
        '/game',
        '/referral',
        '/wallet',
        '/game/task',
        '/game/coin',
        '/game/coin-history',
        '/game/tickets/ojo',
        '/game/tickets/points',
        '/game/prize-pool/ojo',
        '/game/prize-pool/points',
        '/game/ranks',
        '/game/ranks/ranking-preview',
        '/game/redeem',
        '/game/redeem/history',
      ].sort(),
    );
  });

  it("'Top navigation: Home, Badges, Game, Referral.'", () => {
    expect(TOP_NAVIGATION.map((item) => item.label)).toEqual(['Home', 'Badges', 'Game', 'Referral']);
    expect(TOP_NAVIGATION.map((item) => item.path)).toEqual(['/', '/mint-badge', '/game', '/referral']);
  });
});

describe("spec 2: 'Frame route names map to the routes above'", () => {
  it('maps every frame route name to a route', () => {
    expect(Object.keys(FRAME_ROUTE_TO_PATH).sort()).toEqual([...FRAME_ROUTE_NAMES].sort());
    expect(FRAME_ROUTE_TO_PATH).toEqual({
      task: '/game/task',
      game: '/game',
      coin: '/game/coin',
      ojoTickets: '/game/tickets/ojo',
      pointsTickets: '/game/tickets/points',
      ojoPrizePool: '/game/prize-pool/ojo',
      pointPrizePool: '/game/prize-pool/points',
      ranks: '/game/ranks',
      badge: '/mint-badge',
      withdraw: '/game/redeem',
    });
  });

  it("'navigate: a named route with an optional query, or an external http URL opened in a new tab'", () => {
    expect(resolveFrameNavigation('coin')).toEqual({ kind: 'internal', path: '/game/coin' });
    expect(resolveFrameNavigation('ranks', { tab: 'ojo', page: 2 })).toEqual({
      kind: 'internal',
      path: '/game/ranks?tab=ojo&page=2',
    });
    expect(resolveFrameNavigation('https://example.com/x')).toEqual({
      kind: 'external',
      url: 'https://example.com/x',
    });
    expect(resolveFrameNavigation('javascript:alert(1)')).toBeNull();
    expect(resolveFrameNavigation('nowhere')).toBeNull();
    expect(isExternalHttpUrl('http://a.b')).toBe(true);
    expect(isExternalHttpUrl('ftp://a.b')).toBe(false);
  });
});

describe("spec 2: 'Frame messages are accepted only from the game host origin.'", () => {
  it('accepts the game origin only', () => {
    expect(isGameHostOrigin('http://localhost:3002', 'http://localhost:3002/')).toBe(true);
    expect(isGameHostOrigin('http://localhost:3000', 'http://localhost:3002')).toBe(false);
    expect(isGameHostOrigin('https://localhost:3002', 'http://localhost:3002')).toBe(false);
    expect(isGameHostOrigin('null', 'http://localhost:3002')).toBe(false);
    expect(isGameHostOrigin('http://localhost:3002', 'not a url')).toBe(false);
    expect(isGameHostOrigin('file:///x', 'file:///x')).toBe(false);
  });
});

describe("spec 2 Frame actions: 'popup, with kinds invite, gameTask, checkIn'", () => {
  it('opens a screen for every popup kind; checkIn opens the daily check-in', () => {
    expect(Object.keys(FRAME_POPUP_TO_PATH).sort()).toEqual([...FRAME_POPUP_KINDS].sort());
    expect(FRAME_POPUP_TO_PATH.checkIn).toBe('/game/check-in');
    expect(FRAME_POPUP_TO_PATH.gameTask).toBe('/game/task');
  });
});
