import {
  BIND_REQUEST_DEFAULTS as BIND,
  LOGIN_REQUEST_DEFAULTS as DEFAULTS,
  WEB3AUTH_LOGIN_REQUEST_DEFAULTS as WEB3AUTH,
} from '@ojo/domain/constants';
import { z } from 'zod';
import { MAX } from './bounds';
import { defineRoute } from './route';

/** Chain families of linked wallets (product.md 3: connectAddress keyed by EVM, SOLANA). */
export const chainTypeSchema = z.enum(['EVM', 'SOLANA']);

const addressRef = z.object({ address: z.string().max(MAX.key) });

/** One entry of `addressAll` (product.md 3: platform, walletType, bindTime). */
export const boundAddressSchema = z.object({
  platform: z.string().max(MAX.name),
  walletType: z.string().max(MAX.name),
  address: z.string().max(MAX.address),
  /** Milliseconds since the epoch. */
  bindTime: z.number().int(),
});

/** The on-chain profile; null until the user created one (product.md 2, "Create profile"). */
export const userProfileSchema = z.object({
  handle: z.string().max(MAX.name),
  avatar: z.string().max(MAX.url).nullable(),
  profileId: z.string().max(MAX.key).nullable(),
});

/** User info of product.md 3, as `GET /customer` answers it in `obj`. */
export const userInfoSchema = z
  .object({
    id: z.string().max(MAX.key),
    isOldType: z.boolean(),
    profile: userProfileSchema.nullable(),
    telegramId: z.string().max(MAX.key).nullable(),
    web3authAddress: z.string().max(MAX.address).nullable(),
    /** Smart-account addresses keyed by wallet type; `osp_aa` is the account-provider smart account. */
    abstractAddress: z.object({ osp_aa: addressRef.optional() }),
    addressAll: z.array(boundAddressSchema).max(MAX.list),
    /** Wallets linked for asset badges, keyed by chain type. */
    connectAddress: z.object({ EVM: addressRef.optional(), SOLANA: addressRef.optional() }),
    /** The linked wallets by what they are for (product.md 2: one for the partner NFTs, one for the partner token). */
    linkedWallets: z.object({ partner_nft: addressRef.optional(), partner_token: addressRef.optional() }),
    /** Milliseconds since the epoch; the web app shows the welcome modal within 30 s of it (product.md 4). */
    created: z.number().int(),
  })
  .meta({ id: 'UserInfo' });
export type UserInfo = z.infer<typeof userInfoSchema>;

/** `GET /customer` (secure). */
export const getUserRoute = defineRoute({
  method: 'GET',
  path: '/customer',
  host: 'customer',
  secure: true,
  summary: 'The user of the session token',
  tags: ['user'],
  result: userInfoSchema,
});

const evmAddress = z
  .string()
  .max(MAX.address)
  .regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x-prefixed 20-byte address');

/**
 * Body of `POST /customer/login` (product.md 7). Only the spec's values: the smart-account variant (platform osp,
 * walletType abstract, thirdAuthSource OSP, channel OSP, autoRegister true; the defaults) or the web3auth variant
 * (walletType evm with channel WEB3AUTH). Anything else is a 400 naming the field. `publicKey` must be the id
 * token's `sub`.
 */
export const loginBody = z
  .object({
    idToken: z.string().min(1).max(4096),
    publicKey: evmAddress,
    inviteCode: z.string().max(64).optional().default(''),
    sourceType: z.string().max(64).optional(),
    platform: z.enum([DEFAULTS.platform]).default(DEFAULTS.platform),
    walletType: z.enum([DEFAULTS.walletType, WEB3AUTH.walletType]).default(DEFAULTS.walletType),
    thirdAuthSource: z.enum([DEFAULTS.thirdAuthSource]).default(DEFAULTS.thirdAuthSource),
    channel: z.enum([DEFAULTS.channel, WEB3AUTH.channel]).default(DEFAULTS.channel),
    autoRegister: z.boolean().default(DEFAULTS.autoRegister),
  })
  .refine((body) => (body.walletType === WEB3AUTH.walletType) === (body.channel === WEB3AUTH.channel), {
    path: ['channel'],
    message: `must be ${WEB3AUTH.channel} with walletType ${WEB3AUTH.walletType} and ${DEFAULTS.channel} with walletType ${DEFAULTS.walletType}`,
  });
export type LoginBody = z.input<typeof loginBody>;

/**
 * A login in our names (ARCHITECTURE.md glossary): the wire's `publicKey` is the account's address (the smart
 * account, or the web3auth address of the web3auth variant) and `inviteCode` the referral code.
 */
export interface LoginRequest {
  idToken: string;
  accountAddress: string;
  referralCode: string;
  sourceType?: string | undefined;
  platform: string;
  walletType: string;
  autoRegister: boolean;
}

/** Server side: the parsed body of `POST /customer/login` in our names. */
export function loginRequestFromBody(body: z.output<typeof loginBody>): LoginRequest {
  return {
    idToken: body.idToken,
    accountAddress: body.publicKey,
    referralCode: body.inviteCode,
    sourceType: body.sourceType,
    platform: body.platform,
    walletType: body.walletType,
    autoRegister: body.autoRegister,
  };
}

/** Client side: the body of a smart-account login (the spec's defaults filled in by the caller). */
export function loginBodyOf(request: {
  idToken: string;
  smartAccountAddress: string;
  referralCode: string;
  sourceType?: string | undefined;
}): Pick<LoginBody, 'idToken' | 'publicKey' | 'inviteCode' | 'sourceType'> {
  return {
    idToken: request.idToken,
    publicKey: request.smartAccountAddress,
    inviteCode: request.referralCode,
    sourceType: request.sourceType,
  };
}

/** Login response of product.md 3: the session jwt and the user's creation time (ms). */
export const loginResult = z
  .object({ jwtKey: z.string().max(MAX.blob), created: z.number().int() })
  .meta({ id: 'LoginResult' });
export type LoginResult = z.infer<typeof loginResult>;

/** `POST /customer/login` (product.md 7). */
export const loginRoute = defineRoute({
  method: 'POST',
  path: '/customer/login',
  host: 'customer',
  secure: false,
  summary: 'Logs in (or registers) with an id token of the identity layer',
  tags: ['user'],
  body: loginBody,
  result: loginResult,
  errorStatuses: [401, 404],
});

/**
 * Body of `POST /customer/bind` (secure, product.md 7): binds the smart account of the id token to the session's user
 * (the old user's migration), so only the smart-account values are taken (platform osp, walletType abstract,
 * thirdAuthSource OSP, channel OSP; the defaults). Anything else is a 400 naming the field.
 */
export const bindBody = z.object({
  idToken: z.string().min(1).max(4096),
  publicKey: evmAddress,
  platform: z.enum([BIND.platform]).default(BIND.platform),
  walletType: z.enum([BIND.walletType]).default(BIND.walletType),
  thirdAuthSource: z.enum([BIND.thirdAuthSource]).default(BIND.thirdAuthSource),
  channel: z.enum([BIND.channel]).default(BIND.channel),
});
export type BindBody = z.input<typeof bindBody>;

/** A bind in our names: the wire's `publicKey` is the smart account's address. */
export interface BindRequest {
  idToken: string;
  smartAccountAddress: string;
  platform: string;
  walletType: string;
}

/** Server side: the parsed body of `POST /customer/bind` in our names. */
export function bindRequestFromBody(body: z.output<typeof bindBody>): BindRequest {
  return {
    idToken: body.idToken,
    smartAccountAddress: body.publicKey,
    platform: body.platform,
    walletType: body.walletType,
  };
}

/** Client side: the body of a bind (the spec's defaults filled in by the caller). */
export function bindBodyOf(request: {
  idToken: string;
  smartAccountAddress: string;
}): Pick<BindBody, 'idToken' | 'publicKey'> {
  return { idToken: request.idToken, publicKey: request.smartAccountAddress };
}

/** `POST /customer/bind` (secure, product.md 7). */
export const bindRoute = defineRoute({
  method: 'POST',
  path: '/customer/bind',
  host: 'customer',
  secure: true,
  summary: "Binds a smart account (osp_aa) to the session's user (old-user migration)",
  tags: ['user'],
  body: bindBody,
  result: z.null(),
  errorStatuses: [409],
});

/** `obj` of `GET /customer/sign`: the API's signature over the user id (Telegram bind start value). */
export const userSignResult = z.object({ sign: z.string().max(MAX.blob) }).meta({ id: 'UserSign' });

/** `GET /customer/sign` (secure, product.md 7). */
export const userSignRoute = defineRoute({
  method: 'GET',
  path: '/customer/sign',
  host: 'customer',
  secure: true,
  summary: 'Signature over the user id for the Telegram bind start value',
  tags: ['user'],
  result: userSignResult,
});

export const oauthNonceQuery = z.object({ publicKey: evmAddress });
export const oauthNonceResult = z.object({ nonce: z.string().max(MAX.key) }).meta({ id: 'OauthNonce' });

/** `GET /customer/oauth/nonce` (product.md 7 oauthNonce). */
export const oauthNonceRoute = defineRoute({
  method: 'GET',
  path: '/customer/oauth/nonce',
  host: 'customer',
  secure: false,
  summary: 'A single-use nonce for a wallet signature (wallet bind)',
  tags: ['user'],
  query: oauthNonceQuery,
  result: oauthNonceResult,
});

export const tokenRefreshResult = z.object({ jwtKey: z.string().max(MAX.blob) }).meta({ id: 'TokenRefresh' });

/** `POST /customer/token/refresh` (secure, product.md 4 renewal). */
export const tokenRefreshRoute = defineRoute({
  method: 'POST',
  path: '/customer/token/refresh',
  host: 'customer',
  secure: true,
  summary: 'Renews the session jwt (product.md 4: renewal when under 1200 s remain)',
  description:
    'While more than 1200 s remain the jwt sent is answered unchanged; within the last 1200 s a new one. Either ' +
    'ends when the session does: the first sign-in plus the session limit (product.md 9: 604800 s), which no renewal ' +
    'moves. 401 once the session has ended or logout revoked it.',
  tags: ['user'],
  result: tokenRefreshResult,
});

/**
 * Body of `POST /customer/logout` (secure): the id token the web app holds, so that it ends with the session even
 * when it came from another sign-in (an old user's bind). Optional; an invalid one is ignored.
 */
export const logoutBody = z.object({ idToken: z.string().min(1).max(4096).optional() });
export type LogoutBody = z.infer<typeof logoutBody>;

/** `POST /customer/logout` (secure, product.md 4 Logout). */
export const logoutRoute = defineRoute({
  method: 'POST',
  path: '/customer/logout',
  host: 'customer',
  secure: true,
  summary: "Ends the session (product.md 4 Logout: 'Ends the identity session')",
  description:
    'Revokes the session of jwt_token and the session of the id token in the body: neither token, nor any copy, ' +
    'is accepted again (secure calls, renewals, POST /customer/login with the id token).',
  tags: ['user'],
  body: logoutBody,
  result: z.null(),
});
