import { z } from 'zod';
import type { XConfig } from '../config';
import { basicAuth, callPlatform, formBody } from './http';

const tokenAnswer = z.object({ access_token: z.string().min(1), expires_in: z.number().optional() });
const meAnswer = z.object({ data: z.object({ id: z.string(), username: z.string() }) });
const postsAnswer = z.object({
  data: z
    .array(
      z.object({
        id: z.string(),
        text: z.string(),
        entities: z
          .object({
            urls: z.array(z.object({ url: z.string(), expanded_url: z.string().optional() })).optional(),
          })
          .optional(),
      }),
    )
    .optional(),
  meta: z.object({ result_count: z.number() }).optional(),
});

/**
 * The X API v2 calls the tasks need (OAuth 2.0 authorization code with PKCE; users/me; a user's recent posts).
 * The same calls reach the real X or the stand-in: only X_API_URL differs.
 */
export function createXClient(config: XConfig, timeoutMs: number) {
  return {
    async exchangeCode(input: { code: string; codeVerifier: string; redirectUri: string }) {
      const form = formBody({
        grant_type: 'authorization_code',
        code: input.code,
        redirect_uri: input.redirectUri,
        code_verifier: input.codeVerifier,
        client_id: config.clientId,
      });
      // A confidential client authenticates with Basic; a public one (no secret) relies on PKCE alone.
      if (config.clientSecret) {
        form.headers = { ...form.headers, authorization: basicAuth(config.clientId, config.clientSecret) };
      }
      const token = await callPlatform(`${config.apiUrl}/2/oauth2/token`, form, tokenAnswer, timeoutMs);
      return { accessToken: token.access_token, expiresIn: token.expires_in };
    },
    async me(accessToken: string) {
      const answer = await callPlatform(
        `${config.apiUrl}/2/users/me`,
        { headers: { authorization: `Bearer ${accessToken}` } },
        meAnswer,
        timeoutMs,
      );
      return answer.data;
    },
    /** The user's most recent posts, newest first (up to 100), with their links expanded (X shortens them in text). */
    async recentPosts(accessToken: string, userId: string) {
      const answer = await callPlatform(
        `${config.apiUrl}/2/users/${encodeURIComponent(userId)}/tweets?max_results=100&tweet.fields=entities`,
        { headers: { authorization: `Bearer ${accessToken}` } },
        postsAnswer,
        timeoutMs,
      );
      return (answer.data ?? []).map((post) => ({
        id: post.id,
        text: post.text,
        links: (post.entities?.urls ?? []).map((link) => link.expanded_url ?? link.url),
      }));
    },
  };
}
export type XClient = ReturnType<typeof createXClient>;
