import type { AssetType } from '@ojo/domain/enums';
import { formatAmount } from '@ojo/domain/format/amount';
import { formatMonthDayTime } from '@ojo/domain/format/date';
import { ASSET_TEXT } from '@ojo/domain/messages';
import { Spinner } from '@/components/ui/spinner';
import { usePointLedgers } from '../api/get-point-ledgers';
import { ledgerLabel } from '../lib/ledger-label';

/** The newest page (20) of the player's ledger of one asset (product.md 7 point ledgers), signed amounts, MM/DD HH:mm. */
export function LedgerList({ memberId, assetType }: { memberId: string; assetType: AssetType }) {
  const ledgers = usePointLedgers(memberId, assetType);
  if (ledgers.isPending) return <Spinner label="Loading the ledger" className="self-center py-4" />;
  if (ledgers.isError) return <p className="text-sm text-rose-300">The ledger could not be loaded.</p>;
  const entries = ledgers.data?.pointLedgers ?? [];
  if (entries.length === 0) {
    return <p className="py-4 text-center text-sm text-slate-400">No {ASSET_TEXT[assetType]} entries yet.</p>;
  }
  return (
    <ul
      aria-label={`${ASSET_TEXT[assetType]} ledger`}
      className="-mx-1 flex min-h-0 flex-col overflow-y-auto px-1"
    >
      {entries.map((entry) => {
        const isCredit = !entry.amount.startsWith('-');
        return (
          <li
            key={entry.id}
            data-testid="ledger-entry"
            className="flex items-center justify-between gap-3 border-b border-white/5 py-2 text-sm last:border-0"
          >
            <span className="min-w-0">
              <span className="block truncate font-semibold text-white">
                {ledgerLabel(entry.businessType)}
              </span>
              <span className="block text-xs text-slate-400">{formatMonthDayTime(entry.created)}</span>
            </span>
            <span className={`shrink-0 font-black ${isCredit ? 'text-lime' : 'text-rose-300'}`}>
              {isCredit ? '+' : ''}
              {formatAmount(entry.amount)} {ASSET_TEXT[entry.assetType]}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
