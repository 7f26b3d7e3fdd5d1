import type { FreeOjoRules } from '@ojo/domain/rewards/free-ojo';
import { z } from 'zod';

/**
 * The free rewards' variables (docs/economy.md): check-in and tasks pay FishXP; OJO an operator sets on one of them is
 * locked until the player has a profile, an account this many days old and this much OJO really bet.
 */
export const freeRewardsEnv = {
  FREE_OJO_UNLOCK_DAYS: z.coerce
    .number()
    .int()
    .min(0)
    .max(3650)
    .default(7)
    .describe(
      'OJO from a free source redeems only once the account is this many days old (and has a profile)',
    ),
  FREE_OJO_UNLOCK_BET: z
    .string()
    .regex(/^\d{1,30}$/, 'must be a whole number of OJO')
    .default('1000')
    .transform((value) => BigInt(value))
    .describe(
      'and once this much OJO was bet in rounds whose betting closed; until then such a redemption is 422 FREE_OJO_LOCKED',
    ),
};

export type FreeRewardsConfig = FreeOjoRules;

export function toFreeRewardsConfig(values: {
  FREE_OJO_UNLOCK_DAYS: number;
  FREE_OJO_UNLOCK_BET: bigint;
}): FreeRewardsConfig {
  return { unlockDays: values.FREE_OJO_UNLOCK_DAYS, unlockBet: values.FREE_OJO_UNLOCK_BET };
}
