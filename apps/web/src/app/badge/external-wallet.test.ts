import { afterEach, describe, expect, it } from 'vitest';
import { announceExternalWallet, EXTERNAL_WALLET_INFO, isExternalWalletModeOffered } from './external-wallet';

describe('the account provider external-wallet mode as an EIP-6963 wallet', () => {
  let cleanup = () => {};
  afterEach(() => cleanup());

  it('is offered for a local account provider only', () => {
    expect(isExternalWalletModeOffered('http://localhost:3003')).toBe(true);
    expect(isExternalWalletModeOffered('http://127.0.0.1:3103')).toBe(true);
    expect(isExternalWalletModeOffered('https://wallet.example.com')).toBe(false);
  });

  it('announces itself at once and on every eip6963:requestProvider, until cleaned up', () => {
    const announced: unknown[] = [];
    const onAnnounce = (event: Event) => announced.push((event as CustomEvent).detail);
    window.addEventListener('eip6963:announceProvider', onAnnounce);
    try {
      cleanup = announceExternalWallet();
      expect(announced).toHaveLength(1);
      expect(announced[0]).toMatchObject({ info: EXTERNAL_WALLET_INFO });
      expect(typeof (announced[0] as { provider: { request: unknown } }).provider.request).toBe('function');
      window.dispatchEvent(new Event('eip6963:requestProvider'));
      expect(announced).toHaveLength(2);
      cleanup();
      window.dispatchEvent(new Event('eip6963:requestProvider'));
      expect(announced).toHaveLength(2);
    } finally {
      window.removeEventListener('eip6963:announceProvider', onAnnounce);
    }
  });
});
