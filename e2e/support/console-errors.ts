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
