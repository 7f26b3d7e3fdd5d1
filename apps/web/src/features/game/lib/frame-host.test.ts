import { GAME_FRAME_CHANNEL } from '@ojo/api-contract/game/frame';
import { describe, expect, it, vi } from 'vitest';
import { acceptFrameMessage, sendInitGameData } from './frame-host';

const GAME = 'http://localhost:3002';
const frameWindow = {} as MessageEventSource;
const expected = { origin: GAME, window: frameWindow };
const navigate = { channel: GAME_FRAME_CHANNEL, action: 'navigate', route: 'ranks' };

describe('the page side of the frame protocol (product.md 2)', () => {
  it('accepts a valid message from the game origin and the frame window', () => {
    expect(acceptFrameMessage({ origin: GAME, source: frameWindow, data: navigate }, expected)).toEqual(
      navigate,
    );
  });

  it('drops another origin, another window, an unknown route and extra fields', () => {
    const other = {} as MessageEventSource;
    expect(
      acceptFrameMessage({ origin: 'http://evil.example', source: frameWindow, data: navigate }, expected),
    ).toBeNull();
    expect(acceptFrameMessage({ origin: GAME, source: other, data: navigate }, expected)).toBeNull();
    expect(acceptFrameMessage({ origin: GAME, source: null, data: navigate }, expected)).toBeNull();
    expect(
      acceptFrameMessage(
        { origin: GAME, source: frameWindow, data: { ...navigate, route: 'admin' } },
        expected,
      ),
    ).toBeNull();
    expect(
      acceptFrameMessage({ origin: GAME, source: frameWindow, data: { ...navigate, extra: 1 } }, expected),
    ).toBeNull();
    expect(
      acceptFrameMessage(
        { origin: GAME, source: frameWindow, data: navigate },
        { origin: GAME, window: null },
      ),
    ).toBeNull();
  });

  it('sends initGameData with the token and platform web to the exact game origin', () => {
    const postMessage = vi.fn();
    sendInitGameData({ postMessage } as unknown as Window, `${GAME}/`, 'jwt-1');
    expect(postMessage).toHaveBeenCalledWith(
      { channel: GAME_FRAME_CHANNEL, type: 'initGameData', data: { token: 'jwt-1', platform: 'web' } },
      GAME,
    );
  });
});
