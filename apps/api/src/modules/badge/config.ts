import { z } from 'zod';

/** The badge module's variables. */
export const badgeEnv = {
  /**
   * The badge signer's key: signs BadgeNFT mint requests (the contract's `signer`). Its own key, never the API's
   * transaction key; on the local devnet it defaults to the devnet's badge signer. Without it (elsewhere) claims
   * answer 503.
   */
  BADGE_SIGNER_PRIVATE_KEY: z
    .string()
    .regex(/^0x[0-9a-fA-F]{64}$/, 'must be a 0x-prefixed 32-byte hex private key')
    .optional()
    .or(z.literal('').transform(() => undefined))
    .describe(
      "the badge signer's key (BadgeNFT's signer) for mint requests; unset: the devnet badge key on the local devnet, else claims answer 503",
    ),
  /** How long a signed mint request stays valid, in seconds (a new one is signed only once it expired unminted). */
  BADGE_MINT_VALIDITY_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .max(7 * 86_400)
    .default(3600)
    .describe(
      'life of a signed mint request; the same request is handed out until then and re-signed only after it expired unminted',
    ),
  /** How often the mint watcher (one node at a time) looks for mints nobody reported; 0: this node never does. */
  BADGE_MINT_WATCH_INTERVAL_MS: z.coerce
    .number()
    .int()
    .refine((value) => value === 0 || value >= 500, 'must be 0 (off) or at least 500')
    .default(5000)
    .describe(
      'how often the mint watcher (one node, under a lease) looks for mints nobody reported; 0: never on this node',
    ),
  /** Where the badges' royalties go (ERC-2981); unset: no royalty. */
  BADGE_ROYALTY_RECIPIENT: z
    .string()
    .regex(/^0x[0-9a-fA-F]{40}$/)
    .optional()
    .or(z.literal('').transform(() => undefined))
    .describe('ERC-2981 royalty receiver of minted badges; unset: no royalty'),
};

export interface BadgeConfig {
  signerPrivateKey: `0x${string}` | undefined;
  mintValiditySeconds: number;
  royaltyRecipient: `0x${string}` | undefined;
  watchIntervalMs: number;
}

export const toBadgeConfig = (values: {
  BADGE_SIGNER_PRIVATE_KEY?: string | undefined;
  BADGE_MINT_VALIDITY_SECONDS: number;
  BADGE_ROYALTY_RECIPIENT?: string | undefined;
  BADGE_MINT_WATCH_INTERVAL_MS: number;
}): BadgeConfig => ({
  signerPrivateKey: values.BADGE_SIGNER_PRIVATE_KEY as `0x${string}` | undefined,
  mintValiditySeconds: values.BADGE_MINT_VALIDITY_SECONDS,
  royaltyRecipient: values.BADGE_ROYALTY_RECIPIENT as `0x${string}` | undefined,
  watchIntervalMs: values.BADGE_MINT_WATCH_INTERVAL_MS,
});
