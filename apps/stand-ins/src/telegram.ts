import type { IncomingMessage, ServerResponse } from 'node:http';
import type { StandInsConfig } from './config';
import { escapeHtml, HttpError, readBody, sendHtml, sendJson } from './http';
import { pickedUser, type TestUser, TestUsers, userPickerHtml } from './users';

interface Webhook {
  url: string;
  secretToken: string | undefined;
}

/**
 * Telegram: the Bot API methods the API calls (getMe, setWebhook, getWebhookInfo, getChatMember at
 * `/bot<token>/<method>`, answering `{ok, result}` or `{ok: false, error_code, description}`), and the t.me links a
 * player opens: the bot link with a start value (Start sends the bot's `/start <value>` update to the webhook, with
 * the X-Telegram-Bot-Api-Secret-Token header) and the channel link (Join makes the user a member). Mounted under
 * /telegram: the API's TELEGRAM_BOT_API_URL is `<stand-ins>/telegram`, TELEGRAM_LINK_URL `<stand-ins>/telegram/t.me`.
 */
export class TelegramStandIn {
  readonly users = new TestUsers(7_000_000_101n, ['arena_tester', 'arena_friend']);
  readonly channelMembers = new Set<string>();
  webhook: Webhook | undefined;
  private nextUpdateId = 100_000_001;
  private nextMessageId = 1;

  constructor(private readonly config: StandInsConfig) {}

  private get channelUsername(): string {
    return this.config.telegram.channel.replace(/^@/, '');
  }

  async handle(request: IncomingMessage, response: ServerResponse, url: URL): Promise<boolean> {
    const path = url.pathname.slice('/telegram'.length);
    const botCall = /^\/bot([^/]+)\/(\w+)$/.exec(path);
    if (botCall) {
      await this.botApi(request, response, botCall[1] ?? '', botCall[2] ?? '', url);
      return true;
    }
    const link = /^\/t\.me\/(\w+)$/.exec(path);
    if (!link) return false;
    const name = link[1] ?? '';
    if (name === this.config.telegram.botUsername) await this.botPage(request, response, url);
    else if (name === this.channelUsername) await this.channelPage(request, response);
    else throw new HttpError(404, 'no such bot or channel');
    return true;
  }

  private async botApi(
    request: IncomingMessage,
    response: ServerResponse,
    token: string,
    method: string,
    url: URL,
  ): Promise<void> {
    const fail = (code: number, description: string) =>
      sendJson(response, code, { ok: false, error_code: code, description });
    if (token !== this.config.telegram.botToken) return fail(401, 'Unauthorized');
    const params = { ...Object.fromEntries(url.searchParams), ...(await readBody(request)) };
    switch (method) {
      case 'getMe':
        return sendJson(response, 200, { ok: true, result: this.botUser() });
      case 'setWebhook':
        this.webhook = params.url ? { url: params.url, secretToken: params.secret_token } : undefined;
        return sendJson(response, 200, { ok: true, result: true, description: 'Webhook was set' });
      case 'getWebhookInfo':
        return sendJson(response, 200, {
          ok: true,
          result: { url: this.webhook?.url ?? '', has_custom_certificate: false, pending_update_count: 0 },
        });
      case 'getChatMember': {
        const chat = params.chat_id ?? '';
        if (chat !== this.config.telegram.channel) return fail(400, 'Bad Request: chat not found');
        const user = this.users.get(params.user_id);
        if (!user) return fail(400, 'Bad Request: user not found');
        const status = this.channelMembers.has(user.id) ? 'member' : 'left';
        return sendJson(response, 200, { ok: true, result: { status, user: this.telegramUser(user) } });
      }
      default:
        return fail(404, 'Not Found');
    }
  }

  private botUser() {
    const id = Number(this.config.telegram.botToken.split(':')[0]);
    return { id, is_bot: true, first_name: 'OJO Arena (local)', username: this.config.telegram.botUsername };
  }

  private telegramUser(user: TestUser) {
    return { id: Number(user.id), is_bot: false, first_name: user.name, username: user.username };
  }

  /** The bot link (t.me/<bot>?start=<value>): Start sends `/start <value>` to the bot's webhook. */
  private async botPage(request: IncomingMessage, response: ServerResponse, url: URL): Promise<void> {
    const start = url.searchParams.get('start') ?? '';
    const bot = escapeHtml(this.config.telegram.botUsername);
    if (request.method === 'POST') {
      const user = pickedUser(this.users, await readBody(request), 'user');
      const delivered = await this.deliverStart(user, start);
      sendHtml(
        response,
        delivered.ok ? 200 : 502,
        'Started - Telegram stand-in',
        `<h1>@${bot}</h1><p>@${escapeHtml(user.username)} pressed Start.</p><p>${escapeHtml(delivered.text)}</p>`,
      );
      return;
    }
    sendHtml(
      response,
      200,
      `@${bot} - Telegram stand-in`,
      `<h1>Telegram stand-in: @${bot}</h1><p>Start value: <code>${escapeHtml(start || '(none)')}</code></p>
<form method="post">${userPickerHtml(this.users.list(), 'user', 'Start as')}</form>`,
    );
  }

  /** Sends the update a real Telegram sends when a user presses Start, to the webhook the bot set. */
  private async deliverStart(user: TestUser, start: string): Promise<{ ok: boolean; text: string }> {
    if (!this.webhook) return { ok: false, text: 'The bot has no webhook (setWebhook was never called).' };
    const text = start ? `/start ${start}` : '/start';
    const update = {
      update_id: this.nextUpdateId++,
      message: {
        message_id: this.nextMessageId++,
        from: this.telegramUser(user),
        chat: { id: Number(user.id), type: 'private', first_name: user.name, username: user.username },
        date: Math.floor(Date.now() / 1000),
        text,
        entities: [{ type: 'bot_command', offset: 0, length: 6 }],
      },
    };
    try {
      const answer = await fetch(this.webhook.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(this.webhook.secretToken
            ? { 'x-telegram-bot-api-secret-token': this.webhook.secretToken }
            : {}),
        },
        body: JSON.stringify(update),
        signal: AbortSignal.timeout(10_000),
      });
      return answer.ok
        ? { ok: true, text: 'The bot received your start. You can go back to the app.' }
        : { ok: false, text: `The bot's webhook answered ${answer.status}.` };
    } catch (error) {
      return { ok: false, text: `The bot's webhook did not answer (${(error as Error).message}).` };
    }
  }

  private async channelPage(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const channel = escapeHtml(this.config.telegram.channel);
    if (request.method === 'POST') {
      const user = pickedUser(this.users, await readBody(request), 'user');
      this.channelMembers.add(user.id);
      sendHtml(
        response,
        200,
        'Joined - Telegram stand-in',
        `<h1>${channel}</h1><p>@${escapeHtml(user.username)} joined the channel.</p>`,
      );
      return;
    }
    sendHtml(
      response,
      200,
      `${channel} - Telegram stand-in`,
      `<h1>Telegram stand-in: channel ${channel}</h1><form method="post">${userPickerHtml(this.users.list(), 'user', 'Join channel as')}</form>`,
    );
  }
}
