import { getRuleRoute } from '@ojo/api-contract/game/http';
import type { RuleKind } from '@ojo/domain/enums';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { gameKeys, RULE_CACHE_MS } from './query-keys';

/** GET /owo/rule?ruleKind=PRIZE_POOL|RANK (product.md 7): a rules text, cached 5 minutes. */
export const getRule = (ruleKind: RuleKind, signal?: AbortSignal) =>
  apiClient.callRoute(getRuleRoute, { query: { ruleKind }, signal });

export const ruleQueryOptions = (ruleKind: RuleKind) =>
  queryOptions({
    queryKey: gameKeys.rule(ruleKind),
    queryFn: ({ signal }) => getRule(ruleKind, signal),
    staleTime: RULE_CACHE_MS,
    gcTime: RULE_CACHE_MS,
  });

export const useRule = (ruleKind: RuleKind) => useQuery(ruleQueryOptions(ruleKind));
