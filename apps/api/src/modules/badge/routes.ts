import {
  badgeCheckerRoute,
  badgeDefinitionsRoute,
  badgeListRoute,
  badgeRecordsQueryRoute,
  badgeRecordsRoute,
  badgeTypesRoute,
  checkBadgeRoute,
  claimBadgeRoute,
  claimBadgesRoute,
  mintBadgeRoute,
  mintCheckRoute,
  nftBadgesRoute,
  partnerFaucetRoute,
  processMintRoute,
  seriesBadgesRoute,
  txSyncRoute,
} from '@ojo/api-contract/badge';
import { DEVNET_BADGE_SIGNER_KEY } from '@ojo/contracts/devnet-keys';
import { badgeClaims, badges } from '@ojo/db/schema/badges';
import { and, asc, eq, gt } from '@ojo/db/sql';
import { ALLOW_TYPES, BADGE_CATEGORIES, BADGE_SERIES } from '@ojo/domain/enums';
import { MSG_KEYS } from '@ojo/domain/error-codes';
import type { FastifyPluginAsync } from 'fastify';
import { type Address, type Hex, isAddressEqual } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import type { AppConfig } from '../../config/env';
import { EnvelopeAnswer, registerRoute } from '../../lib/route';
import { authRateLimit } from '../../plugins/rate-limit';
import { checkBadges, claimableCount } from './check-badges';
import type { BadgeDeps } from './deps';
import { badgeErrors } from './errors';
import { fundPartnerAsset } from './fund-partner-asset';
import { activeBadges, playerBadgeSeries } from './player-badges';
import { createProgressReader, dashRoundsFromGame } from './progress-sources';
import { signMintRequests } from './sign-mint-requests';
import { processMint, reconcileMints, reportMint } from './sync-mints';
import { watchBadgeMints } from './watch-mints';

/** A mint reported this recently and not confirmed keeps the verify-check 'processing'. */
const MINT_IN_FLIGHT_MS = 60_000;

/** The badge calls of product.md 7 ("Badges"): series, checks, claimable rows (signed mint requests), mint sync. */
const badgeRoutes: FastifyPluginAsync<{ config: AppConfig }> = async (app, { config }) => {
  const signerKey =
    config.badge.signerPrivateKey ??
    (config.localDevnet.isLocalDevnet && !config.isProduction ? DEVNET_BADGE_SIGNER_KEY : undefined);
  const deployed = () => app.chain.deployments()?.contracts;
  const deps: BadgeDeps = {
    db: app.db,
    publicClient: app.chain.publicClient,
    chainId: config.chain.chainId,
    bundlerUrl: config.bundlerUrl,
    badgeNft: () => deployed()?.BadgeNFT,
    partnerAssets: () => {
      const contracts = deployed();
      return contracts ? { nft: contracts.PartnerNFT, token: contracts.PartnerToken } : undefined;
    },
    dashRounds: dashRoundsFromGame(app.db),
    signer: signerKey ? privateKeyToAccount(signerKey) : undefined,
    mintValiditySeconds: config.badge.mintValiditySeconds,
    royaltyRecipient: config.badge.royaltyRecipient,
    now: () => app.now(),
  };
  // Mints nobody reported are found by one node at a time (a lease), like the indexer.
  if (config.badge.watchIntervalMs > 0) {
    let watcher: ReturnType<typeof watchBadgeMints> | undefined;
    app.addHook('onReady', async () => {
      watcher = watchBadgeMints(deps, {
        intervalMs: config.badge.watchIntervalMs,
        onError: (error) => app.log.error({ err: error }, 'badge mint watcher step failed'),
      });
    });
    app.addHook('onClose', async () => {
      await watcher?.stop();
    });
  }
  // Reads that touch the chain (balances, mint receipts) are limited like the other costly calls.
  const costly = { config: { rateLimit: authRateLimit(config) } };

  registerRoute(app, badgeListRoute, async (request) => {
    await reconcileMints(deps, request.user.id);
    return playerBadgeSeries(deps, request.user);
  });

  registerRoute(app, seriesBadgesRoute, async (request) => {
    await reconcileMints(deps, request.user.id);
    const series = (await playerBadgeSeries(deps, request.user)).find(
      (entry) => entry.series === request.params.id,
    );
    return series ?? { series: request.params.id, seriesName: request.params.id, nfts: [] };
  });

  registerRoute(app, checkBadgeRoute, async (request) => checkBadges(deps, request.user), costly);

  registerRoute(app, mintCheckRoute, async (request) => {
    await reconcileMints(deps, request.user.id);
    const inFlight = await app.db
      .select({ id: badgeClaims.id })
      .from(badgeClaims)
      .where(
        and(
          eq(badgeClaims.userId, request.user.id),
          eq(badgeClaims.syncState, 'SYNCING'),
          eq(badgeClaims.status, 'claimable'),
          gt(badgeClaims.updatedAt, new Date(app.now() - MINT_IN_FLIGHT_MS)),
        ),
      );
    const count = await claimableCount(deps, request.user.id);
    if (inFlight.length > 0) {
      return new EnvelopeAnswer(false, MSG_KEYS.BADGE_CHECK_PROCESSING, MSG_KEYS.BADGE_CHECK_PROCESSING, {
        claimableCount: count,
      });
    }
    return { claimableCount: count };
  });

  registerRoute(app, nftBadgesRoute, async (request) => {
    await reconcileMints(deps, request.user.id);
    const wanted = request.query.status.toLowerCase();
    const list = (await playerBadgeSeries(deps, request.user))
      .flatMap((series) => series.nfts)
      .filter((badge) => badge.status === wanted);
    return { rows: list.length, list };
  });

  registerRoute(app, claimBadgesRoute, async (request) => signMintRequests(deps, request.user.id), costly);
  registerRoute(
    app,
    claimBadgeRoute,
    async (request) => {
      const [row] = await signMintRequests(deps, request.user.id, request.params.id);
      if (!row) throw badgeErrors.notClaimable();
      return row;
    },
    costly,
  );
  registerRoute(
    app,
    mintBadgeRoute,
    async (request) => {
      const own = request.user.smartAccountAddress;
      if (!own || !isAddressEqual(own as Address, request.body.customerAddress as Address))
        throw badgeErrors.notOwnAccount();
      return signMintRequests(deps, request.user.id);
    },
    costly,
  );

  registerRoute(app, txSyncRoute, async (request) => reportMint(deps, request.user.id, request.body));
  registerRoute(
    app,
    processMintRoute,
    async (request) => processMint(deps, request.user.id, request.params.hash as Hex),
    costly,
  );

  registerRoute(app, badgeDefinitionsRoute, async () =>
    (await activeBadges(deps)).map((badge) => ({
      id: badge.id,
      series: badge.series,
      seriesName: badge.seriesName,
      name: badge.name,
      level: String(badge.level),
      category: badge.category,
      allowType: badge.allowType,
      tokenId: badge.tokenId.toString(),
      logo: badge.logo,
      desc: badge.description,
      condition: String(badge.condition),
      progressType: badge.progressType,
    })),
  );

  const recordsOf = async (userId: string, claimState?: 'UN_CLAIMED' | 'CLAIMED') => {
    await reconcileMints(deps, userId);
    const rows = await app.db
      .select({ claim: badgeClaims, badge: badges })
      .from(badgeClaims)
      .innerJoin(badges, eq(badges.id, badgeClaims.badgeId))
      .where(eq(badgeClaims.userId, userId))
      .orderBy(asc(badgeClaims.id));
    return rows
      .map(({ claim, badge }) => ({
        claimableId: claim.id.toString(),
        badgeId: badge.id,
        series: badge.series,
        name: badge.name,
        level: String(badge.level),
        claimState: claim.status === 'claimed' ? ('CLAIMED' as const) : ('UN_CLAIMED' as const),
        syncState: claim.syncState,
        txHash: claim.txHash,
        created: claim.createdAt.getTime(),
      }))
      .filter((record) => !claimState || record.claimState === claimState);
  };
  registerRoute(app, badgeRecordsRoute, async (request) => recordsOf(request.user.id));
  registerRoute(app, badgeRecordsQueryRoute, async (request) =>
    recordsOf(request.user.id, request.body.claimState),
  );

  registerRoute(app, badgeTypesRoute, async () => ({
    series: [...BADGE_SERIES],
    categories: [...BADGE_CATEGORIES],
    allowTypes: [...ALLOW_TYPES],
  }));

  registerRoute(
    app,
    badgeCheckerRoute,
    async (request) => {
      const [badge] = await app.db.select().from(badges).where(eq(badges.id, request.params.id));
      if (!badge?.isActive) throw badgeErrors.notFound();
      const value = await createProgressReader(deps, request.user)(badge);
      return {
        id: badge.id,
        isEligible: badge.allowType !== 'NO' && value >= badge.condition,
        progress: [
          {
            type: badge.progressType,
            name: badge.progressName,
            value: String(Math.min(value, badge.condition)),
            condition: String(badge.condition),
          },
        ],
      };
    },
    costly,
  );

  // The partner faucet does not exist outside the local devnet (not even as a refusing route).
  if (config.localDevnet.isLocalDevnet) {
    registerRoute(
      app,
      partnerFaucetRoute,
      async (request) => {
        const contracts = deps.partnerAssets();
        if (!contracts) throw badgeErrors.faucetBusy();
        return fundPartnerAsset(app, request.user, request.body, contracts);
      },
      costly,
    );
  }
};

export default badgeRoutes;
