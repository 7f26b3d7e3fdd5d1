import { Page } from '@/components/ui/page';
import { ROUTES } from '@/config/routes';
import { CoinHistoryScreen } from '@/features/coin/components/coin-history-screen';
import { payThroughAccountProvider } from '../coin/pay-through-account-provider';
import { PlayerGate } from '../coin/player-gate';

export function Component() {
  return (
    <Page title={ROUTES.coinHistory.title} description="Your OJO purchases.">
      <PlayerGate>
        {(account) => <CoinHistoryScreen account={account} payer={payThroughAccountProvider} />}
      </PlayerGate>
    </Page>
  );
}
