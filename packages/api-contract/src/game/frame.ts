import { GAME_FRAME_PLATFORM } from '@ojo/domain/constants';
import {
  FRAME_INIT_MESSAGE,
  FRAME_POPUP_KINDS,
  FRAME_ROUTE_NAMES,
  FRAME_UPDATE_KEYS,
} from '@ojo/domain/enums';
import { isExternalHttpUrl } from '@ojo/domain/routes';
import { z } from 'zod';
import { MAX } from '../bounds';
import { gameCurrency, roundId } from './dash';

/**
 * The embedded game frame's message protocol (product.md 2 "Embedded game frame"), one schema for both sides: the web
 * page (apps/web) and the game (apps/game) import it. Each side first checks the message's origin and source
 * window (the exact other origin and the frame or parent it expects), then parses the data with these schemas and
 * ignores whatever does not parse; each side posts only to the exact target origin.
 *
 * - page -> frame: `initGameData` with the login token and platform 'web', after the frame loaded.
 * - frame -> page: `navigate` (a route name with an optional query, or an external http URL opened in a new tab),
 *   `back`, `post` (data changed in the game: the page refreshes it), `popup` (invite, gameTask, checkIn),
 *   `update` (STOP_LOADING, SHARE_RACE, SHARE_SPLASH) and `permission` (the game needs the player to log in or to
 *   create a profile).
 *
 * Objects are strict: an unknown field makes a message invalid rather than silently ignored.
 */
export const GAME_FRAME_CHANNEL = 'ojo-game-frame';

const channel = z.literal(GAME_FRAME_CHANNEL);

export const initGameDataMessage = z.strictObject({
  channel,
  type: z.literal(FRAME_INIT_MESSAGE),
  data: z.strictObject({
    /** The session token (jwt) the game sends as `jwt_token` and in its socket `auth`. */
    token: z.string().min(1).max(4096),
    platform: z.literal(GAME_FRAME_PLATFORM),
  }),
});

/** Messages the page sends to the frame. */
export const pageToFrameMessage = z.discriminatedUnion('type', [initGameDataMessage]);
export type PageToFrameMessage = z.infer<typeof pageToFrameMessage>;

const queryValue = z.union([z.string().max(256), z.number().finite(), z.boolean()]);
const query = z
  .record(
    z
      .string()
      .max(MAX.key)
      .regex(/^[A-Za-z0-9_-]{1,32}$/),
    queryValue,
  )
  .refine((value) => Object.keys(value).length <= 16, 'at most 16 query parameters');

const navigateToRoute = z.strictObject({
  channel,
  action: z.literal('navigate'),
  route: z.enum(FRAME_ROUTE_NAMES),
  query: query.optional(),
});

const navigateToUrl = z.strictObject({
  channel,
  action: z.literal('navigate'),
  url: z.string().max(2048).refine(isExternalHttpUrl, 'an absolute http(s) URL'),
});

/** What the page shares: the race result (SHARE_RACE) or a splash run (SHARE_SPLASH). */
const raceShare = z.strictObject({
  roundId,
  outcome: z.enum(['win', 'loss']),
  currency: gameCurrency.optional(),
  /** What the player received, in base units, when they won. */
  payout: z
    .string()
    .regex(/^(0|[1-9][0-9]{0,77})$/)
    .optional(),
  /** What the post says the player did: the coins they bet on and how many of those won. */
  picked: z.number().int().min(0).max(16).optional(),
  hits: z.number().int().min(0).max(16).optional(),
  /** The race's length in seconds, from the round's timeline. */
  raceSeconds: z.number().int().min(1).max(86_400).optional(),
});
const splashShare = z.strictObject({
  outcome: z.enum(['win', 'loss']),
  /** product.md 9: 'A random image index 1 to 3 is used in splash share links.' */
  imageIndex: z.number().int().min(1).max(3).optional(),
});

const [STOP_LOADING, SHARE_RACE, SHARE_SPLASH] = FRAME_UPDATE_KEYS;

const update = z.union([
  z.strictObject({ channel, action: z.literal('update'), key: z.literal(STOP_LOADING) }),
  z.strictObject({ channel, action: z.literal('update'), key: z.literal(SHARE_RACE), share: raceShare }),
  z.strictObject({ channel, action: z.literal('update'), key: z.literal(SHARE_SPLASH), share: splashShare }),
]);

/** Topics of `post`: what changed in the game, so the page refetches it (balances after a bet or a payout, ...). */
export const FRAME_POST_TOPICS = ['balance', 'tickets', 'tasks', 'badges'] as const;

/** Messages the frame sends to the page. */
export const frameToPageMessage = z.union([
  navigateToRoute,
  navigateToUrl,
  z.strictObject({ channel, action: z.literal('back') }),
  z.strictObject({ channel, action: z.literal('post'), topic: z.enum(FRAME_POST_TOPICS) }),
  z.strictObject({ channel, action: z.literal('popup'), kind: z.enum(FRAME_POPUP_KINDS) }),
  update,
  z.strictObject({ channel, action: z.literal('permission'), need: z.enum(['login', 'profile']) }),
]);
export type FrameToPageMessage = z.infer<typeof frameToPageMessage>;

/** The frame's message to the page, or null when `data` is not one (ignore it). */
export function parseFrameToPage(data: unknown): FrameToPageMessage | null {
  const result = frameToPageMessage.safeParse(data);
  return result.success ? result.data : null;
}

/** The page's message to the frame, or null when `data` is not one (ignore it). */
export function parsePageToFrame(data: unknown): PageToFrameMessage | null {
  const result = pageToFrameMessage.safeParse(data);
  return result.success ? result.data : null;
}
