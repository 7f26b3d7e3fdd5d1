/**
 * A browser's part of a sign-in at the Google/Twitter/Apple stand-in, for tests over real HTTP: it keeps the
 * provider's cookies, follows its redirects to the sign-in page, submits the tester's choice there and follows on
 * until the provider sends the browser back to the app.
 */
export class OidcBrowser {
  private readonly cookies = new Map<string, string>();

  /** The sign-in page (empty when the provider answered without one) and the app's callback URL it ended at. */
  async signIn(
    authorizationUrl: string,
    choice: { subject: string } | { email: string } | { cancel: '1' },
  ): Promise<{ page: string; callback: URL }> {
    const origin = new URL(authorizationUrl).origin;
    let url = authorizationUrl;
    let response = await this.request(url);
    let page = '';
    for (let step = 0; step < 10; step += 1) {
      const location = response.headers.get('location');
      if (location) {
        url = new URL(location, url).href;
        if (new URL(url).origin !== origin) return { page, callback: new URL(url) };
        response = await this.request(url);
        continue;
      }
      if (page || response.status !== 200) break;
      page = await response.text();
      response = await this.request(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(choice).toString(),
      });
    }
    throw new Error(
      `the sign-in did not return to the app: HTTP ${response.status} ${await response.text()}`,
    );
  }

  /** One request with this browser's cookies, redirects left to the caller. */
  async request(url: string, init: RequestInit = {}): Promise<Response> {
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string> | undefined), ...(cookie ? { cookie } : {}) },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1);
      if (!value || /expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }
}
