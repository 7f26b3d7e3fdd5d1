import {
  type FrameToPageMessage,
  GAME_FRAME_CHANNEL,
  type PageToFrameMessage,
  parseFrameToPage,
} from '@ojo/api-contract/game/frame';
import { GAME_FRAME_PLATFORM } from '@ojo/domain/constants';
import { FRAME_INIT_MESSAGE } from '@ojo/domain/enums';
import { isGameHostOrigin } from '@ojo/domain/routes';

/**
 * The page's side of the frame protocol (product.md 2 "Embedded game frame"): a message counts only when it comes from
 * the game host's exact origin AND from the frame's own window, and parses with the shared schema. Everything else
 * (another site, another frame, a malformed message) is dropped without effect.
 */
export function acceptFrameMessage(
  event: Pick<MessageEvent, 'origin' | 'source' | 'data'>,
  expected: { origin: string; window: MessageEventSource | null | undefined },
): FrameToPageMessage | null {
  if (!expected.window || event.source !== expected.window) return null;
  if (!isGameHostOrigin(event.origin, expected.origin)) return null;
  return parseFrameToPage(event.data);
}

/** The initGameData message: the session token and platform 'web' (product.md 2). */
export function initGameDataMessage(token: string): PageToFrameMessage {
  return {
    channel: GAME_FRAME_CHANNEL,
    type: FRAME_INIT_MESSAGE,
    data: { token, platform: GAME_FRAME_PLATFORM },
  };
}

/** Posts initGameData to the frame, at the game's exact origin only (never '*'). */
export function sendInitGameData(frame: Window, gameOrigin: string, token: string): void {
  frame.postMessage(initGameDataMessage(token), new URL(gameOrigin).origin);
}
