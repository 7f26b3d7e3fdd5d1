import {
  type FrameToPageMessage,
  GAME_FRAME_CHANNEL,
  type PageToFrameMessage,
  parsePageToFrame,
} from '@ojo/api-contract/game/frame';
import { createStore, type StoreApi } from 'zustand/vanilla';

/**
 * The game's side of the frame protocol (product.md 2 "Embedded game frame"). A message counts only when it comes from
 * the page's exact origin AND from the parent window, and parses with the shared schema; anything else is dropped
 * without a trace. The game posts only to the page's exact origin, never to '*'.
 */

/** What the frame sends: a protocol message without its channel tag (the bridge adds it). */
export type FrameAction = FrameToPageMessage extends infer M
  ? M extends FrameToPageMessage
    ? Omit<M, 'channel'>
    : never
  : never;

export interface InitGameData {
  token: string;
  platform: PageToFrameMessage['data']['platform'];
}

export interface FrameBridge {
  /**
   * The latest initGameData, or null before the page sent one; a new one (a new token after a login, too) replaces
   * it. A zustand store: `useStore(bridge.init)` in React, `getState` and `subscribe` elsewhere.
   */
  init: StoreApi<InitGameData | null>;
  send(action: FrameAction): void;
  /** Stops listening (tests). */
  close(): void;
}

export interface FrameBridgeOptions {
  /** The page origin allowed to talk to the frame (configuration). */
  pageOrigin: string;
  /** The window the frame lives in (its `parent` is the page). */
  self: Pick<Window, 'addEventListener' | 'removeEventListener'> & {
    parent: Pick<Window, 'postMessage'> | null;
  };
}

export function createFrameBridge({ pageOrigin, self }: FrameBridgeOptions): FrameBridge {
  const init = createStore<InitGameData | null>()(() => null);
  const parent = self.parent;

  const onMessage = (event: MessageEvent) => {
    if (event.origin !== pageOrigin) return;
    if (parent === null || parent === (self as unknown) || event.source !== parent) return;
    const message = parsePageToFrame(event.data);
    if (!message) return;
    init.setState({ token: message.data.token, platform: message.data.platform }, true);
  };
  self.addEventListener('message', onMessage as EventListener);

  return {
    init,
    send(action) {
      if (parent === null || parent === (self as unknown)) return;
      parent.postMessage({ channel: GAME_FRAME_CHANNEL, ...action }, pageOrigin);
    },
    close() {
      self.removeEventListener('message', onMessage as EventListener);
    },
  };
}
