import type { MemberInfo } from '@ojo/api-contract/member';
import type { AssetType } from '@ojo/domain/enums';
import { formatAmount } from '@ojo/domain/format/amount';
import { ASSET_TEXT } from '@ojo/domain/messages';
import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { Link } from 'react-router';
import { CloseIcon } from '@/components/ui/icons';
import { CHECK_IN_ROUTE, ROUTES } from '@/config/routes';
import { LedgerList } from './ledger-list';

interface AccountMenuProps {
  info: MemberInfo;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}

const ASSETS: readonly AssetType[] = ['POINT', 'OJO'];

/**
 * The account menu: each balance with what was earned in total (product.md 3 available, originalAvailable), the latest
 * ledger entries of the chosen asset, the way to the daily check-in, and to the wallet (its ETH pays for OJO), OJO
 * and redeem.
 */
export function AccountMenu({ info, isOpen, onOpenChange }: AccountMenuProps) {
  const [assetType, setAssetType] = useState<AssetType>(info.expansion.preferredAsset ?? 'POINT');
  return (
    <Dialog.Root open={isOpen} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/60 backdrop-blur-sm" />
        <Dialog.Content className="fixed top-[66px] right-2 z-50 flex max-h-[calc(100dvh-80px)] w-[min(24rem,calc(100vw-1rem))] flex-col gap-4 overflow-hidden rounded-3xl border border-white/10 bg-arena-950 p-5 shadow-2xl shadow-lime/10 focus:outline-none sm:right-6">
          <div className="flex items-center justify-between">
            <Dialog.Title className="font-display text-lg font-black uppercase italic tracking-tight text-white">
              Your balances
            </Dialog.Title>
            <Dialog.Close aria-label="Close" className="rounded-lg p-1 text-slate-300 hover:text-white">
              <CloseIcon className="size-5" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">
            Points (FishXP) and OJO, and their latest entries
          </Dialog.Description>
          <div role="tablist" aria-label="Asset" className="grid grid-cols-2 gap-2">
            {ASSETS.map((asset) => {
              const balance = info.assets.find((entry) => entry.assetType === asset);
              return (
                <button
                  key={asset}
                  type="button"
                  role="tab"
                  aria-selected={assetType === asset}
                  onClick={() => setAssetType(asset)}
                  className="rounded-2xl border border-white/10 bg-white/5 p-3 text-left aria-selected:border-lime/60 aria-selected:bg-lime/10"
                >
                  <span className="block text-xs font-bold uppercase tracking-wide text-slate-400">
                    {ASSET_TEXT[asset]}
                  </span>
                  <span data-testid={`menu-balance-${asset}`} className="block text-xl font-black text-white">
                    {formatAmount(balance?.available ?? '0')}
                  </span>
                  <span className="block text-xs text-slate-400">
                    earned {formatAmount(balance?.originalAvailable ?? '0')} in total
                  </span>
                </button>
              );
            })}
          </div>
          <LedgerList memberId={info.id} assetType={assetType} />
          <Link
            to={CHECK_IN_ROUTE.path}
            onClick={() => onOpenChange(false)}
            className="inline-flex w-full items-center justify-center rounded-2xl bg-lime px-5 py-3 text-sm font-black uppercase tracking-wide text-arena-950 transition hover:brightness-110"
          >
            Daily check-in
          </Link>
          <div className="grid grid-cols-3 gap-2">
            <Link
              to={ROUTES.wallet.path}
              onClick={() => onOpenChange(false)}
              className="inline-flex items-center justify-center rounded-2xl border border-white/25 px-4 py-2.5 text-sm font-black uppercase tracking-wide text-white"
            >
              Wallet
            </Link>
            <Link
              to={ROUTES.coin.path}
              onClick={() => onOpenChange(false)}
              className="inline-flex items-center justify-center rounded-2xl border border-lime/50 px-4 py-2.5 text-sm font-black uppercase tracking-wide text-lime"
            >
              Buy OJO
            </Link>
            <Link
              to={ROUTES.redeem.path}
              onClick={() => onOpenChange(false)}
              className="inline-flex items-center justify-center rounded-2xl border border-cyan/50 px-4 py-2.5 text-sm font-black uppercase tracking-wide text-cyan"
            >
              Redeem
            </Link>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
