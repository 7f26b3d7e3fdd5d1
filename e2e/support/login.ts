import { type BrowserContext, expect, type Locator, type Page } from '@playwright/test';

/** URLs of the stack `npm test` started (scripts/test.mjs); defaults are the product's ports. */
export const API_URL = process.env.E2E_API_URL ?? 'http://localhost:3001';
export const WALLET_URL = process.env.E2E_WALLET_URL ?? 'http://localhost:3003';
export const SAAS_ID = process.env.VITE_SAAS_ID ?? 'ojo-arena';

/** The web app's 'Login with <provider>' button (brand default 'Arena Wallet'). */
export const LOGIN_BUTTON_NAME = 'Login with Arena Wallet';

/**
 * Clicks something that opens the account provider and answers the provider's window once `ready` shows in it. The
 * window is either a new popup or, when one from an earlier login of this browser is still open, that same window
 * (the web opens it by name, so the browser reuses it).
 */
export async function answerWalletPopup(
  context: BrowserContext,
  click: () => Promise<void>,
  ready: (popup: Page) => Locator,
): Promise<Page> {
  await click();
  let found: Page | undefined;
  await expect
    .poll(
      async () => {
        // Newest first: a fresh popup wins over an older window of the provider.
        for (const candidate of [...context.pages()].reverse()) {
          if (candidate.isClosed() || !candidate.url().startsWith(WALLET_URL)) continue;
          if (await ready(candidate).isVisible()) {
            found = candidate;
            return true;
          }
        }
        return false;
      },
      { timeout: 30_000, message: 'the account provider window did not ask' },
    )
    .toBe(true);
  if (!found) throw new Error('no account provider window');
  return found;
}

/**
 * Clicks a login button that opens the account provider, then answers the popup: 'Create account' (a new smart
 * account) and 'Sign' (the sign-in message).
 */
export async function loginThroughPopup(context: BrowserContext, click: () => Promise<void>): Promise<Page> {
  const popup = await answerWalletPopup(context, click, (window) =>
    window.getByRole('button', { name: 'Create account' }),
  );
  await popup.getByRole('button', { name: 'Create account' }).click({ timeout: 30_000 });
  await popup.getByRole('button', { name: 'Sign' }).click({ timeout: 30_000 });
  return popup;
}

/**
 * Like `loginThroughPopup`, for an account this browser already holds: the provider lists it and the person picks
 * it with 'Continue' (no new account), then signs.
 */
export async function loginWithHeldAccount(
  context: BrowserContext,
  click: () => Promise<void>,
  address: string,
): Promise<Page> {
  const continueWith = (popup: Page) =>
    popup
      .getByRole('listitem')
      .filter({ has: popup.locator(`code[title="${address}" i]`) })
      .getByRole('button', { name: 'Continue' });
  // An account made in this test may be under 30 s old: its welcome must not stand in the way of what follows.
  for (const page of context.pages()) {
    if (!page.url().startsWith(WALLET_URL)) await dismissWelcomeWhenShown(page);
  }
  const popup = await answerWalletPopup(context, click, continueWith);
  await continueWith(popup).click({ timeout: 30_000 });
  await popup.getByRole('button', { name: 'Sign' }).click({ timeout: 30_000 });
  return popup;
}

/**
 * Logs in as a new player with the hero's button: on `/`, on the given path (e.g. an invite link), or on the page
 * as it is when `path` is null.
 */
export async function registerNewPlayer(page: Page, path: string | null = '/'): Promise<void> {
  if (path !== null) await page.goto(path);
  await dismissWelcomeWhenShown(page);
  await loginThroughPopup(page.context(), () =>
    page.getByRole('button', { name: LOGIN_BUTTON_NAME }).first().click(),
  );
  // A new player has no profile yet: the web sends them to Create profile once the login is complete.
  await expect(page).toHaveURL(/\/create-profile$/, { timeout: 60_000 });
  // The welcome of a new account opens with that navigation (its dialog code may load a moment later): close it
  // here, so it cannot cover whatever the test clicks next. A login slower than 30 s has none.
  const welcome = page.getByRole('dialog', { name: /^Welcome to / });
  const shown = await welcome.waitFor({ state: 'visible', timeout: 10_000 }).then(
    () => true,
    () => false,
  );
  if (shown) {
    // The page's welcome handler (dismissWelcomeWhenShown) may close it first: then this click finds no button.
    await welcome
      .getByRole('button', { name: "Let's go" })
      .click({ timeout: 5_000 })
      .catch(() => {});
    await expect(welcome).toBeHidden();
  }
}

const welcomeDismissed = new WeakSet<Page>();

/**
 * A new account is welcomed at its login when the login took under 30 s (product.md 4), which depends on this machine's
 * speed: whenever the welcome stands in the way of a later action, 'Let's go' closes it.
 */
async function dismissWelcomeWhenShown(page: Page): Promise<void> {
  if (welcomeDismissed.has(page)) return;
  welcomeDismissed.add(page);
  const welcome = page.getByRole('dialog', { name: /^Welcome to / });
  await page.addLocatorHandler(welcome, async () => {
    await welcome.getByRole('button', { name: "Let's go" }).click();
  });
}

/** The header's Logout, confirmed in its dialog; the player lands on / logged out. */
export async function logout(page: Page): Promise<void> {
  await page.getByTestId('auth-slot').getByRole('button', { name: 'Logout' }).click();
  await page.getByRole('dialog', { name: 'Logout' }).getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('button', { name: LOGIN_BUTTON_NAME }).first()).toBeVisible();
  await expect.poll(async () => hasSessionCookie(page.context())).toBe(false);
}

async function hasSessionCookie(context: BrowserContext): Promise<boolean> {
  return (await context.cookies()).some((cookie) => cookie.name === 'ojo_jwt');
}

export async function sessionJwt(context: BrowserContext): Promise<string> {
  const cookie = (await context.cookies()).find((entry) => entry.name === 'ojo_jwt');
  if (!cookie) throw new Error('no session cookie');
  return decodeURIComponent(cookie.value);
}

/** `GET /customer` with the page's session, as the API answers it. */
export async function fetchUser(context: BrowserContext): Promise<{
  id: string;
  isOldType: boolean;
  web3authAddress: string | null;
  abstractAddress: { osp_aa?: { address: string } };
  profile: { handle: string } | null;
}> {
  const response = await fetch(`${API_URL}/customer`, {
    headers: { saas_id: SAAS_ID, jwt_token: await sessionJwt(context) },
  });
  const body = (await response.json()) as { success: boolean; obj: never };
  if (!body.success) throw new Error(`GET /customer failed: ${JSON.stringify(body)}`);
  return body.obj;
}

/** The smart-account address of the logged-in player of `context`. */
export async function smartAccountOf(context: BrowserContext): Promise<string> {
  const address = (await fetchUser(context)).abstractAddress.osp_aa?.address ?? '';
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) throw new Error(`no smart account: '${address}'`);
  return address;
}

/**
 * On the Create profile page a new player lands on: creates a unique handle (on chain) and lands on home with the
 * full user's header. Whether the welcome opens depends on how long that took (product.md 4: only for an account under
 * 30 s old); a reload closes it either way, so the caller gets the same page on a fast or a loaded machine.
 * Answers the handle.
 */
export async function createProfile(page: Page): Promise<string> {
  const handle = `p_${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
  await page.getByRole('textbox', { name: 'Handle' }).fill(handle);
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page).toHaveURL(/\/$/, { timeout: 60_000 });
  await page.reload();
  // A reload under load: the page, then the session's player from the API.
  await expect(page.getByTestId('auth-slot').getByRole('button', { name: 'Logout' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByRole('dialog')).toHaveCount(0);
  return handle;
}
