import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CoinbaseStandIn } from './coinbase';
import type { StandInsConfig } from './config';
import { DiscordStandIn } from './discord';
import { escapeHtml, HttpError, sendHtml, sendJson } from './http';
import { OidcStandIn } from './oidc';
import { TelegramStandIn } from './telegram';
import type { TestUser } from './users';
import { XStandIn } from './x';

export interface StandIns {
  server: Server;
  url: string;
  x: XStandIn;
  telegram: TelegramStandIn;
  discord: DiscordStandIn;
  coinbase: CoinbaseStandIn;
  oidc: OidcStandIn;
  close: () => Promise<void>;
}

/**
 * Starts the X, Telegram, Discord, Coinbase Exchange and Google/Twitter/Apple stand-ins on one port (0: a free
 * one). It answers once all are ready: the OpenID issuers are named after the address it listens on.
 */
export async function startStandIns(config: StandInsConfig): Promise<StandIns> {
  const x = new XStandIn(config);
  const telegram = new TelegramStandIn(config);
  const discord = new DiscordStandIn(config);
  const coinbase = new CoinbaseStandIn({ tradeEveryMs: config.coinbase.tradeEveryMs });
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(config.port, config.host, resolve));
  const { port } = server.address() as AddressInfo;
  const listening = `http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${port}`;
  const oidc = new OidcStandIn(config, config.publicUrl ?? listening);
  server.on('request', async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-ins');
    try {
      if (url.pathname === '/') {
        sendHtml(response, 200, 'Stand-ins', operatorPage(config, x, telegram, discord, coinbase, oidc));
        return;
      }
      if (url.pathname === '/healthz') {
        sendJson(response, 200, { ok: true });
        return;
      }
      const handled =
        (url.pathname.startsWith('/x/') && (await x.handle(request, response, url))) ||
        (url.pathname.startsWith('/telegram/') && (await telegram.handle(request, response, url))) ||
        (url.pathname.startsWith('/discord/') && (await discord.handle(request, response, url))) ||
        (url.pathname.startsWith('/coinbase/') && (await coinbase.handle(request, response, url))) ||
        (url.pathname.startsWith('/oidc/') && (await oidc.handle(request, response, url)));
      if (!handled) sendJson(response, 404, { error: 'not_found' });
    } catch (error) {
      if (response.headersSent) return response.destroy();
      if (error instanceof HttpError) {
        if (error.body) sendJson(response, error.status, error.body);
        else sendHtml(response, error.status, 'Error', `<h1>${escapeHtml(error.message)}</h1>`);
      } else {
        sendJson(response, 500, { error: 'server_error' });
      }
    }
  });
  server.on('upgrade', (request, socket, head) => {
    if (!coinbase.upgrade(request, socket, head)) socket.destroy();
  });
  return {
    server,
    url: listening,
    x,
    telegram,
    discord,
    coinbase,
    oidc,
    close: () => {
      coinbase.close();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

function usersTable(users: TestUser[]): string {
  const rows = users
    .map((user) => `<tr><td>${escapeHtml(user.id)}</td><td>@${escapeHtml(user.username)}</td></tr>`)
    .join('');
  return `<table><tr><th>id</th><th>username</th></tr>${rows}</table>`;
}

/** The page an operator opens: what each stand-in is and who its test users are. */
function operatorPage(
  config: StandInsConfig,
  x: XStandIn,
  telegram: TelegramStandIn,
  discord: DiscordStandIn,
  coinbase: CoinbaseStandIn,
  oidc: OidcStandIn,
) {
  const channel = config.telegram.channel.replace(/^@/, '');
  const issuers = Object.values(oidc.issuers)
    .map(
      (issuer) =>
        `<li>${escapeHtml(issuer.name)}: issuer <code>${escapeHtml(issuer.issuer)}</code>, test identities ${escapeHtml(
          issuer.identities.seeded.map((identity) => `${identity.name} <${identity.email}>`).join(', '),
        )}</li>`,
    )
    .join('');
  return `<h1>Stand-ins for X, Telegram, Discord, Coinbase Exchange, Google, Twitter and Apple</h1>
<p>They speak the real services' protocols, so the API talks to them exactly as to the real ones; switching is configuration.</p>
<h2>X</h2><p>OAuth 2.0 with PKCE, <code>/x/2/users/me</code>, <code>/x/2/users/:id/tweets</code>; <a href="/x/intent/post">write a post</a>. ${x.posts.length} posts.</p>${usersTable(x.users.list())}
<h2>Telegram</h2><p>Bot @${escapeHtml(config.telegram.botUsername)} (webhook ${escapeHtml(telegram.webhook?.url ?? 'not set')}); <a href="/telegram/t.me/${escapeHtml(channel)}">channel ${escapeHtml(config.telegram.channel)}</a> (${telegram.channelMembers.size} members).</p>${usersTable(telegram.users.list())}
<h2>Coinbase Exchange</h2><p>Market data: the WebSocket feed at <code>/coinbase/ws</code> (ticker channel) and <code>/coinbase/products/:id/ticker</code>; products ${escapeHtml(coinbase.products.join(', '))}.</p>
<h2>Discord</h2><p>Guild ${escapeHtml(config.discord.guildId)}; <a href="/discord/invite/${escapeHtml(config.discord.inviteCode)}">invite</a> (${discord.guildMembers.size} members).</p>${usersTable(discord.users.list())}
<h2>Google, Twitter and Apple</h2><p>OpenID Connect providers for the old users' login; a sign-in also takes any email as a new test identity.</p><ul>${issuers}</ul>`;
}
