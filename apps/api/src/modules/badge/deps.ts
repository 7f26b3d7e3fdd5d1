import type { Database } from '@ojo/db/client';
import type { Address, LocalAccount, PublicClient } from 'viem';
import type { DashRoundsSource } from './progress-sources';

/** What the badge operations need; built once in routes.ts. */
export interface BadgeDeps {
  db: Database;
  publicClient: PublicClient;
  chainId: number;
  bundlerUrl: string;
  /** The BadgeNFT address, or undefined when this chain has none. */
  badgeNft: () => Address | undefined;
  partnerAssets: () => { nft: Address; token: Address } | undefined;
  dashRounds: DashRoundsSource;
  /** The badge signer, or undefined when none is configured (claims answer 503). */
  signer: LocalAccount | undefined;
  mintValiditySeconds: number;
  royaltyRecipient: Address | undefined;
  now: () => number;
}
