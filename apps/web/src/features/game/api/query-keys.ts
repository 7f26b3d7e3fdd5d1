/** Query keys of the game's screens; a bet or a payout in the frame invalidates `gameKeys.all`. */
export const gameKeys = {
  all: ['game'] as const,
  props: (businessType: string) => [...gameKeys.all, 'props', businessType] as const,
  pools: () => [...gameKeys.all, 'pools'] as const,
  seasons: () => [...gameKeys.all, 'seasons'] as const,
  rewardCurrent: (businessType: string, seasonId: string) =>
    [...gameKeys.all, 'reward-current', businessType, seasonId] as const,
  rewardPrizes: (businessType: string, seasonId: string) =>
    [...gameKeys.all, 'reward-prizes', businessType, seasonId] as const,
  ladders: (businessType: string, offset: number, limit: number) =>
    [...gameKeys.all, 'ladders', businessType, offset, limit] as const,
  lastSettle: (businessType: string) => [...gameKeys.all, 'last-settle', businessType] as const,
  rule: (ruleKind: string) => [...gameKeys.all, 'rule', ruleKind] as const,
  messages: () => [...gameKeys.all, 'messages'] as const,
  verify: (roundId: string) => [...gameKeys.all, 'verify', roundId] as const,
  seasonVerify: (seasonId: string) => [...gameKeys.all, 'season-verify', seasonId] as const,
};

/** product.md 7: the rules texts are cached 5 minutes. */
export const RULE_CACHE_MS = 5 * 60 * 1000;
