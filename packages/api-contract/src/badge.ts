import { CHECK_BADGE_BODY, MINT_BADGE_NFT_TYPE } from '@ojo/domain/constants';
import {
  ALLOW_TYPES,
  BADGE_CATEGORIES,
  BADGE_SERIES,
  BADGE_STATUSES,
  CLAIM_STATES,
  SYNC_STATES,
} from '@ojo/domain/enums';
import { z } from 'zod';
import { MAX } from './bounds';
import { defineRoute, type RouteDeclaration } from './route';

/** A badge id: a PostgreSQL integer, so a larger one is a 400, not a database error. */
const badgeId = z.coerce.number().int().positive().max(2_147_483_647);

/**
 * The badge calls of product.md 7 ("Badges"; badge host, obj envelope). A badge's progress, its claimable row (a
 * signed BadgeNFT mint request) and its mint in flight (sync state) come from the API's badge module.
 */

const evmAddress = z
  .string()
  .max(MAX.address)
  .regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x-prefixed 20-byte address');
const hash32 = z
  .string()
  .max(MAX.hash)
  .regex(/^0x[0-9a-fA-F]{64}$/, 'must be a 0x-prefixed 32-byte hash');
const numericString = z.string().max(MAX.decimal).regex(/^\d+$/);

/** product.md 3 'Progress item: type, name, value, condition (numeric strings, condition greater than 0).' */
export const progressItem = z.object({
  type: z.string().max(MAX.key),
  name: z.string().max(MAX.name),
  value: numericString,
  condition: numericString,
});

/** product.md 3 'Badge (nft) entry', with the badge id, its token id and the sync state of a mint in flight. */
export const badgeEntry = z
  .object({
    id: z.number().int(),
    status: z.enum(BADGE_STATUSES),
    series: z.enum(BADGE_SERIES),
    seriesName: z.string().max(MAX.name),
    name: z.string().max(MAX.name),
    level: numericString,
    category: z.enum(BADGE_CATEGORIES),
    allowType: z.enum(ALLOW_TYPES),
    logo: z.string().max(MAX.url),
    desc: z.string().max(MAX.text),
    showLevel: z.boolean(),
    claimableId: z.string().max(MAX.key).nullable(),
    address: z.string().max(MAX.address).nullable(),
    tokenId: numericString,
    syncState: z.enum(SYNC_STATES).nullable(),
    progress: z.array(progressItem).max(MAX.list),
  })
  .meta({ id: 'Badge' });
export type BadgeEntry = z.infer<typeof badgeEntry>;

/** product.md 3 'Badge series entries also carry nfts.' */
export const badgeSeriesEntry = z
  .object({
    series: z.enum(BADGE_SERIES),
    seriesName: z.string().max(MAX.name),
    nfts: z.array(badgeEntry).max(MAX.list),
  })
  .meta({ id: 'BadgeSeries' });
export type BadgeSeriesEntry = z.infer<typeof badgeSeriesEntry>;

/** product.md 3 'Claimable badge row': a BadgeNFT mint request and the badge signer's signature (integers as strings). */
export const claimableBadgeRow = z
  .object({
    claimableId: z.string().max(MAX.key),
    address: evmAddress,
    contractAddress: evmAddress,
    currency: evmAddress,
    pricePerToken: numericString,
    primarySaleRecipient: evmAddress,
    quantity: numericString,
    royaltyBps: numericString,
    royaltyRecipient: evmAddress,
    signature: z
      .string()
      .max(MAX.blob)
      .regex(/^0x[0-9a-fA-F]+$/),
    tokenId: numericString,
    uid: hash32,
    uri: z.string().max(MAX.url),
    validityStartTimestamp: numericString,
    validityEndTimestamp: numericString,
  })
  .meta({ id: 'ClaimableBadgeRow' });
export type ClaimableBadgeRow = z.infer<typeof claimableBadgeRow>;

const tags = ['badge'];

/** nft.badgeList: GET /v1/series/badge, every series with its badges for the session player. */
export const badgeListRoute = defineRoute({
  method: 'GET',
  path: '/v1/series/badge',
  host: 'badge',
  secure: true,
  summary: "Every badge series with the session player's badges (nft.badgeList)",
  tags,
  result: z.array(badgeSeriesEntry).max(MAX.list),
});

/** nft.seriesBadges: GET /v1/series/badge/{id} with a series name ('DojoBadge', 'OnboardingBadge'). */
export const seriesBadgesRoute = defineRoute({
  method: 'GET',
  path: '/v1/series/badge/:id',
  host: 'badge',
  secure: true,
  summary: "One series with the session player's badges (nft.seriesBadges)",
  tags,
  params: z.object({ id: z.enum(BADGE_SERIES) }),
  result: badgeSeriesEntry,
});

/** nft.checkBadge: POST /v1/check/badge (body limitType LIMIT): starts the check of every badge rule. */
export const checkBadgeRoute = defineRoute({
  method: 'POST',
  path: '/v1/check/badge',
  host: 'badge',
  secure: true,
  summary: 'Checks the badge rules for the session player; earned badges become claimable (nft.checkBadge)',
  tags,
  body: z.object({ limitType: z.literal(CHECK_BADGE_BODY.limitType) }),
  result: z.object({ claimableCount: z.number().int() }),
});

/**
 * nft.nftMintCheck: GET /v1/check/badge, the verify-check: code 'badge_check_or_mint_processing' while a check or a
 * mint of the player is in flight (product.md 4: poll until it is not), else the claimable count.
 */
export const mintCheckRoute = defineRoute({
  method: 'GET',
  path: '/v1/check/badge',
  host: 'badge',
  secure: true,
  summary:
    'The verify-check: processing while a mint is in flight, else the claimable count (nft.nftMintCheck)',
  tags,
  result: z.object({ claimableCount: z.number().int() }),
});

/** nft.nftBadges: GET /v1/badges?status=CLAIMABLE&strategy=all; `rows` is the count (product.md 7 reads obj.rows). */
export const nftBadgesRoute = defineRoute({
  method: 'GET',
  path: '/v1/badges',
  host: 'badge',
  secure: true,
  summary: "The session player's badges of one status (nft.nftBadges); rows is their count",
  tags,
  query: z.object({
    status: z.enum(['CLAIMABLE', 'CLAIMED', 'PENDING']).default('CLAIMABLE'),
    strategy: z.literal('all').default('all'),
  }),
  result: z.object({ rows: z.number().int(), list: z.array(badgeEntry).max(MAX.list) }),
});

/** POST /wallets/claim/badges: the signed mint requests of every claimable badge (a batch claim). */
export const claimBadgesRoute = defineRoute({
  method: 'POST',
  path: '/wallets/claim/badges',
  host: 'badge',
  secure: true,
  summary: "Signed mint requests for all of the session player's claimable badges",
  tags,
  result: z.array(claimableBadgeRow).max(MAX.list),
  errorStatuses: [503],
});

/** POST /wallets/claim/tokens/{id}: the signed mint request of one claimable badge (badge id). */
export const claimBadgeRoute = defineRoute({
  method: 'POST',
  path: '/wallets/claim/tokens/:id',
  host: 'badge',
  secure: true,
  summary: 'The signed mint request of one claimable badge of the session player',
  tags,
  params: z.object({ id: badgeId }),
  result: claimableBadgeRow,
  // 403: a first-come badge waits for the player's real activity (a check-in and a bet in a closed round).
  errorStatuses: [403, 404, 409, 503],
});

/** POST /v1/mint/badge (body customerAddress, nftType badge): the same as /wallets/claim/badges for the badge service. */
export const mintBadgeRoute = defineRoute({
  method: 'POST',
  path: '/v1/mint/badge',
  host: 'badge',
  secure: true,
  summary: "Signed mint requests for the session player's claimable badges (badge service)",
  tags,
  body: z.object({ customerAddress: evmAddress, nftType: z.literal(MINT_BADGE_NFT_TYPE) }),
  result: z.array(claimableBadgeRow).max(MAX.list),
  errorStatuses: [403, 503],
});

/** POST /tx/sync: the web reports the user operation (or transaction) that mints these claimable badges: SYNCING. */
export const txSyncRoute = defineRoute({
  method: 'POST',
  path: '/tx/sync',
  host: 'badge',
  secure: true,
  summary: 'Reports the user operation or transaction minting some claimable badges (they become SYNCING)',
  tags,
  body: z.object({ hash: hash32, claimableIds: z.array(numericString).min(1).max(50) }),
  result: z.object({ syncState: z.enum(SYNC_STATES) }),
});

/**
 * POST /v1/transaction/process/{hash}: reads the mint from the chain (a user operation hash or a transaction hash)
 * and marks the badges it minted claimed.
 */
export const processMintRoute = defineRoute({
  method: 'POST',
  path: '/v1/transaction/process/:hash',
  host: 'badge',
  secure: true,
  summary: 'Reads a mint from the chain; the badges it minted become claimed',
  tags,
  params: z.object({ hash: hash32 }),
  result: z.object({ claimed: z.number().int(), syncState: z.enum(SYNC_STATES) }),
});

/** GET /badges: every badge definition (public). */
export const badgeDefinitionsRoute = defineRoute({
  method: 'GET',
  path: '/badges',
  host: 'badge',
  secure: false,
  summary: 'Every active badge: series, level, category, allow type, condition',
  tags,
  result: z
    .array(
      z.object({
        id: z.number().int(),
        series: z.enum(BADGE_SERIES),
        seriesName: z.string().max(MAX.name),
        name: z.string().max(MAX.name),
        level: numericString,
        category: z.enum(BADGE_CATEGORIES),
        allowType: z.enum(ALLOW_TYPES),
        tokenId: numericString,
        logo: z.string().max(MAX.url),
        desc: z.string().max(MAX.text),
        condition: numericString,
        progressType: z.string().max(MAX.key),
      }),
    )
    .max(MAX.list),
});

const badgeRecord = z.object({
  claimableId: z.string().max(MAX.key),
  badgeId: z.number().int(),
  series: z.enum(BADGE_SERIES),
  name: z.string().max(MAX.name),
  level: numericString,
  claimState: z.enum(CLAIM_STATES),
  syncState: z.enum(SYNC_STATES),
  txHash: z.string().max(MAX.hash).nullable(),
  created: z.number().int(),
});

/** GET /badges/records: the session player's earned badges and their mints. */
export const badgeRecordsRoute = defineRoute({
  method: 'GET',
  path: '/badges/records',
  host: 'badge',
  secure: true,
  summary: "The session player's badge records (claim and sync states)",
  tags,
  result: z.array(badgeRecord).max(MAX.list),
});

/** POST /badges/records: the same records, filtered by claim state. */
export const badgeRecordsQueryRoute = defineRoute({
  method: 'POST',
  path: '/badges/records',
  host: 'badge',
  secure: true,
  summary: "The session player's badge records of one claim state",
  tags,
  body: z.object({ claimState: z.enum(CLAIM_STATES).optional() }),
  result: z.array(badgeRecord).max(MAX.list),
});

/** GET /badges/type: the series, categories and allow types. */
export const badgeTypesRoute = defineRoute({
  method: 'GET',
  path: '/badges/type',
  host: 'badge',
  secure: false,
  summary: 'Badge series, categories and allow types',
  tags,
  result: z.object({
    series: z.array(z.enum(BADGE_SERIES)).max(MAX.list),
    categories: z.array(z.enum(BADGE_CATEGORIES)).max(MAX.list),
    allowTypes: z.array(z.enum(ALLOW_TYPES)).max(MAX.list),
  }),
});

/** GET /nft/checker/{id}: whether the session player meets one badge's rule now (asset badges read the chain). */
export const badgeCheckerRoute = defineRoute({
  method: 'GET',
  path: '/nft/checker/:id',
  host: 'badge',
  secure: true,
  summary: "Whether the session player meets one badge's rule now, with its progress",
  tags,
  params: z.object({ id: badgeId }),
  result: z.object({
    id: z.number().int(),
    isEligible: z.boolean(),
    progress: z.array(progressItem).max(MAX.list),
  }),
  errorStatuses: [404],
});

/**
 * POST /devnet/faucet/partner (local devnet only): a PartnerNFT or PartnerToken for one of the session player's
 * wallets, so the asset badges work offline.
 */
export const partnerFaucetRoute = defineRoute({
  method: 'POST',
  path: '/devnet/faucet/partner',
  host: 'badge',
  secure: true,
  summary: "Local devnet only: sends a PartnerNFT or PartnerToken to one of the session player's wallets",
  tags,
  body: z.object({ address: evmAddress, asset: z.enum(['nft', 'token']) }),
  result: z.object({ txHash: hash32 }),
  errorStatuses: [403, 503],
});

export const BADGE_ROUTES: readonly RouteDeclaration[] = [
  badgeListRoute,
  seriesBadgesRoute,
  checkBadgeRoute,
  mintCheckRoute,
  nftBadgesRoute,
  claimBadgesRoute,
  claimBadgeRoute,
  mintBadgeRoute,
  txSyncRoute,
  processMintRoute,
  badgeDefinitionsRoute,
  badgeRecordsRoute,
  badgeRecordsQueryRoute,
  badgeTypesRoute,
  badgeCheckerRoute,
  partnerFaucetRoute,
];
