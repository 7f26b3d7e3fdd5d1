import { env } from './config/env';

/** The account provider (DESIGN.md section 6). Accounts, signing and approvals come with the login issue. */
export function App() {
  return (
    <main className="wallet">
      <title>{env.providerName}</title>
      <h1 className="wallet__title">{env.providerName}</h1>
      <p className="wallet__lead">
        The account provider of {env.productName}: the smart account you sign in with lives here, in this
        browser.
      </p>
    </main>
  );
}
