import { expect, type Locator, type Page, test } from '@playwright/test';
import { collectBrowserErrors, settleNetwork } from '../support/console-errors';

/** Defaults of the stack under test (brand is configuration; the e2e stack runs with the defaults). */
const PRODUCT_NAME = process.env.E2E_PRODUCT_NAME ?? 'OJO Arena';

/** product.md 2, 'Route list', with the heading each page shows. */
const ROUTES: ReadonlyArray<[path: string, heading: string]> = [
  ['/', `Welcome to ${PRODUCT_NAME}`],
  ['/mint-badge', 'Badges'],
  ['/game', 'Game'],
  ['/referral', 'Referral'],
  ['/wallet', 'Wallet'],
  // product.md 2 Task page: its heading is 'Start Earning'.
  ['/game/task', 'Start Earning'],
  ['/game/coin', 'Buy OJO'],
  ['/game/coin-history', 'Coin history'],
  ['/game/tickets/ojo', 'OJO tickets'],
  ['/game/tickets/points', 'Points tickets'],
  ['/game/prize-pool/ojo', 'OJO prize pool'],
  ['/game/prize-pool/points', 'Points prize pool'],
  ['/game/ranks', 'Ranks'],
  ['/game/ranks/ranking-preview', 'Ranking preview'],
  ['/game/redeem', 'Redeem'],
  ['/game/redeem/history', 'Redeem history'],
];

/** product.md 2: 'Top navigation: Home, Badges, Game, Referral.' */
const NAV: ReadonlyArray<[label: string, href: string]> = [
  ['Home', '/'],
  ['Badges', '/mint-badge'],
  ['Game', '/game'],
  ['Referral', '/referral'],
];

/** product.md 2: 'Social links: X, Discord, Telegram.' */
const SOCIAL_NETWORKS = ['X', 'Discord', 'Telegram'];

async function expectSocialLinks(region: Locator) {
  for (const network of SOCIAL_NETWORKS) {
    const link = region.getByRole('link', { name: `${PRODUCT_NAME} on ${network}`, exact: true });
    await expect(link).toBeVisible();
    await expect(link).toHaveAttribute('href', /^https:\/\//);
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', /\bnoopener\b/);
  }
}

async function expectFooterYear(page: Page) {
  const year = new Date().getFullYear();
  await expect(page.getByRole('contentinfo')).toContainText(`© ${year} ${PRODUCT_NAME}`);
}

test.describe('app shell on a desktop screen', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  for (const [path, heading] of ROUTES) {
    test(`${path} shows "${heading}" in the shell without browser errors`, async ({ page }) => {
      test.setTimeout(60_000);
      const browserErrors = collectBrowserErrors(page);
      await page.goto(path);

      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);

      const nav = page.getByRole('navigation', { name: 'Main' });
      await expect(nav.getByRole('link')).toHaveText(NAV.map(([label]) => label));
      for (const [label, href] of NAV) {
        await expect(nav.getByRole('link', { name: label, exact: true })).toHaveAttribute('href', href);
      }

      await expectSocialLinks(page.getByRole('banner'));
      await expect(page.getByRole('banner').getByTestId('auth-slot')).toBeAttached();
      await expectFooterYear(page);

      await settleNetwork(page);
      expect(browserErrors.list(), browserErrors.list().join('\n')).toEqual([]);
    });
  }

  test('an unknown path shows the 404 page with a working link home', async ({ page }) => {
    const browserErrors = collectBrowserErrors(page);
    await page.goto('/this/page/does-not-exist');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
    await expectFooterYear(page);
    await page.getByRole('main').getByRole('link', { name: 'Back to home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Welcome to ${PRODUCT_NAME}`);
    expect(browserErrors.list(), browserErrors.list().join('\n')).toEqual([]);
  });

  test('the navigation moves between pages and marks the current one', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Badges', exact: true }).click();
    await expect(page).toHaveURL(/\/mint-badge$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Badges');
    await expect(nav.getByRole('link', { name: 'Badges', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(nav.getByRole('link', { name: 'Home', exact: true })).not.toHaveAttribute(
      'aria-current',
      'page',
    );

    await page.goto('/game/ranks');
    await expect(nav.getByRole('link', { name: 'Game', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });
});

test.describe('app shell on a phone screen', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the menu button opens the navigation and social links, and a link closes it', async ({ page }) => {
    const browserErrors = collectBrowserErrors(page);
    await page.goto('/wallet');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Wallet');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();

    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu).toBeVisible();
    const nav = menu.getByRole('navigation', { name: 'Mobile' });
    await expect(nav.getByRole('link')).toHaveText(NAV.map(([label]) => label));
    await expectSocialLinks(menu);

    await nav.getByRole('link', { name: 'Referral', exact: true }).click();
    await expect(menu).toBeHidden();
    await expect(page).toHaveURL(/\/referral$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Referral');
    await settleNetwork(page);
    expect(browserErrors.list(), browserErrors.list().join('\n')).toEqual([]);
  });

  test('the footer keeps the social links and the current year', async ({ page }) => {
    await page.goto('/referral');
    await expectSocialLinks(page.getByRole('contentinfo'));
    await expectFooterYear(page);
    // The race page on a phone is its frame alone, filling the screen (one scroll): no footer below it.
    await page.goto('/game');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Game');
    await expect(page.getByRole('contentinfo')).toBeHidden();
  });
});
