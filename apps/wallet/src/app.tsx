import { env } from './config/env';
import { PopupPage } from './ui/popup-page';
import { walletModeOf } from './wallet-services';

/** The account provider (ARCHITECTURE.md (Accounts and sign-in)): `/popup` is what the app opens; `/` says what this is. */
export function App({ pathname = window.location.pathname, search }: { pathname?: string; search?: string }) {
  if (pathname.replace(/\/+$/, '') === '/popup')
    return <PopupPage env={env} mode={walletModeOf(search ?? window.location.search)} />;
  return (
    <main className="wallet">
      <title>{env.providerName}</title>
      <h1 className="wallet__title">{env.providerName}</h1>
      <p className="wallet__lead">
        The account provider of {env.productName}: the smart account you sign in with lives here, in this
        browser. Locally it also offers a plain external wallet (an externally owned key) to link for asset
        badges.
      </p>
    </main>
  );
}
