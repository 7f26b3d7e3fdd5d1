import { useEffect, useState } from 'react';
import type { InjectedWallet } from '../api/link-wallet';

/** EIP-6963: the injected wallets that announce themselves (any wallet extension can be linked). */
export function useInjectedWallets(): InjectedWallet[] {
  const [wallets, setWallets] = useState<InjectedWallet[]>([]);
  useEffect(() => {
    const onAnnounce = (event: Event) => {
      const detail = (event as CustomEvent<InjectedWallet>).detail;
      if (!detail?.info?.uuid || !detail.provider) return;
      setWallets((known) =>
        known.some((wallet) => wallet.info.uuid === detail.info.uuid) ? known : [...known, detail],
      );
    };
    window.addEventListener('eip6963:announceProvider', onAnnounce);
    window.dispatchEvent(new Event('eip6963:requestProvider'));
    return () => window.removeEventListener('eip6963:announceProvider', onAnnounce);
  }, []);
  return wallets;
}
