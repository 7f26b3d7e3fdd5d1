import { z } from 'zod';
import { type JobsConfig, jobsEnv, toJobsConfig } from '../jobs/config';
import { type BadgeConfig, badgeEnv, toBadgeConfig } from '../modules/badge/config';
import {
  type ChainDeploymentsConfig,
  type ChainWritesConfig,
  chainDeploymentsEnv,
  toChainDeploymentsConfig,
  toChainWritesConfig,
} from '../modules/chain/config';
import { type CoinConfig, coinEnv, toCoinConfig } from '../modules/coin/config';
import { type GameConfig, gameEnv, toGameConfig } from '../modules/game/config';
import { type IndexerConfig, indexerEnv, toIndexerConfig } from '../modules/indexer/config';
import { type OperatorConfig, operatorEnv, toOperatorConfig } from '../modules/operator/config';
import { type PricesConfig, pricesEnv, toPricesConfig } from '../modules/prices/config';
import { type ProfileBudgetConfig, profileBudgetEnv, toProfileBudgetConfig } from '../modules/profile/config';
import { type FreeRewardsConfig, freeRewardsEnv, toFreeRewardsConfig } from '../modules/rewards/config';
import { type TasksConfig, tasksEnv, toTasksConfig } from '../modules/tasks/config';
import { toWalletConfig, type WalletConfig, walletEnv } from '../modules/wallet/config';

/**
 * Configuration slices that belong to one module each (STYLE.md: a module's `config.ts`): the module names its
 * variables and their meaning there; this file only puts them together for `loadConfig`, which reports their
 * problems with every other invalid variable.
 */
export const sliceSchema = z.object({
  ...chainDeploymentsEnv,
  ...jobsEnv,
  ...profileBudgetEnv,
  ...indexerEnv,
  ...pricesEnv,
  ...walletEnv,
  ...tasksEnv,
  ...badgeEnv,
  ...gameEnv,
  ...coinEnv,
  ...freeRewardsEnv,
  ...operatorEnv,
});

export interface ModuleConfig {
  /** Where the contract addresses come from (a deployments file, or configuration). */
  deployments: ChainDeploymentsConfig;
  /** How the API's transactions are sent (re-sent when not mined in time). */
  chainWrites: ChainWritesConfig;
  /** The durable job runner of this node. */
  jobs: JobsConfig;
  /** The global daily budget of profile registrations (paid by the API's registrar key). */
  profileBudget: ProfileBudgetConfig;
  /** X, Telegram and Discord for task verification (the stand-ins locally), and the verify rate limit. */
  tasks: TasksConfig;
  /** The chain indexer behind the wallet's history (one node at a time, under a lease). */
  indexer: IndexerConfig;
  /** Where token prices come from and when they are stale. */
  prices: PricesConfig;
  /** The wallet's devnet faucet. */
  wallet: WalletConfig;
  /** The badge signer and its mint requests. */
  badge: BadgeConfig;
  /** The coin race: phases, fee, stakes, the scheduler's lease and the live fan-out. */
  game: GameConfig;
  /** Buying OJO with ETH and redeeming it: receipt address, treasury, quotes, confirmations, limits. */
  coin: CoinConfig;
  /** When OJO from a free source (check-in, tasks) unlocks. */
  freeRewards: FreeRewardsConfig;
  /** The operator console: its origin, the owners from configuration, the operator token and session. */
  operator: OperatorConfig;
}

/** Reads every module's slice from `env`; pushes each problem to `problems` and answers undefined on any. */
export function readModuleConfig(env: NodeJS.ProcessEnv, problems: string[]): ModuleConfig | undefined {
  const parsed = sliceSchema.safeParse(env);
  if (!parsed.success) {
    for (const issue of parsed.error.issues)
      problems.push(`${issue.path.join('.') || '(root)'}: ${issue.message}`);
    return undefined;
  }
  const values = parsed.data;
  const deployments = toChainDeploymentsConfig(values, env, problems);
  if (!deployments) return undefined;
  const tasks = toTasksConfig(values, problems);
  return {
    tasks,
    deployments,
    chainWrites: toChainWritesConfig(values),
    jobs: toJobsConfig(values),
    profileBudget: toProfileBudgetConfig(values),
    indexer: toIndexerConfig(values),
    prices: toPricesConfig(values),
    wallet: toWalletConfig(values),
    badge: toBadgeConfig(values),
    game: toGameConfig(values),
    coin: toCoinConfig(values),
    freeRewards: toFreeRewardsConfig(values),
    operator: toOperatorConfig(values),
  };
}
