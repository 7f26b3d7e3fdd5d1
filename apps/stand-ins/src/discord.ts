import type { IncomingMessage, ServerResponse } from 'node:http';
import type { StandInsConfig } from './config';
import { bearerToken, clientCredentials, escapeHtml, readBody, redirect, sendHtml, sendJson } from './http';
import { OAuthServer } from './oauth';
import { pickedUser, TestUsers, userPickerHtml } from './users';

/**
 * Discord: OAuth 2.0 (discord.com/oauth2/authorize, /api/oauth2/token; PKCE accepted), GET /api/users/@me and
 * GET /api/users/@me/guilds (scope guilds) as the real API answers them, and an invite page where a test user joins
 * the guild. Mounted under /discord: the API's DISCORD_API_URL is `<stand-ins>/discord/api`.
 */
export class DiscordStandIn {
  readonly users = new TestUsers(1_200_000_000_000_000_001n, ['arena_tester', 'arena_friend']);
  readonly guildMembers = new Set<string>();
  private readonly oauth: OAuthServer;

  constructor(private readonly config: StandInsConfig) {
    this.oauth = new OAuthServer(config.discord, config.redirectOrigins, false);
  }

  async handle(request: IncomingMessage, response: ServerResponse, url: URL): Promise<boolean> {
    const path = url.pathname.slice('/discord'.length);
    const method = request.method ?? 'GET';
    if (path === '/oauth2/authorize') {
      const { scope } = this.oauth.checkAuthorizeRequest(url.searchParams);
      if (method === 'POST') {
        const user = pickedUser(this.users, await readBody(request), 'user');
        const target = new URL(url.searchParams.get('redirect_uri') ?? '');
        target.searchParams.set('code', this.oauth.issueCode(url.searchParams, user.id));
        target.searchParams.set('state', url.searchParams.get('state') ?? '');
        redirect(response, target.toString());
        return true;
      }
      sendHtml(
        response,
        200,
        'Authorize - Discord stand-in',
        `<h1>Discord stand-in: authorize</h1><p>Scopes: <code>${escapeHtml(scope)}</code></p>
<form method="post">${userPickerHtml(this.users.list(), 'user', 'Authorize as')}</form>`,
      );
      return true;
    }
    if (path === '/api/oauth2/token' && method === 'POST') {
      const form = await readBody(request);
      const token = this.oauth.exchange(form, clientCredentials(request, form));
      sendJson(response, 200, { ...token, token_type: 'Bearer' });
      return true;
    }
    if (path === '/api/users/@me' || path === '/api/users/@me/guilds') {
      const user = this.users.get(this.oauth.userOf(bearerToken(request)));
      if (!user) {
        sendJson(response, 401, { message: '401: Unauthorized', code: 0 });
        return true;
      }
      if (path === '/api/users/@me') {
        sendJson(response, 200, {
          id: user.id,
          username: user.username,
          global_name: user.name,
          discriminator: '0',
          avatar: null,
        });
      } else {
        const guilds = this.guildMembers.has(user.id)
          ? [
              {
                id: this.config.discord.guildId,
                name: 'OJO Arena (local)',
                icon: null,
                owner: false,
                permissions: '0',
              },
            ]
          : [];
        sendJson(response, 200, guilds);
      }
      return true;
    }
    if (path === `/invite/${this.config.discord.inviteCode}`) {
      if (method === 'POST') {
        const user = pickedUser(this.users, await readBody(request), 'user');
        this.guildMembers.add(user.id);
        sendHtml(
          response,
          200,
          'Joined - Discord stand-in',
          `<h1>@${escapeHtml(user.username)} joined the server.</h1>`,
        );
        return true;
      }
      sendHtml(
        response,
        200,
        'Invite - Discord stand-in',
        `<h1>Discord stand-in: you are invited to OJO Arena (local)</h1>
<form method="post">${userPickerHtml(this.users.list(), 'user', 'Accept invite as')}</form>`,
      );
      return true;
    }
    return false;
  }
}
