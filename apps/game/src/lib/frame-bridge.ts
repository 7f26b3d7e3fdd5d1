import {
  type FrameToPageMessage,
  GAME_FRAME_CHANNEL,
  type PageToFrameMessage,
  parsePageToFrame,
} from '@ojo/api-contract/game/frame';

/**
 * The game's side of the frame protocol (spec 2 "Embedded game frame"). A message counts only when it comes from
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
  /** The latest initGameData, or null before the page sent one. */
  getInit(): InitGameData | null;
  /** Called with every initGameData (a new token after a login, too); returns the unsubscribe function. */
  subscribe(listener: (init: InitGameData) => void): () => void;
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
  let init: InitGameData | null = null;
  const listeners = new Set<(init: InitGameData) => void>();
  const parent = self.parent;

  const onMessage = (event: MessageEvent) => {
    if (event.origin !== pageOrigin) return;
    if (parent === null || parent === (self as unknown) || event.source !== parent) return;
    const message = parsePageToFrame(event.data);
    if (!message) return;
    init = { token: message.data.token, platform: message.data.platform };
    for (const listener of listeners) listener(init);
  };
  self.addEventListener('message', onMessage as EventListener);

  return {
    getInit: () => init,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    send(action) {
      if (parent === null || parent === (self as unknown)) return;
      parent.postMessage({ channel: GAME_FRAME_CHANNEL, ...action }, pageOrigin);
    },
    close() {
      self.removeEventListener('message', onMessage as EventListener);
      listeners.clear();
    },
  };
}
