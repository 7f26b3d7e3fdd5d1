import { z } from 'zod';
import { type JobsConfig, jobsEnv, toJobsConfig } from '../jobs/config';
import {
  type ChainDeploymentsConfig,
  type ChainWritesConfig,
  chainDeploymentsEnv,
  toChainDeploymentsConfig,
  toChainWritesConfig,
} from '../modules/chain/config';
import { type ProfileBudgetConfig, profileBudgetEnv, toProfileBudgetConfig } from '../modules/profile/config';
import { type TasksConfig, tasksEnv, toTasksConfig } from '../modules/tasks/config';

/**
 * Configuration slices that belong to one module each (STYLE.md: a module's `config.ts`): the module names its
 * variables and their meaning there; this file only puts them together for `loadConfig`, which reports their
 * problems with every other invalid variable.
 */
const sliceSchema = z.object({ ...chainDeploymentsEnv, ...jobsEnv, ...profileBudgetEnv, ...tasksEnv });

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
  };
}
