import type { BadgeEntry } from '@ojo/api-contract/badge';
import { BADGE_TEXT } from '@ojo/domain/messages';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { Address } from 'viem';
import { toast } from '@/components/ui/toast';
import { badgeKeys } from '../api/badge-keys';
import { runBadgeCheck } from '../api/check-badges';
import { getBadgeSeries } from '../api/get-badges';
import { type MintBadges, useBadgeClaim } from './use-badge-claim';

/** The onboarding badge for the task page: checked (so finished tasks make it claimable), then claimed in a click. */
export function useOnboardingBadge(options: { account: Address | null; mintBadges: MintBadges }) {
  const badge = useQuery({
    queryKey: [...badgeKeys.all, 'onboarding'],
    enabled: Boolean(options.account),
    queryFn: async (): Promise<BadgeEntry | null> => {
      await runBadgeCheck().catch(() => 0);
      const series = await getBadgeSeries();
      return series.find((entry) => entry.series === 'OnboardingBadge')?.nfts[0] ?? null;
    },
  });
  const status = badge.data?.status ?? 'pending';
  const claimer = useBadgeClaim({
    account: options.account,
    mintBadges: options.mintBadges,
    claimableCount: status === 'claimable' ? 1 : 0,
  });
  const claimableId = badge.data?.claimableId;
  const onClaim = useCallback(() => {
    claimer
      .claim((row) => row.claimableId === claimableId)
      .catch(() => toast.error(BADGE_TEXT.claimBadgeFailed));
  }, [claimer, claimableId]);
  return { status, isClaiming: claimer.isClaiming || (status === 'claimable' && !claimer.isReady), onClaim };
}
