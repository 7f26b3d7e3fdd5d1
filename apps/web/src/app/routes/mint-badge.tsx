import { buildReferralLink } from '@ojo/domain/share/share-text';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { useSessionUser } from '@/features/auth/hooks/use-auth';
import { BadgePage } from '@/features/badge/components/badge-page';
import { useReferralInfo } from '@/features/referral/api/get-referral-info';
import { userKeys } from '@/lib/query-keys';
import { mintBadges, useSessionAccount } from '../badge/compose';
import { announceExternalWallet } from '../badge/external-wallet';

/** /mint-badge: the badge feature with the player's smart account, linked wallets and the session-key mint. */
export function Component() {
  const account = useSessionAccount();
  const { user } = useSessionUser();
  const queryClient = useQueryClient();
  const invite = useReferralInfo({ enabled: Boolean(account) });
  const inviteCode = invite.data?.inviteCode;
  // Locally, the account provider's plain external-wallet mode is one of the wallets a player can link.
  useEffect(() => announceExternalWallet(), []);
  // The linked wallets are part of the session user.
  const onWalletLinked = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: userKeys.all });
  }, [queryClient]);
  return (
    <BadgePage
      account={account}
      linkedWallets={{
        partner_nft: user?.linkedWallets?.partner_nft?.address ?? null,
        partner_token: user?.linkedWallets?.partner_token?.address ?? null,
      }}
      mintBadges={mintBadges}
      onWalletLinked={onWalletLinked}
      referralLink={inviteCode ? buildReferralLink(window.location.origin, inviteCode) : null}
    />
  );
}
