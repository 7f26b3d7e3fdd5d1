import type { ClaimableBadgeRow } from '@ojo/api-contract/badge';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import type { Address, Hex } from 'viem';
import { badgeKeys } from '../api/badge-keys';
import { getClaimableRows, processMint, reportMint } from '../api/claim-badges';

/**
 * Mints claimable rows (the app composes it: the account provider's badge session key). Synchronous up to any
 * popup it needs, so it must be called inside the click.
 */
export type MintBadges = (
  account: Address,
  rows: readonly ClaimableBadgeRow[],
  onSent: (userOpHash: Hex) => void,
) => Promise<{ userOpHash: Hex; succeeded: boolean }>;

/**
 * The claim of product.md 2/4: the signed mint requests are fetched ahead (the same requests on every fetch), so the
 * click mints at once; a second click while one runs does nothing (the contract would refuse a second mint of the
 * same request anyway). The minted badges are claimed once the API read the chain.
 */
export function useBadgeClaim(options: {
  account: Address | null;
  mintBadges: MintBadges;
  claimableCount: number;
}) {
  const queryClient = useQueryClient();
  const rows = useQuery({
    queryKey: [...badgeKeys.claimable(), 'rows'],
    queryFn: getClaimableRows,
    enabled: Boolean(options.account) && options.claimableCount > 0,
  });
  const [isClaiming, setIsClaiming] = useState(false);
  const running = useRef(false);
  // Rows this page minted: until the refetch drops them, a click that comes after the mint finished (a fast
  // double click, a click before the re-render) must not mint the same requests again.
  const minted = useRef(new Set<string>());

  const claim = useCallback(
    (filter?: (row: ClaimableBadgeRow) => boolean): Promise<number> => {
      const account = options.account;
      const selected = (rows.data ?? []).filter(
        (row) => !minted.current.has(row.claimableId) && (!filter || filter(row)),
      );
      if (!account || running.current || selected.length === 0) return Promise.resolve(0);
      running.current = true;
      setIsClaiming(true);
      const ids = selected.map((row) => row.claimableId);
      const sent = options.mintBadges(account, selected, (hash) => {
        void reportMint(hash, ids).catch(() => {});
      });
      return (async () => {
        try {
          const outcome = await sent;
          if (!outcome.succeeded) throw new Error('The mint reverted');
          for (const id of ids) minted.current.add(id);
          const processed = await processMint(outcome.userOpHash);
          return processed?.claimed ?? selected.length;
        } finally {
          running.current = false;
          setIsClaiming(false);
          await queryClient.invalidateQueries({ queryKey: badgeKeys.all });
        }
      })();
    },
    [options.account, options.mintBadges, queryClient, rows.data],
  );

  return { rows: rows.data ?? [], isReady: rows.isSuccess, isClaiming, claim };
}
