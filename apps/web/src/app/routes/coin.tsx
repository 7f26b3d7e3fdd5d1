import { Link } from 'react-router';
import { Page } from '@/components/ui/page';
import { ROUTES } from '@/config/routes';
import { BuyOjoScreen } from '@/features/coin/components/buy-ojo-screen';
import { payThroughAccountProvider } from '../coin/pay-through-account-provider';
import { PlayerGate } from '../coin/player-gate';

export function Component() {
  return (
    <Page title={ROUTES.coin.title} description="Buy OJO with ETH, by amount or as a discount package.">
      <PlayerGate>
        {(account) => <BuyOjoScreen account={account} payer={payThroughAccountProvider} />}
      </PlayerGate>
      <nav aria-label="Coin" className="mt-6 flex flex-wrap gap-4 text-sm font-bold text-cyan">
        <Link to={ROUTES.wallet.path} className="underline">
          Add ETH in your wallet
        </Link>
        <Link to={ROUTES.coinHistory.path} className="underline">
          Coin history
        </Link>
        <Link to={ROUTES.redeem.path} className="underline">
          Redeem OJO
        </Link>
      </nav>
    </Page>
  );
}
