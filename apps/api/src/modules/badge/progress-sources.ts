import { partnerNFTAbi, partnerTokenAbi } from '@ojo/contracts/generated/abis';
import type { Database } from '@ojo/db/client';
import type { Badge } from '@ojo/db/schema/badges';
import type { Address, PublicClient } from 'viem';
import { getCheckInStatus } from '../check-in/get-check-in-status';
import { dashRoundsOf } from '../game/dash/player-rounds';
import { linkedWalletsOf } from '../linked-wallet/linked-wallets';
import { countedReferralsOf } from '../referral/count-referrals';
import { completedTaskCount } from '../tasks/completed-tasks';
import { completeDerivedTasks } from '../tasks/derived-tasks';

/** What a player has done towards one badge: the value its condition is measured against. */
export type ProgressValue = number;

/** Dash rounds of a player (played, or won). Pluggable: a source of the game's rounds, or none (always 0). */
export type DashRoundsSource = (userId: string, options: { won: boolean }) => Promise<number>;

export const NO_DASH_ROUNDS: DashRoundsSource = async () => 0;

/** Dash rounds from the game module (its `dashRoundsOf`): played, or won. */
export function dashRoundsFromGame(db: Database): DashRoundsSource {
  return (userId, { won }) => dashRoundsOf(db, userId, { won });
}

export interface ProgressDeps {
  db: Database;
  publicClient: PublicClient;
  /** PartnerNFT and PartnerToken addresses (undefined: no asset badges on this chain). */
  partnerAssets: () => { nft: Address; token: Address } | undefined;
  dashRounds: DashRoundsSource;
  now: () => number;
}

export interface PlayerRef {
  id: string;
  smartAccountAddress: string | null;
}

/**
 * Reads the progress of every badge source a set of badges needs, once per source, for one player. Asset balances
 * are read from the chain: the partner NFT's for the smart account and the wallet linked for partner NFTs, the
 * partner token's for the smart account and the wallet linked for the partner token.
 */
export function createProgressReader(deps: ProgressDeps, player: PlayerRef) {
  const cache = new Map<string, Promise<number>>();
  const once = (key: string, read: () => Promise<number>) => {
    let value = cache.get(key);
    if (!value) {
      value = read();
      cache.set(key, value);
    }
    return value;
  };

  /** The smart account and the wallet linked for that asset (product.md 2: one for the NFTs, one for the token). */
  const walletsFor = async (asset: 'nft' | 'token'): Promise<Address[]> => {
    const linked = await linkedWalletsOf(
      deps.db,
      player.id,
      asset === 'nft' ? 'partner_nft' : 'partner_token',
    );
    const all = [player.smartAccountAddress, ...linked].filter((address): address is string =>
      Boolean(address),
    );
    return [...new Set(all.map((address) => address.toLowerCase()))] as Address[];
  };

  const assetHeld = (asset: 'nft' | 'token') =>
    once(`asset:${asset}`, async () => {
      const contracts = deps.partnerAssets();
      if (!contracts) return 0;
      const held = await Promise.all(
        (await walletsFor(asset)).map((address) =>
          deps.publicClient.readContract({
            address: asset === 'nft' ? contracts.nft : contracts.token,
            abi: asset === 'nft' ? partnerNFTAbi : partnerTokenAbi,
            functionName: 'balanceOf',
            args: [address],
          }),
        ),
      );
      return held.some((balance) => balance > 0n) ? 1 : 0;
    });

  return async function progressOf(badge: Badge): Promise<ProgressValue> {
    const rule = badge.rule as { taskCodes?: string[]; assets?: ('nft' | 'token')[]; won?: boolean };
    switch (badge.progressSource) {
      case 'tasks': {
        const codes = rule.taskCodes ?? [];
        if (codes.length === 0) return 0;
        return once(`tasks:${codes.join(',')}`, async () => {
          // The tasks the product already knows are done count without the player's Verify.
          await completeDerivedTasks(deps.db, player.id, new Date(deps.now()));
          return completedTaskCount(deps.db, player.id, codes);
        });
      }
      case 'check_in_streak':
        return once(
          'check_in',
          async () => (await getCheckInStatus(deps.db, player.id, deps.now())).checkInDays,
        );
      case 'referrals':
        return once('referrals', () => countedReferralsOf(deps.db, player.id));
      case 'dash_rounds':
        return once(`dash:${rule.won === true}`, () =>
          deps.dashRounds(player.id, { won: rule.won === true }),
        );
      case 'partner_assets': {
        const assets = rule.assets ?? [];
        const held = await Promise.all(assets.map((asset) => assetHeld(asset)));
        return held.reduce((sum, value) => sum + value, 0);
      }
      // Splash has not arrived: its series stay at 0 until a Splash results source exists (ARCHITECTURE.md, A badge mint).
      case 'splash':
      // Hood badges are given by an operator (a badge_claims row); they have no activity to measure.
      case 'operator':
        return 0;
    }
  };
}
