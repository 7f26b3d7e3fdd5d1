import { z } from 'zod';
import type { DiscordConfig } from '../config';
import { basicAuth, callPlatform, formBody } from './http';

const tokenAnswer = z.object({ access_token: z.string().min(1), expires_in: z.number().optional() });
const meAnswer = z.object({ id: z.string(), username: z.string() });
const guildsAnswer = z.array(z.object({ id: z.string() }));

/** Discord's OAuth 2.0 token exchange, GET /users/@me and GET /users/@me/guilds (scope `identify guilds`). */
export function createDiscordClient(config: DiscordConfig, timeoutMs: number) {
  const bearer = (accessToken: string) => ({ headers: { authorization: `Bearer ${accessToken}` } });
  return {
    async exchangeCode(input: { code: string; codeVerifier: string; redirectUri: string }) {
      const form = formBody({
        grant_type: 'authorization_code',
        code: input.code,
        redirect_uri: input.redirectUri,
        code_verifier: input.codeVerifier,
      });
      form.headers = { ...form.headers, authorization: basicAuth(config.clientId, config.clientSecret) };
      const token = await callPlatform(`${config.apiUrl}/oauth2/token`, form, tokenAnswer, timeoutMs);
      return { accessToken: token.access_token, expiresIn: token.expires_in };
    },
    me: (accessToken: string) =>
      callPlatform(`${config.apiUrl}/users/@me`, bearer(accessToken), meAnswer, timeoutMs),
    async isGuildMember(accessToken: string): Promise<boolean> {
      const guilds = await callPlatform(
        `${config.apiUrl}/users/@me/guilds`,
        bearer(accessToken),
        guildsAnswer,
        timeoutMs,
      );
      return guilds.some((guild) => guild.id === config.guildId);
    },
  };
}
export type DiscordClient = ReturnType<typeof createDiscordClient>;
