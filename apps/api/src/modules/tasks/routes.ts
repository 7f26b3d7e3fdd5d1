import type { RateLimitOptions } from '@fastify/rate-limit';
import {
  doQuestsRoute,
  ladderRewardRoute,
  socialTokenRoute,
  syncDoQuestRoute,
  taskByCodeRoute,
  taskDetailRoute,
  taskDoRoute,
  taskListRoute,
  taskTweetRoute,
  taskVerifyRoute,
  telegramSubscribeCheckRoute,
} from '@ojo/api-contract/tasks';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config/env';
import { registerRoute } from '../../lib/route';
import { connectSocialAccount } from './connect-social';
import { taskErrors } from './errors';
import { getTask, listTasks } from './list-tasks';
import { createTaskPlatforms } from './platforms';
import { doQuests, ladderRewards, taskTweet, telegramSubscribed } from './task-queries';
import { type TaskDependencies, verifyTask } from './verify-task';

/**
 * Verify-like calls are limited per player (not per address: one player behind many addresses is still one), after
 * authentication so the key is the session's user; over the limit answers 100028 'busy' (product.md 8).
 */
function verifyRateLimit(config: AppConfig): RateLimitOptions {
  return {
    hook: 'preHandler',
    max: config.tasks.verifyRateLimit.max,
    timeWindow: config.tasks.verifyRateLimit.windowMs,
    keyGenerator: (request: FastifyRequest) => `task-verify:${request.user?.id ?? request.ip}`,
    errorResponseBuilder: () => taskErrors.tooManyVerifies(),
  };
}

/** The quest calls of product.md 7 'Quests and tasks' and the two customer calls that connect platforms for tasks. */
const tasksRoutes: FastifyPluginAsync<{ config: AppConfig }> = async (app, { config }) => {
  const deps: TaskDependencies = { db: app.db, config, platforms: createTaskPlatforms(config.tasks) };
  const now = () => new Date(app.now());
  const limited = { config: { rateLimit: verifyRateLimit(config) } };

  registerRoute(app, taskListRoute, async (request) =>
    listTasks(app.db, config, request.user, request.query, now()),
  );
  registerRoute(app, taskDetailRoute, async (request) =>
    getTask(app.db, config, request.user, { id: request.query.taskId }, now()),
  );
  registerRoute(app, taskByCodeRoute, async (request) =>
    getTask(app.db, config, request.user, { code: request.params.id }, now()),
  );
  registerRoute(
    app,
    taskVerifyRoute,
    async (request) => verifyTask(deps, request.user, request.query.taskId, now()),
    limited,
  );
  registerRoute(
    app,
    taskDoRoute,
    async (request) => verifyTask(deps, request.user, request.query.taskId, now(), { isDoTask: true }),
    limited,
  );
  registerRoute(
    app,
    syncDoQuestRoute,
    async (request) => {
      await verifyTask(deps, request.user, request.query.taskId, now());
      return getTask(app.db, config, request.user, { id: request.query.taskId }, now());
    },
    limited,
  );
  registerRoute(
    app,
    doQuestsRoute,
    async (request) => doQuests(deps, request.user, request.query, now()),
    limited,
  );
  registerRoute(app, taskTweetRoute, async (request) =>
    taskTweet(app.db, config, request.user, request.params.id),
  );
  registerRoute(app, ladderRewardRoute, async () => ladderRewards(app.db));
  registerRoute(
    app,
    socialTokenRoute,
    async (request) => connectSocialAccount(deps, request.user, request.body, now()),
    limited,
  );
  registerRoute(
    app,
    telegramSubscribeCheckRoute,
    async (request) => telegramSubscribed(deps, request.user),
    limited,
  );
};

export default tasksRoutes;
