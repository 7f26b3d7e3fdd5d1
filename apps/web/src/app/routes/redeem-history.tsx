import { Page } from '@/components/ui/page';
import { ROUTES } from '@/config/routes';
import { RedeemHistoryScreen } from '@/features/coin/components/redeem-history-screen';
import { PlayerGate } from '../coin/player-gate';

export function Component() {
  return (
    <Page
      title={ROUTES.redeemHistory.title}
      description="Your redeem requests; a request still pending can be cancelled."
    >
      <PlayerGate>{() => <RedeemHistoryScreen />}</PlayerGate>
    </Page>
  );
}
