import { WALLET_CHANNEL } from '@ojo/domain/wallet/popup-protocol';
import { defineChain } from 'viem';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createConfig, http } from 'wagmi';
import { connect, disconnect, getAccount } from 'wagmi/actions';
import { createAccountProvider } from './account-provider';
import { ACCOUNT_PROVIDER_CONNECTOR_ID, accountProviderConnector } from './wagmi-connector';

const WALLET_ORIGIN = 'http://localhost:3003';
const ACCOUNT = '0x00000000000000000000000000000000000000A1';
const chain = defineChain({
  id: 11124,
  name: 'local',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:1'] } },
});

/** The wallet popup's side of the protocol for one answer: ready, then the response to the first request. */
function popupAnswering(answer: Record<string, unknown>) {
  const popup = {
    closed: false,
    postMessage(message: { id: string }) {
      queueMicrotask(() =>
        window.dispatchEvent(
          new MessageEvent('message', {
            data: { channel: WALLET_CHANNEL, type: 'response', id: message.id, ...answer },
            origin: WALLET_ORIGIN,
            source: popup as unknown as Window,
          }),
        ),
      );
    },
    close() {
      popup.closed = true;
    },
    focus() {},
  };
  return popup;
}

function setup(answer: Record<string, unknown>) {
  const popup = popupAnswering(answer);
  vi.spyOn(window, 'open').mockImplementation(() => {
    queueMicrotask(() =>
      window.dispatchEvent(
        new MessageEvent('message', {
          data: { channel: WALLET_CHANNEL, type: 'ready' },
          origin: WALLET_ORIGIN,
          source: popup as unknown as Window,
        }),
      ),
    );
    return popup as unknown as Window;
  });
  const provider = createAccountProvider({
    walletOrigin: WALLET_ORIGIN,
    chainId: 11124,
    rpcUrl: 'http://127.0.0.1:1',
  });
  const config = createConfig({
    chains: [chain],
    connectors: [accountProviderConnector({ provider, name: 'Arena Wallet' })],
    transports: { [chain.id]: http() },
    storage: null,
    multiInjectedProviderDiscovery: false,
  });
  return { provider, config, connector: config.connectors[0]! };
}

describe('arena wallet connector', () => {
  afterEach(() => vi.restoreAllMocks());

  it('is named by configuration and connects the account the popup returns', async () => {
    const { config, connector, provider } = setup({ result: [ACCOUNT] });
    expect([connector.id, connector.name]).toEqual([ACCOUNT_PROVIDER_CONNECTOR_ID, 'Arena Wallet']);
    const result = await connect(config, { connector });
    expect(result).toMatchObject({ accounts: [ACCOUNT], chainId: 11124 });
    expect(getAccount(config)).toMatchObject({ address: ACCOUNT, status: 'connected' });

    await disconnect(config);
    expect(getAccount(config).status).toBe('disconnected');
    expect(provider.getAccounts()).toEqual([]);
    provider.close();
  });

  it('turns a Cancel in the popup into a user rejection', async () => {
    const { config, connector, provider } = setup({
      error: { code: 4001, message: 'User rejected the request.' },
    });
    await expect(connect(config, { connector })).rejects.toMatchObject({
      name: 'UserRejectedRequestError',
      code: 4001,
    });
    expect(getAccount(config).status).toBe('disconnected');
    provider.close();
  });
});
