import { describe, expect, it } from 'vitest';
import { DECLARED_ROUTES } from './routes';

const named = (routes: readonly { method: string; path: string }[]) =>
  routes.map((route) => `${route.method} ${route.path}`);

describe('the declared routes', () => {
  it('declares no method and path twice', () => {
    const all = named(DECLARED_ROUTES);
    expect(all.filter((route, index) => all.indexOf(route) !== index)).toEqual([]);
  });
});
