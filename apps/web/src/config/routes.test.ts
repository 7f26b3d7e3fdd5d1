import { describe, expect, it } from 'vitest';
import { NAV_ITEMS, ROUTES, routeHref } from './routes';

describe('routes config', () => {
  it('builds hrefs with a query, skipping unset values', () => {
    expect(routeHref('home', { inviteCode: 'AB12', sourceType: 'web', missing: undefined })).toBe(
      '/?inviteCode=AB12&sourceType=web',
    );
    expect(routeHref('ojoTickets')).toBe('/game/tickets/ojo');
    expect(routeHref('redeemHistory', {})).toBe('/game/redeem/history');
  });

  it('navigates to Home, Badges, Game and Referral (product.md 2)', () => {
    expect(NAV_ITEMS).toEqual([
      { label: 'Home', path: ROUTES.home.path },
      { label: 'Badges', path: ROUTES.mintBadge.path },
      { label: 'Game', path: ROUTES.game.path },
      { label: 'Referral', path: ROUTES.referral.path },
    ]);
  });
});
