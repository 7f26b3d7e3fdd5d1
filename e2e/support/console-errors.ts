import type { Page } from '@playwright/test';

/**
 * Collects what a person would see as breakage in the browser's devtools: console errors and uncaught page
 * errors. Call `list()` after the checks; an empty list is a clean page.
 */
export function collectBrowserErrors(page: Page): { list: () => string[] } {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') {
      const { url, lineNumber } = message.location();
      errors.push(`console.error: ${message.text()}${url ? ` (${url}:${lineNumber})` : ''}`);
    }
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.stack ?? error.message}`));
  return { list: () => [...errors] };
}

/**
 * Lets late work (lazy chunks, queries) finish before the console is judged: waits for the network to rest, up to
 * 10 s. A page with live traffic (the game's socket handshake or polling on a loaded machine) may never rest for
 * 500 ms; the check then goes on rather than failing the test on a wait that was only a courtesy.
 */
export async function settleNetwork(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
}
