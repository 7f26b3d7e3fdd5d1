/** Query keys of the badge feature: invalidate `badgeKeys.all` after a check, a claim or a linked wallet. */
export const badgeKeys = {
  all: ['badges'] as const,
  series: () => [...badgeKeys.all, 'series'] as const,
  claimable: () => [...badgeKeys.all, 'claimable'] as const,
};
