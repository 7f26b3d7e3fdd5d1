import { GAME_FRAME_CHANNEL } from '@ojo/api-contract/game/frame';
import { describe, expect, it, vi } from 'vitest';
import { createFrameBridge } from './frame-bridge';

const PAGE = 'http://localhost:3000';
const init = { channel: GAME_FRAME_CHANNEL, type: 'initGameData', data: { token: 'jwt-1', platform: 'web' } };

function setup() {
  const listeners: Array<(event: MessageEvent) => void> = [];
  const parent = { postMessage: vi.fn() };
  const self = {
    parent,
    addEventListener: (_: string, listener: (event: MessageEvent) => void) => listeners.push(listener),
    removeEventListener: vi.fn(),
  };
  const bridge = createFrameBridge({ pageOrigin: PAGE, self: self as never });
  const deliver = (data: unknown, origin: string, source: unknown) => {
    for (const listener of listeners) listener({ data, origin, source } as MessageEvent);
  };
  return { bridge, parent, deliver };
}

describe('the frame bridge (product.md 2 Embedded game frame)', () => {
  it('takes initGameData from the page origin and the parent window', () => {
    const { bridge, parent, deliver } = setup();
    const seen = vi.fn();
    bridge.init.subscribe(seen);
    deliver(init, PAGE, parent);
    expect(bridge.init.getState()).toEqual({ token: 'jwt-1', platform: 'web' });
    expect(seen).toHaveBeenCalledTimes(1);
  });

  it('ignores another origin, another window and a message that does not match the schema', () => {
    const { bridge, parent, deliver } = setup();
    deliver(init, 'http://evil.example', parent);
    deliver(init, 'http://localhost:3000.evil.example', parent);
    deliver(init, PAGE, { postMessage: () => {} });
    deliver({ ...init, data: { token: 'jwt', platform: 'ios' } }, PAGE, parent);
    deliver({ ...init, extra: true }, PAGE, parent);
    expect(bridge.init.getState()).toBeNull();
  });

  it('posts each action with the channel to the exact page origin', () => {
    const { bridge, parent } = setup();
    bridge.send({ action: 'navigate', route: 'ranks' });
    expect(parent.postMessage).toHaveBeenCalledWith(
      { channel: GAME_FRAME_CHANNEL, action: 'navigate', route: 'ranks' },
      PAGE,
    );
  });
});
