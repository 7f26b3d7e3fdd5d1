import type { Page, Request, Response, Route } from '@playwright/test';

/**
 * Holds the page's requests that `matches` picks until `release()`. The state those requests would end (a spinner,
 * a 'creating' view) stays on screen for as long as the test looks at it, however fast or slow the machine is: a
 * test of a transient state holds it instead of racing it. `held()` resolves once a matching request waits.
 */
export async function holdRequests(page: Page, matches: (request: Request) => boolean) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let markHeld = () => {};
  const held = new Promise<void>((resolve) => {
    markHeld = resolve;
  });
  const inFlight: Promise<void>[] = [];
  const handler = async (route: Route) => {
    if (!matches(route.request())) return route.fallback();
    const handled = released.then(() => route.continue());
    inFlight.push(handled);
    markHeld();
    await handled;
  };
  await page.route('**/*', handler);
  return {
    held: () => held,
    async release() {
      release();
      await Promise.all(inFlight);
      await page.unroute('**/*', handler);
    },
  };
}

/** A request of the API by method and path, e.g. `apiCall('POST', '/profile')`. */
export const apiCall =
  (method: string, path: string) =>
  (request: Request): boolean =>
    request.method() === method && new URL(request.url()).pathname === path;

/** The next answer of `POST /customer/login` on the page, and the account's creation time it carries (ms). */
export function nextLoginCreatedAt(page: Page): Promise<number> {
  return page
    .waitForResponse((response: Response) => apiCall('POST', '/customer/login')(response.request()), {
      timeout: 90_000,
    })
    .then(async (response) => {
      const body = (await response.json()) as { obj?: { created?: number } };
      if (typeof body.obj?.created !== 'number')
        throw new Error(`login answered no created: ${JSON.stringify(body)}`);
      return body.obj.created;
    });
}
