/**
 * Query-key factories of data that one feature's action changes in another's view: a check-in (or a task reward)
 * moves the balances in the header and the ledger, so it invalidates `memberKeys.all` without importing the member
 * feature (features do not import each other; STYLE.md habit 2).
 */
export const memberKeys = {
  all: ['member'] as const,
  info: () => [...memberKeys.all, 'info'] as const,
  ledgers: (memberId: string, assetType: string) =>
    [...memberKeys.all, 'ledgers', memberId, assetType] as const,
};

export const checkInKeys = {
  all: ['check-in'] as const,
  status: () => [...checkInKeys.all, 'status'] as const,
};

/**
 * The session user (`GET /customer`, features/auth/api/get-user.ts). Invalidate `userKeys.all` after anything that
 * changes it (a profile created, a wallet linked, a task done); logout clears the whole cache.
 */
export const userKeys = {
  all: ['user'] as const,
  current: () => [...userKeys.all, 'current'] as const,
};
