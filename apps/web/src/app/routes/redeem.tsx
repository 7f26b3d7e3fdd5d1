import { Page } from '@/components/ui/page';
import { ROUTES } from '@/config/routes';
import { RedeemScreen } from '@/features/coin/components/redeem-screen';
import { PlayerGate } from '../coin/player-gate';

export function Component() {
  return (
    <Page title={ROUTES.redeem.title} description="Redeem (withdraw) your OJO for ETH.">
      <PlayerGate>{() => <RedeemScreen historyPath={ROUTES.redeemHistory.path} />}</PlayerGate>
    </Page>
  );
}
