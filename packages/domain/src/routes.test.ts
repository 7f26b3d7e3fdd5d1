import { describe, expect, it } from 'vitest';
import { FRAME_POPUP_KINDS } from './enums';
import { FRAME_POPUP_TO_PATH, isExternalHttpUrl, isGameHostOrigin, resolveFrameNavigation } from './routes';

describe("product.md 2 Frame actions: 'navigate'", () => {
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

describe("product.md 2: 'Frame messages are accepted only from the game host origin.'", () => {
  it('accepts the game origin only', () => {
    expect(isGameHostOrigin('http://localhost:3002', 'http://localhost:3002/')).toBe(true);
    expect(isGameHostOrigin('http://localhost:3000', 'http://localhost:3002')).toBe(false);
    expect(isGameHostOrigin('https://localhost:3002', 'http://localhost:3002')).toBe(false);
    expect(isGameHostOrigin('null', 'http://localhost:3002')).toBe(false);
    expect(isGameHostOrigin('http://localhost:3002', 'not a url')).toBe(false);
    expect(isGameHostOrigin('file:///x', 'file:///x')).toBe(false);
  });
});

describe("product.md 2 Frame actions: 'popup, with kinds invite, gameTask, checkIn'", () => {
  it('opens a screen for every popup kind; checkIn opens the daily check-in', () => {
    expect(Object.keys(FRAME_POPUP_TO_PATH).sort()).toEqual([...FRAME_POPUP_KINDS].sort());
    expect(FRAME_POPUP_TO_PATH.checkIn).toBe('/game/check-in');
    expect(FRAME_POPUP_TO_PATH.gameTask).toBe('/game/task');
  });
});
