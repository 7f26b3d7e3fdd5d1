import { SMART_ACCOUNT_WALLET_TYPE } from '../enums';

/** product.md 3 User info (the fields the rules read; the API contract owns the full schema). */
export interface UserInfo {
  jwt?: string | null;
  id?: string | number | null;
  isOldType?: boolean | null;
  profile?: { handle?: string | null; avatar?: string | null } | null;
  telegramId?: string | null;
  web3authAddress?: string | null;
  abstractAddress?: Record<string, { address?: string | null } | null | undefined> | null;
  addressAll?: readonly { platform?: string; walletType?: string; bindTime?: number | string }[] | null;
  connectAddress?: Partial<Record<'EVM' | 'SOLANA', { address?: string | null } | null>> | null;
}

/** The osp_aa smart-account address of the user, or null. */
export function smartAccountAddress(user: UserInfo | null | undefined): string | null {
  return user?.abstractAddress?.[SMART_ACCOUNT_WALLET_TYPE]?.address || null;
}

/**
 * product.md 4 Login: 'A full user has a jwt, is not old type, and has an osp_aa smart-account address. Otherwise login
 * buttons show.'
 */
export function isFullUser(user: UserInfo | null | undefined): boolean {
  return !!user?.jwt && user.isOldType !== true && smartAccountAddress(user) !== null;
}

/**
 * What the header and the home hero offer a person: the login buttons (logged out, or a user who is not full yet:
 * product.md 4 'Otherwise login buttons show'), nothing while the session's user loads (a logged-in player never sees a
 * login button flash), the way to Create profile for a full user without a profile, or the way to play.
 */
export type PlayerCall = 'login' | 'loading' | 'createProfile' | 'play';

export function playerCall(
  status: 'loggedOut' | 'loggingIn' | 'loggedIn',
  user: UserInfo | null | undefined,
): PlayerCall {
  if (status !== 'loggedIn') return 'login';
  if (!user) return 'loading';
  if (!isFullUser(user)) return 'login';
  return user.profile?.handle ? 'play' : 'createProfile';
}

/**
 * product.md 4 Login: bind the account (old-user migration) 'when a web3auth address exists but no osp_aa address'.
 */
export function needsMigrationBind(user: UserInfo | null | undefined): boolean {
  return !!user?.web3authAddress && smartAccountAddress(user) === null;
}

/** product.md 3 User info: connectAddress keyed by chain type; which chains have a linked wallet. */
export function connectedWallets(user: UserInfo | null | undefined): {
  hasEvmWallet: boolean;
  hasSolanaWallet: boolean;
} {
  return {
    hasEvmWallet: !!user?.connectAddress?.EVM?.address,
    hasSolanaWallet: !!user?.connectAddress?.SOLANA?.address,
  };
}

/** Every linked address of the user (connectAddress entries), for the wallet-bind task rule of product.md 4. */
export function connectedAddresses(user: UserInfo | null | undefined): string[] {
  return Object.values(user?.connectAddress ?? {})
    .map((entry) => entry?.address)
    .filter((address): address is string => !!address);
}
