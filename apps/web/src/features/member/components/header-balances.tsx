import type { AssetBalance } from '@ojo/api-contract/member';
import { formatAmount } from '@ojo/domain/format/amount';
import { ASSET_TEXT } from '@ojo/domain/messages';
import { useState } from 'react';
import { useMemberInfo } from '../api/get-member-info';
import { AccountMenu } from './account-menu';

/** The balance of one asset in a member info, '0' when absent. */
export function availableOf(
  assets: readonly AssetBalance[] | undefined,
  assetType: AssetBalance['assetType'],
) {
  return assets?.find((asset) => asset.assetType === assetType)?.available ?? '0';
}

/**
 * The player's points (FishXP) and OJO in the header, where a player looks for them; a press opens the account
 * menu with both balances and the latest ledger entries. Refetched whenever a reward invalidates `memberKeys`.
 */
export function HeaderBalances() {
  const info = useMemberInfo({ enabled: true });
  const [isMenuOpen, setMenuOpen] = useState(false);
  const assets = info.data?.assets;
  return (
    <>
      <button
        type="button"
        data-testid="header-balances"
        aria-label={`Balances: ${formatAmount(availableOf(assets, 'POINT'))} ${ASSET_TEXT.POINT}, ${formatAmount(availableOf(assets, 'OJO'))} ${ASSET_TEXT.OJO}`}
        onClick={() => setMenuOpen(true)}
        className="flex min-w-0 flex-col items-end rounded-xl border border-white/15 bg-white/5 px-2.5 py-1 text-right text-[11px] leading-tight font-bold text-white transition hover:border-lime/60 sm:flex-row sm:items-center sm:gap-3 sm:px-3 sm:py-2 sm:text-sm"
      >
        <span className="whitespace-nowrap">
          <span data-testid="balance-POINT" className="text-lime">
            {info.isPending ? '…' : formatAmount(availableOf(assets, 'POINT'))}
          </span>{' '}
          {ASSET_TEXT.POINT}
        </span>
        <span className="whitespace-nowrap">
          <span data-testid="balance-OJO" className="text-cyan">
            {info.isPending ? '…' : formatAmount(availableOf(assets, 'OJO'))}
          </span>{' '}
          {ASSET_TEXT.OJO}
        </span>
      </button>
      {isMenuOpen && info.data ? (
        <AccountMenu info={info.data} isOpen={isMenuOpen} onOpenChange={setMenuOpen} />
      ) : null}
    </>
  );
}
