import { CHECK_IN_TASK_ID, TASK_LIST_QUERY } from '@ojo/domain/constants';
import { ASSET_TYPES, TASK_DOMAINS } from '@ojo/domain/enums';
import { z } from 'zod';
import { MAX } from './bounds';
import { defineRoute } from './route';

/**
 * The quest calls of product.md 7 'Quests and tasks' (quest host, `{success, code, msgKey, obj}` envelope) and the two
 * customer calls that connect a platform for a task. A verify that fails for the player's reason (not connected,
 * bound elsewhere, not done yet) answers `success: false` with the product.md 8 code and this payload, not an HTTP error:
 * the page needs the payload (the connect URL of 100020).
 */

const taskIdSchema = z.coerce.number().int().positive().max(2_147_483_647);

/** product.md 3 Task, as the list and the detail answer it. */
export const taskItemSchema = z
  .object({
    taskId: z.number().int(),
    code: z.string().max(MAX.key),
    /** 'state or status (0 means not done, any other value means done; the state DONE also appears)'. */
    status: z.union([z.literal(0), z.literal(1)]),
    /** 'DONE' when done, else null (any state other than 0 would read as done). */
    state: z.literal('DONE').nullable(),
    title: z.string().max(MAX.name),
    /** May carry the `[[p<n>]]` marker (product.md 2). */
    desc: z.string().max(MAX.text),
    url: z.string().max(MAX.url).nullable(),
    connectUrl: z.string().max(MAX.url).nullable(),
    domain: z.enum(TASK_DOMAINS),
    labelName: z.string().max(MAX.name).nullable(),
    icon: z.string().max(MAX.url).nullable(),
    progress: z.number().int().nonnegative(),
    limit: z.number().int().positive(),
    /** Ours: what completing the task credits (POINT or OJO, whole units). */
    rewardType: z.enum(ASSET_TYPES),
    rewardAmount: z.string().max(MAX.decimal).regex(/^\d+$/),
  })
  .meta({ id: 'Task' });
export type TaskItem = z.infer<typeof taskItemSchema>;

/** Platforms a task may need connected; `twitter` is X. */
export const socialPlatformSchema = z.enum(['twitter', 'telegram', 'discord']);
export type SocialPlatformName = z.infer<typeof socialPlatformSchema>;

/** The outcome of a verify or do-task, in success and failure envelopes alike. */
export const taskVerifyResultSchema = z
  .object({
    taskId: z.number().int(),
    code: z.string().max(MAX.key),
    done: z.boolean(),
    progress: z.number().int().nonnegative(),
    limit: z.number().int().positive(),
    /** The platform the task checks, for the product.md 8 texts ('This {platform} has been bound ...'). */
    platform: z.string().max(MAX.name),
    /** 100020: where to send the player to connect the platform (product.md 4). */
    connectUrl: z.string().max(MAX.url).nullable(),
  })
  .meta({ id: 'TaskVerifyResult' });
export type TaskVerifyResult = z.infer<typeof taskVerifyResultSchema>;

export const taskListQuery = z.object({
  channel: z.string().max(32).default(TASK_LIST_QUERY.channel),
  position: z.string().max(32).default(TASK_LIST_QUERY.position),
});

export const taskIdQuery = z.object({ taskId: taskIdSchema });

/** GET /v2/tasks/list (product.md 7: channel 'pc', position 'ladder'). */
export const taskListRoute = defineRoute({
  method: 'GET',
  path: '/v2/tasks/list',
  host: 'quest',
  secure: true,
  summary: "The tasks of a channel and position, with the session player's state of each",
  tags: ['tasks'],
  query: taskListQuery,
  result: z.array(taskItemSchema).max(MAX.list),
});

/** POST /v2/tasks/verify?taskId (product.md 7; rate-limited per player). */
export const taskVerifyRoute = defineRoute({
  method: 'POST',
  path: '/v2/tasks/verify',
  host: 'quest',
  secure: true,
  summary: 'Checks a task with its platform and credits the reward once',
  tags: ['tasks'],
  query: taskIdQuery,
  result: taskVerifyResultSchema,
});

/** POST /v2/tasks/dotask?taskId: completes a task that has nothing to check elsewhere (play game, 411004). */
export const taskDoRoute = defineRoute({
  method: 'POST',
  path: '/v2/tasks/dotask',
  host: 'quest',
  secure: true,
  summary:
    "A do-task's state: done once the product event that completes it happened (play game: a settled round you bet in), else not met",
  tags: ['tasks'],
  query: taskIdQuery,
  result: taskVerifyResultSchema,
  errorStatuses: [409],
});

/** GET /v2/tasks/detail?taskId (product.md 7: check-in 411010, play game 411004). */
export const taskDetailRoute = defineRoute({
  method: 'GET',
  path: '/v2/tasks/detail',
  host: 'quest',
  secure: true,
  summary: "One task with the session player's state",
  tags: ['tasks'],
  query: z.object({ taskId: taskIdSchema.default(CHECK_IN_TASK_ID) }),
  result: taskItemSchema,
  errorStatuses: [404],
});

/** GET /v2/tasks/code/{id}: a task by its code (sign_in, wallet_bind, ...). */
export const taskByCodeRoute = defineRoute({
  method: 'GET',
  path: '/v2/tasks/code/:id',
  host: 'quest',
  secure: true,
  summary: "One task by its code, with the session player's state",
  tags: ['tasks'],
  params: z.object({
    id: z
      .string()
      .max(MAX.key)
      .regex(/^[a-z0-9_]{1,64}$/, 'a task code'),
  }),
  result: taskItemSchema,
  errorStatuses: [404],
});

/** The post an X task asks for: its text (with the required link) and the post intent that opens it. */
export const taskTweetSchema = z.object({
  taskId: z.number().int(),
  text: z.string().max(MAX.text),
  requiredText: z.string().max(MAX.text),
  requiredLink: z.string().max(MAX.url),
  intentUrl: z.string().max(MAX.url),
});

/** GET /v2/tasks/twitter/tweets/{id}: the post the X task {id} asks for. */
export const taskTweetRoute = defineRoute({
  method: 'GET',
  path: '/v2/tasks/twitter/tweets/:id',
  host: 'quest',
  secure: true,
  summary: 'The post an X task asks for (text, required link, post intent URL)',
  tags: ['tasks'],
  params: z.object({ id: taskIdSchema }),
  result: taskTweetSchema,
  errorStatuses: [404],
});

/** POST /v2/tasks/doquests: verifies every open task of the list at once (no redirects), e.g. after a return. */
export const doQuestsRoute = defineRoute({
  method: 'POST',
  path: '/v2/tasks/doquests',
  host: 'quest',
  secure: true,
  summary: "Verifies the session player's open tasks of a channel and position; answers each outcome",
  tags: ['tasks'],
  query: taskListQuery,
  result: z.array(taskVerifyResultSchema).max(MAX.list),
});

/** POST /v2/tasks/sync/doquests?taskId: verifies one task and answers the task as the list shows it. */
export const syncDoQuestRoute = defineRoute({
  method: 'POST',
  path: '/v2/tasks/sync/doquests',
  host: 'quest',
  secure: true,
  summary: 'Verifies one task and answers its refreshed state',
  tags: ['tasks'],
  query: taskIdQuery,
  result: taskItemSchema,
  errorStatuses: [404],
});

/** One row of GET /v2/tasks/ladder/reward. */
export const taskRewardSchema = z.object({
  taskId: z.number().int(),
  code: z.string().max(MAX.key),
  title: z.string().max(MAX.name),
  rewardType: z.enum(ASSET_TYPES),
  rewardAmount: z.string().max(MAX.decimal).regex(/^\d+$/),
});

/** GET /v2/tasks/ladder/reward: what each task of the ladder position pays. */
export const ladderRewardRoute = defineRoute({
  method: 'GET',
  path: '/v2/tasks/ladder/reward',
  host: 'quest',
  secure: true,
  summary: 'The reward of each task of the ladder position',
  tags: ['tasks'],
  result: z.array(taskRewardSchema).max(MAX.list),
});

/** POST /customer/oauth/social/token: finishes connecting X or Discord (authorization code + state). */
export const socialTokenRoute = defineRoute({
  method: 'POST',
  path: '/customer/oauth/social/token',
  host: 'customer',
  secure: true,
  summary:
    "Exchanges the platform's authorization code (PKCE, state bound to the player) and binds the account",
  tags: ['tasks'],
  body: z.object({
    platform: z.enum(['twitter', 'discord']),
    code: z.string().min(1).max(2048),
    state: z.string().min(1).max(256),
  }),
  result: z.object({ platform: socialPlatformSchema, username: z.string().max(MAX.name).nullable() }),
});

/** GET /reference/telegram/subscribe/check: whether the player's Telegram account is in the channel. */
export const telegramSubscribeCheckRoute = defineRoute({
  method: 'GET',
  path: '/reference/telegram/subscribe/check',
  host: 'customer',
  secure: true,
  summary: "Whether the session player's Telegram account is a member of the product's channel",
  tags: ['tasks'],
  result: z.boolean(),
});

/** Every task call, in the order the path check and OpenAPI list them. */
export const TASK_ROUTES = [
  taskListRoute,
  taskVerifyRoute,
  taskDoRoute,
  taskDetailRoute,
  taskByCodeRoute,
  taskTweetRoute,
  doQuestsRoute,
  syncDoQuestRoute,
  ladderRewardRoute,
  socialTokenRoute,
  telegramSubscribeCheckRoute,
] as const;
