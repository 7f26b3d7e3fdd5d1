import { z } from 'zod';

/**
 * The profile module's variables: the API pays gas for every registration, so the registrations of 24 h are
 * capped per client address, and for all players by count and by the gas they really cost (receipts' gasUsed ×
 * effectiveGasPrice).
 */
export const profileBudgetEnv = {
  PROFILE_DAILY_REGISTRATIONS: z.coerce
    .number()
    .int()
    .min(0)
    .default(1000)
    .describe('profile registrations all players may start per 24 h (then 429 PROFILE_DAILY_LIMIT)'),
  PROFILE_DAILY_PER_CLIENT: z.coerce
    .number()
    .int()
    .min(0)
    .default(5)
    .describe(
      'profile registrations, retries included, one client address may start per 24 h (then 429 PROFILE_CLIENT_DAILY_LIMIT); npm start sets 1000',
    ),
  PROFILE_DAILY_GAS_BUDGET_WEI: z
    .string()
    .regex(/^[0-9]{1,78}$/, 'must be a whole number of wei')
    .default('100000000000000000')
    .transform((value) => BigInt(value))
    .describe(
      'gas the registrar may really spend on registrations per 24 h, in wei (then 429 PROFILE_GAS_BUDGET)',
    ),
};

export interface ProfileBudgetConfig {
  /** Registrations all players may start per 24 h. */
  dailyRegistrations: number;
  /** Registrations (attempts included) started from one client address per 24 h. */
  dailyPerClient: number;
  /** Wei the registrar may spend on registrations per 24 h. */
  dailyGasBudgetWei: bigint;
}

export function toProfileBudgetConfig(values: {
  PROFILE_DAILY_REGISTRATIONS: number;
  PROFILE_DAILY_PER_CLIENT: number;
  PROFILE_DAILY_GAS_BUDGET_WEI: bigint;
}): ProfileBudgetConfig {
  return {
    dailyRegistrations: values.PROFILE_DAILY_REGISTRATIONS,
    dailyPerClient: values.PROFILE_DAILY_PER_CLIENT,
    dailyGasBudgetWei: values.PROFILE_DAILY_GAS_BUDGET_WEI,
  };
}
