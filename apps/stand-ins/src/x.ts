import type { IncomingMessage, ServerResponse } from 'node:http';
import type { StandInsConfig } from './config';
import {
  bearerToken,
  clientCredentials,
  cookie,
  escapeHtml,
  HttpError,
  readBody,
  redirect,
  sendHtml,
  sendJson,
} from './http';
import { OAuthServer } from './oauth';
import { pickedUser, TestUsers, userPickerHtml } from './users';

interface Post {
  id: string;
  authorId: string;
  text: string;
  createdAt: string;
}

const SESSION_COOKIE = 'standin_x_user';

/**
 * X: OAuth 2.0 authorization code with PKCE (x.com/i/oauth2/authorize, api.x.com/2/oauth2/token), the v2 user
 * lookups the API reads (GET /2/users/me, GET /2/users/:id/tweets) and the post intent a player writes in
 * (x.com/intent/post). Mounted under /x: the API's X_API_URL is `<stand-ins>/x`.
 */
export class XStandIn {
  readonly users = new TestUsers(1_850_000_000_000_000_001n, ['arena_tester', 'arena_friend']);
  readonly posts: Post[] = [];
  private readonly oauth: OAuthServer;
  private nextPostId = 1_860_000_000_000_000_001n;

  constructor(config: StandInsConfig) {
    this.oauth = new OAuthServer(config.x, config.redirectOrigins, true);
  }

  async handle(request: IncomingMessage, response: ServerResponse, url: URL): Promise<boolean> {
    const path = url.pathname.slice('/x'.length);
    const method = request.method ?? 'GET';
    if (path === '/i/oauth2/authorize') return this.authorize(request, response, url, method);
    if (path === '/2/oauth2/token' && method === 'POST') {
      const form = await readBody(request);
      sendJson(response, 200, this.oauth.exchange(form, clientCredentials(request, form)));
      return true;
    }
    if (path === '/2/users/me' && method === 'GET') {
      const user = this.users.get(this.oauth.userOf(bearerToken(request)));
      if (!user) return this.unauthorized(response);
      sendJson(response, 200, { data: { id: user.id, name: user.name, username: user.username } });
      return true;
    }
    const tweets = /^\/2\/users\/(\d+)\/tweets$/.exec(path);
    if (tweets && method === 'GET') {
      if (!this.oauth.userOf(bearerToken(request))) return this.unauthorized(response);
      sendJson(response, 200, this.timeline(tweets[1] ?? '', url.searchParams));
      return true;
    }
    if (path === '/intent/post') return this.intent(request, response, url, method);
    return false;
  }

  /** GET /2/users/:id/tweets: newest first, `max_results` 5 to 100 (default 10), X's `{data, meta}` shape. */
  private timeline(authorId: string, query: URLSearchParams) {
    const max = Math.min(100, Math.max(5, Number(query.get('max_results') ?? 10) || 10));
    const own = this.posts
      .filter((post) => post.authorId === authorId)
      .reverse()
      .slice(0, max);
    if (own.length === 0) return { meta: { result_count: 0 } };
    return {
      data: own.map((post) => ({ id: post.id, text: post.text, edit_history_tweet_ids: [post.id] })),
      meta: { result_count: own.length, newest_id: own[0]?.id, oldest_id: own.at(-1)?.id },
    };
  }

  private unauthorized(response: ServerResponse): true {
    sendJson(response, 401, {
      title: 'Unauthorized',
      type: 'about:blank',
      status: 401,
      detail: 'Unauthorized',
    });
    return true;
  }

  private async authorize(request: IncomingMessage, response: ServerResponse, url: URL, method: string) {
    const { scope } = this.oauth.checkAuthorizeRequest(url.searchParams);
    if (method === 'POST') {
      const user = pickedUser(this.users, await readBody(request), 'user');
      const code = this.oauth.issueCode(url.searchParams, user.id);
      const target = new URL(url.searchParams.get('redirect_uri') ?? '');
      target.searchParams.set('state', url.searchParams.get('state') ?? '');
      target.searchParams.set('code', code);
      response.setHeader('set-cookie', `${SESSION_COOKIE}=${user.id}; Path=/x; HttpOnly; SameSite=Lax`);
      redirect(response, target.toString());
      return true;
    }
    sendHtml(
      response,
      200,
      'Authorize app - X stand-in',
      `<h1>X stand-in: authorize app</h1><p>The app asks for: <code>${escapeHtml(scope)}</code></p>
<form method="post">${userPickerHtml(this.users.list(), 'user', 'Authorize app as')}</form>`,
    );
    return true;
  }

  private async intent(request: IncomingMessage, response: ServerResponse, url: URL, method: string) {
    if (method === 'POST') {
      const form = await readBody(request);
      const user = pickedUser(this.users, form, 'user');
      const text = (form.text ?? '').trim();
      if (!text || text.length > 280) throw new HttpError(400, 'a post is 1 to 280 characters');
      const post = {
        id: String(this.nextPostId),
        authorId: user.id,
        text,
        createdAt: new Date().toISOString(),
      };
      this.nextPostId += 1n;
      this.posts.push(post);
      response.setHeader('set-cookie', `${SESSION_COOKIE}=${user.id}; Path=/x; HttpOnly; SameSite=Lax`);
      sendHtml(
        response,
        200,
        'Posted - X stand-in',
        `<h1>Your post was sent</h1><p>@${escapeHtml(user.username)}: ${escapeHtml(text)}</p><p>Post id ${post.id}</p>`,
      );
      return true;
    }
    const signedIn = this.users.get(cookie(request, SESSION_COOKIE));
    const users = signedIn ? [signedIn] : this.users.list();
    sendHtml(
      response,
      200,
      'Post - X stand-in',
      `<h1>X stand-in: new post</h1><form method="post">
<p><label>What is happening?<textarea name="text" rows="5" maxlength="280">${escapeHtml(url.searchParams.get('text') ?? '')}</textarea></label></p>
${userPickerHtml(users, 'user', 'Post as')}</form>`,
    );
    return true;
  }
}
