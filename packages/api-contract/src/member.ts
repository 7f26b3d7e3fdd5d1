import { POINT_LEDGER_PAGE_SIZE } from '@ojo/domain/constants';
import { ASSET_TYPES, BUSINESS_TYPES } from '@ojo/domain/enums';
import { z } from 'zod';
import { MAX } from './bounds';
import { defineRoute } from './route';

/**
 * The points calls of product.md 7 ("Points", quest host, `{success, code, msgKey, obj}`): a player's balances and
 * ledger of points (shown as FishXP) and OJO. Amounts are integers in base units (whole points, whole OJO) written
 * in decimal strings, so a balance is never a float (ARCHITECTURE.md (API conventions)). A player reads only their own: another
 * player's id is a 403.
 */

/** product.md 3 'Asset and point types: POINT, OJO'. */
export const assetType = z.enum(ASSET_TYPES);

/** An integer amount in base units, as a decimal string. */
export const assetAmount = z
  .string()
  .max(MAX.decimal)
  .regex(/^(0|[1-9][0-9]{0,77})$/, 'an integer amount in base units, written in decimal')
  .meta({ id: 'AssetAmount' });

/** A signed integer amount in base units: a ledger entry adds (positive) or takes (negative). */
export const signedAssetAmount = z
  .string()
  .max(MAX.decimal)
  .regex(/^(0|-?[1-9][0-9]{0,77})$/, 'a signed integer amount in base units, written in decimal');

/** The `{id}` of the member calls: the player's own id (the `id` of GET /customer). */
export const memberParams = z.object({ id: z.uuid().max(36) });

/**
 * One asset of a player. product.md 3 names `available` and `originalAvailable` without saying what they mean; ours:
 * - `available`: what the player can spend now, the balance (the sum of every entry);
 * - `originalAvailable`: what the player has been given in total (the sum of the credits, before anything was
 *   spent), so a screen can say "earned N, N left" and the difference is what was spent.
 */
export const assetBalance = z
  .object({ assetType, available: assetAmount, originalAvailable: assetAmount })
  .meta({ id: 'AssetBalance' });
export type AssetBalance = z.infer<typeof assetBalance>;

/** One ledger entry as the player sees it: what moved, why, and when (ms since the epoch). */
export const pointLedger = z
  .object({
    id: z.string().max(MAX.key),
    assetType,
    amount: signedAssetAmount,
    /** What the entry was for, e.g. 'checkin', 'task' (the part of the entry's reason before its first ':'). */
    businessType: z.string().max(MAX.key),
    /** The entry's reason in full, e.g. 'checkin:day 3'. */
    description: z.string().max(MAX.text),
    created: z.number().int(),
  })
  .meta({ id: 'PointLedger' });
export type PointLedger = z.infer<typeof pointLedger>;

/** product.md 7 'GET /member/points/ledgers/{id} with offset, limit (20), assetType'. */
export const pointLedgersQuery = z.object({
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(POINT_LEDGER_PAGE_SIZE),
  assetType: assetType.default('POINT'),
});

/** product.md 3 'Point ledger: ... The response has available, originalAvailable and pointLedgers.' Newest first. */
export const pointLedgersResult = z
  .object({
    available: assetAmount,
    originalAvailable: assetAmount,
    pointLedgers: z.array(pointLedger).max(MAX.list),
  })
  .meta({ id: 'PointLedgers' });
export type PointLedgersResult = z.infer<typeof pointLedgersResult>;

export const pointLedgersRoute = defineRoute({
  method: 'GET',
  path: '/member/points/ledgers/:id',
  host: 'quest',
  secure: true,
  summary: "A page of the player's own ledger of one asset, with its balance",
  tags: ['member'],
  params: memberParams,
  query: pointLedgersQuery,
  result: pointLedgersResult,
  errorStatuses: [403],
});

/** GET /v2/member/asset/{id}: every asset of the player (POINT and OJO, 0 when never moved). */
export const memberAssetResult = z
  .object({ assets: z.array(assetBalance).max(MAX.list) })
  .meta({ id: 'MemberAsset' });
export type MemberAssetResult = z.infer<typeof memberAssetResult>;

export const memberAssetRoute = defineRoute({
  method: 'GET',
  path: '/v2/member/asset/:id',
  host: 'quest',
  secure: true,
  summary: "The player's own balances of points and OJO",
  tags: ['member'],
  params: memberParams,
  result: memberAssetResult,
  errorStatuses: [403],
});

/** product.md 3 'Tab/business types: points, ojo'. */
export const businessType = z.enum(BUSINESS_TYPES);

/**
 * product.md 7 "Summary 'me' with businessType", product.md 3 'Point/asset summary: total, ojoValue'. The spec gives no path;
 * ours is GET /v2/member/me (ARCHITECTURE.md (API conventions)). For the tab's currency (points or ojo): `total` is the player's
 * balance of it; `ojoValue` is the player's OJO balance, the currency with a market value (bought with ETH and
 * redeemed, product.md 2), shown beside points on every tab.
 */
export const memberSummaryQuery = z.object({ businessType: businessType.default('points') });
export const memberSummaryResult = z
  .object({ businessType, total: assetAmount, ojoValue: assetAmount })
  .meta({ id: 'MemberSummary' });
export type MemberSummaryResult = z.infer<typeof memberSummaryResult>;

export const memberSummaryRoute = defineRoute({
  method: 'GET',
  path: '/v2/member/me',
  host: 'quest',
  secure: true,
  summary: "The session player's balance in a tab's currency and their OJO",
  tags: ['member'],
  query: memberSummaryQuery,
  result: memberSummaryResult,
});

/**
 * POST /v2/member/{id}/expansion (product.md 7, shape not shown). Ours: the member's expansion is a small set of the
 * player's own display preferences kept on the server so they follow the player across devices; a POST merges the
 * given keys and answers the whole set. Only known keys are accepted.
 */
export const memberExpansion = z
  .object({
    /** The header shows the balances (FishXP and OJO) when true (default), hides them when false. */
    showBalances: z.boolean().optional(),
    /** The asset the account menu lists first. */
    preferredAsset: assetType.optional(),
  })
  .strict()
  .meta({ id: 'MemberExpansion' });
export type MemberExpansion = z.infer<typeof memberExpansion>;

export const memberExpansionRoute = defineRoute({
  method: 'POST',
  path: '/v2/member/:id/expansion',
  host: 'quest',
  secure: true,
  summary: "Merges the player's own member expansion (display preferences) and answers it whole",
  tags: ['member'],
  params: memberParams,
  body: memberExpansion,
  result: memberExpansion,
  errorStatuses: [403],
});

/**
 * GET /v2/customer/me (product.md 7, quest host; shape not shown): the member info the task and check-in screens refresh
 * after a reward: who the player is, both balances and the expansion.
 */
export const memberInfo = z
  .object({
    id: z.string().max(MAX.key),
    handle: z.string().max(MAX.name).nullable(),
    avatar: z.string().max(MAX.url).nullable(),
    assets: z.array(assetBalance).max(MAX.list),
    expansion: memberExpansion,
  })
  .meta({ id: 'MemberInfo' });
export type MemberInfo = z.infer<typeof memberInfo>;

export const memberInfoRoute = defineRoute({
  method: 'GET',
  path: '/v2/customer/me',
  host: 'quest',
  secure: true,
  summary: 'The session player: id, handle, avatar, balances of points and OJO, expansion',
  tags: ['member'],
  result: memberInfo,
});
