import { useEffect, useState } from 'react';
import { useStore } from 'zustand';
import type { WalletEnv } from '../config/env';
import { announceReady, createMessageHandler, type MessageTarget } from '../protocol/message-handler';
import { createPromptQueue } from '../rpc/prompts';
import { createWalletServices, type WalletMode, type WalletServices } from '../wallet-services';
import { originHost } from './format';
import { ConnectView, SessionKeyView, SignView, TransactionView } from './prompt-views';

/**
 * `/popup`: opened by the app with window.open. Answers the opener's EIP-1193 requests over postMessage (trusted
 * origins only) and asks the person before any account is shared, anything is signed or sent.
 */
export function PopupPage({ env, mode = 'smart-account' }: { env: WalletEnv; mode?: WalletMode }) {
  const [queue] = useState(createPromptQueue);
  const [services, setServices] = useState<WalletServices>();
  const [failure, setFailure] = useState<string>();
  const [appOrigin, setAppOrigin] = useState<string>();
  const [hasOpener] = useState(() => Boolean(window.opener));
  const pending = useStore(queue.pending);

  useEffect(() => {
    const ready = createWalletServices(env, queue, mode);
    ready.then(setServices, () => setFailure('This browser does not let the wallet keep keys (IndexedDB).'));
    const onMessage = createMessageHandler({
      trustedOrigins: env.trustedOrigins,
      getOpener: () => window.opener,
      handleRequest: async (request) => {
        setAppOrigin(request.origin);
        return (await ready).handleRequest(request);
      },
    });
    window.addEventListener('message', onMessage);
    if (window.opener) announceReady(window.opener as MessageTarget, env.trustedOrigins);
    const onPageHide = () => queue.cancelAll();
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('message', onMessage);
      window.removeEventListener('pagehide', onPageHide);
    };
  }, [env, queue, mode]);

  const current = pending[0];
  const approve = (answer?: Parameters<typeof queue.approve>[1]) =>
    current && queue.approve(current.id, answer);
  const cancel = () => current && queue.cancel(current.id);

  let body: React.ReactNode;
  if (failure) {
    body = (
      <p className="wallet__error" role="alert">
        {failure}
      </p>
    );
  } else if (current && services) {
    const { prompt } = current;
    if (prompt.kind === 'connect') {
      body = (
        <ConnectView
          pending={{ ...current, prompt }}
          accounts={services.accounts}
          mode={mode}
          onApprove={approve}
          onCancel={cancel}
        />
      );
    } else if (prompt.kind === 'sign') {
      body = <SignView pending={{ ...current, prompt }} onApprove={approve} onCancel={cancel} />;
    } else if (prompt.kind === 'transaction') {
      body = <TransactionView pending={{ ...current, prompt }} onApprove={approve} onCancel={cancel} />;
    } else {
      body = <SessionKeyView pending={{ ...current, prompt }} onApprove={approve} onCancel={cancel} />;
    }
  } else if (!hasOpener) {
    body = (
      <p className="wallet__muted" role="status">
        This window answers {env.productName}. Open it from the app's login button.
      </p>
    );
  } else {
    body = (
      <p className="wallet__muted" role="status">
        {appOrigin
          ? `Connected to ${originHost(appOrigin)}. Keep this window open while the app needs it.`
          : 'Waiting for the app…'}
      </p>
    );
  }

  return (
    <main className="wallet wallet--popup">
      <header className="wallet__header">
        <span className="wallet__logo" aria-hidden="true" />
        <h1 className="wallet__title">
          {mode === 'external' ? `${env.providerName} (external key)` : env.providerName}
        </h1>
        {appOrigin ? <span className="wallet__origin">{originHost(appOrigin)}</span> : null}
      </header>
      {body}
      <footer className="wallet__footer wallet__small">
        Your keys stay in this browser, on {window.location.host}.
      </footer>
    </main>
  );
}
