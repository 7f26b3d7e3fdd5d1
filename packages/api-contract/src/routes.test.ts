import { describe, expect, it } from 'vitest';
import { DECLARED_ROUTES, TASK_AND_MEMBER_ROUTES } from './routes';

const named = (routes: readonly { method: string; path: string }[]) =>
  routes.map((route) => `${route.method} ${route.path}`);

describe('the declared routes', () => {
  it('lists the task, check-in, member and linked-wallet calls in this order', () => {
    expect(named(TASK_AND_MEMBER_ROUTES)).toMatchInlineSnapshot(`
      [
        "GET /v2/tasks/checkin/status",
        "POST /v2/tasks/checkin",
        "POST /customer/bind/auth",
        "GET /member/points/ledgers/:id",
        "GET /v2/member/asset/:id",
        "GET /v2/member/me",
        "POST /v2/member/:id/expansion",
        "GET /v2/customer/me",
        "GET /v2/tasks/list",
        "POST /v2/tasks/verify",
        "POST /v2/tasks/dotask",
        "GET /v2/tasks/detail",
        "GET /v2/tasks/code/:id",
        "GET /v2/tasks/twitter/tweets/:id",
        "POST /v2/tasks/doquests",
        "POST /v2/tasks/sync/doquests",
        "GET /v2/tasks/ladder/reward",
        "POST /customer/oauth/social/token",
        "GET /reference/telegram/subscribe/check",
      ]
    `);
  });

  it('declares no method and path twice', () => {
    const all = named(DECLARED_ROUTES);
    expect(all.filter((route, index) => all.indexOf(route) !== index)).toEqual([]);
  });
});
