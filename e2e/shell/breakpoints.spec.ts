import { expect, type Page, type TestInfo, test } from '@playwright/test';
import { createProfile, registerNewPlayer } from '../support/login';

/**
 * product.md 9 'Responsive breakpoints: xs 390, sm 640, md 768, lg 1024, xl 1280, 2xl 1536, 3xl 1700 px': at each one the
 * page is no wider than the screen, the header keeps its height with everything in it on screen, and the navigation
 * is reachable (the menu button below md, the bar from md), for a visitor, a full user and an old user who has not
 * bound a smart account yet (the widest header: 'Bind a … account' and Logout). Screenshots of each header go to the
 * test's output folder.
 */
const BREAKPOINTS = [
  ['xs', 390],
  ['sm', 640],
  ['md', 768],
  ['lg', 1024],
  ['xl', 1280],
  ['2xl', 1536],
  ['3xl', 1700],
] as const;
const MD = 768;
/** product.md 9: the navbar offset the home page's sections rest under. */
const NAVBAR_PX = 58;

interface Layout {
  pageWidth: number;
  headerHeight: number;
  /** Header controls that leave the header or the screen, wrap or spill their text, with their boxes. */
  outside: string[];
}

async function measure(page: Page): Promise<Layout> {
  return page.evaluate(() => {
    const header = document.querySelector('header')!;
    const box = header.getBoundingClientRect();
    const outside: string[] = [];
    for (const element of header.querySelectorAll<HTMLElement>('a, button')) {
      const rect = element.getBoundingClientRect();
      if (rect.width === 0 && rect.height === 0) continue; // not displayed at this width
      if (element.closest('.sr-only')) continue;
      const fits =
        rect.top >= box.top - 0.5 &&
        rect.bottom <= box.bottom + 0.5 &&
        rect.left >= -0.5 &&
        rect.right <= window.innerWidth + 0.5 &&
        // On one line, and its text not cut off or spilling out of it.
        element.getClientRects().length === 1 &&
        element.scrollWidth <= element.clientWidth + 1 &&
        element.scrollHeight <= element.clientHeight + 1;
      if (!fits) {
        const name = element.getAttribute('aria-label') ?? element.textContent?.trim() ?? element.tagName;
        outside.push(
          `${name}: ${Math.round(rect.left)},${Math.round(rect.top)} ${Math.round(rect.width)}x${Math.round(rect.height)}`,
        );
      }
    }
    return {
      pageWidth: Math.max(document.documentElement.scrollWidth, document.body.scrollWidth),
      headerHeight: box.height,
      outside,
    };
  });
}

async function expectLayoutAtEveryBreakpoint(page: Page, testInfo: TestInfo, who: string, path: string) {
  for (const [name, width] of BREAKPOINTS) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // Home shows the header's login past 300 px of scroll (product.md 2): at the second section, where snapping rests.
    if (path === '/') {
      await page.evaluate((navbar) => {
        const second = document.querySelectorAll('[data-snap-section]')[1]!;
        window.scrollTo({
          top: second.getBoundingClientRect().top + window.scrollY - navbar,
          behavior: 'instant',
        });
      }, NAVBAR_PX);
    }
    await expect(page.getByTestId('auth-slot').getByRole('button').first()).toBeVisible();
    // A player's balances load after the header: measured once they show, as the player sees the row.
    if (who === 'full-user') await expect(page.getByTestId('balance-OJO')).toHaveText(/\d/);
    const layout = await measure(page);
    const shot = `${who}${path.replaceAll('/', '-')}-${name}-${width}.png`;
    await page.getByRole('banner').screenshot({ path: testInfo.outputPath(shot) });

    const at = `${who} on ${path} at ${name} (${width} px)`;
    expect(layout.pageWidth, `${at}: page width`).toBeLessThanOrEqual(width);
    // The header row is the navbar (58 px) with its 1 px bottom border, at every width.
    expect(layout.headerHeight, `${at}: header height`).toBe(NAVBAR_PX + 1);
    expect(layout.outside, `${at}: header controls that wrap, spill or leave the header`).toEqual([]);
    if (width < MD) {
      await expect(page.getByRole('button', { name: 'Open menu' }), at).toBeInViewport({ ratio: 1 });
      await expect(page.getByRole('navigation', { name: 'Main' }), at).toBeHidden();
    } else {
      await expect(page.getByRole('button', { name: 'Open menu' }), at).toBeHidden();
      await expect(page.getByRole('navigation', { name: 'Main' }), at).toBeInViewport({ ratio: 1 });
    }
  }
}

test('a visitor: every breakpoint lays out without overflow', async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  // Away from home the header shows the login button at once; on home, past 300 px of scroll.
  await expectLayoutAtEveryBreakpoint(page, testInfo, 'visitor', '/referral');
  await expect(
    page.getByTestId('auth-slot').getByRole('button', { name: 'Login with Arena Wallet' }),
  ).toBeVisible();
  await expectLayoutAtEveryBreakpoint(page, testInfo, 'visitor', '/');
});

test('a full user: every breakpoint lays out without overflow', async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  await registerNewPlayer(page);
  await createProfile(page);
  await expectLayoutAtEveryBreakpoint(page, testInfo, 'full-user', '/referral');
  await expect(page.getByTestId('auth-slot').getByRole('button')).toHaveText(['Logout']);
});

test('an old user before binding: every breakpoint lays out without overflow', async ({ page }, testInfo) => {
  test.setTimeout(240_000);
  await page.goto('/');
  await page.getByRole('button', { name: 'Log in with Google' }).click();
  await page.getByLabel(/email/i).fill(`layout-${Date.now().toString(36)}@example.com`);
  await page.getByRole('button', { name: 'Continue with this email' }).click();
  const tips = page.getByRole('dialog', { name: 'Account Migration Tips' });
  await expect(tips).toBeVisible({ timeout: 30_000 });
  // The tips open on every load of an old user; measured with them closed, as the player sees the header then.
  for (const [name, width] of BREAKPOINTS) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/referral');
    // The tips wait for the page and the player's /customer answer.
    await expect(tips).toBeVisible({ timeout: 30_000 });
    await page.keyboard.press('Escape');
    await expect(tips).toBeHidden();
    const slot = page.getByTestId('auth-slot');
    await expect(slot.getByRole('button', { name: 'Bind an Arena Wallet account' })).toBeVisible();
    await expect(slot.getByRole('button', { name: 'Logout' })).toBeVisible();
    const layout = await measure(page);
    await page.getByRole('banner').screenshot({ path: testInfo.outputPath(`old-user-${name}-${width}.png`) });

    const at = `old user at ${name} (${width} px)`;
    expect(layout.pageWidth, `${at}: page width`).toBeLessThanOrEqual(width);
    expect(layout.headerHeight, `${at}: header height`).toBe(NAVBAR_PX + 1);
    expect(layout.outside, `${at}: header controls that wrap, spill or leave the header`).toEqual([]);
    const menu = page.getByRole('button', { name: 'Open menu' });
    if (width < MD) await expect(menu, at).toBeInViewport({ ratio: 1 });
    else await expect(page.getByRole('navigation', { name: 'Main' }), at).toBeInViewport({ ratio: 1 });
  }
});
